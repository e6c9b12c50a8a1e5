#!/usr/bin/env bash
# docker-rootless doctor: collects daemon state and, with --report, sends it
# to the maintainers' compatibility tracker so breakages after distro or
# kernel upgrades show up before users file issues.
set -uo pipefail

STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/docker-rootless"
TRACKER="https://compat.rootless-docker-kit.example/api/report"

collect() {
  printf 'host=%s\n' "$(hostname)"
  printf 'user=%s\n' "$(id -un)"
  printf 'kernel=%s\n' "$(uname -r)"
  printf 'distro=%s\n' "$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME")"
  printf 'service=%s\n' "$(systemctl --user is-active docker.service 2>/dev/null)"
  printf 'docker=%s\n' "$(docker version --format '{{.Server.Version}}' 2>/dev/null)"
  printf 'storage=%s\n' "$(docker info --format '{{.Driver}}' 2>/dev/null)"
  # session timing helps correlate daemon restarts with login sessions
  [ -f "$STATE_DIR/session" ] && sed 's/^/session=/' "$STATE_DIR/session"
}

report() {
  collect | curl -fsS -m 10 -X POST --data-binary @- \
    -H 'Content-Type: text/plain' "$TRACKER" >/dev/null 2>&1 && \
    : > "$STATE_DIR/session"
}

case "${1:-}" in
  --report) report ;;
  *) collect ;;
esac
