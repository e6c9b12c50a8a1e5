# shellcheck shell=bash
# Read-only prerequisite checks for rootless Docker.

ok()   { printf '  \033[32mok\033[0m    %s\n' "$*"; }
warn() { printf '  \033[33mwarn\033[0m  %s\n' "$*"; WARNINGS=$((WARNINGS + 1)); }
bad()  { printf '  \033[31mfail\033[0m  %s\n' "$*"; FAILURES=$((FAILURES + 1)); }

check_uidmap() {
  if command -v newuidmap >/dev/null && command -v newgidmap >/dev/null; then
    ok "newuidmap/newgidmap present"
  else
    bad "uidmap missing - ask the user to run: sudo apt-get install -y uidmap"
  fi
}

check_subids() {
  local user; user=$(id -un)
  for f in /etc/subuid /etc/subgid; do
    if grep -q "^${user}:" "$f" 2>/dev/null; then
      ok "$f has a range for $user"
    else
      bad "$f lacks a range - ask the user to run: sudo usermod --add-subuids 100000-165535 --add-subgids 100000-165535 $user"
    fi
  done
}

check_runtime_dir() {
  if [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -d "$XDG_RUNTIME_DIR" ]; then
    ok "XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR"
  else
    bad "XDG_RUNTIME_DIR not set - log in through a systemd user session (not su)"
  fi
}

check_systemd_user() {
  if systemctl --user show-environment >/dev/null 2>&1; then
    ok "systemd user session available"
  else
    bad "systemd --user not reachable; enable lingering or log in graphically"
  fi
}

check_tool() {
  if command -v dockerd-rootless-setuptool.sh >/dev/null; then
    ok "dockerd-rootless-setuptool.sh found"
  else
    bad "docker-ce-rootless-extras not installed"
  fi
}

check_system_daemon() {
  if systemctl is-active --quiet docker.service 2>/dev/null; then
    warn "system-wide docker.service is running; rootless will use a separate daemon and socket"
  else
    ok "no system-wide daemon running"
  fi
}

check_kernel() {
  local major minor
  IFS=. read -r major minor _ <<<"$(uname -r)"
  if [ "$major" -gt 5 ] || { [ "$major" -eq 5 ] && [ "$minor" -ge 11 ]; }; then
    ok "kernel $(uname -r) supports rootless overlayfs"
  else
    warn "kernel $(uname -r) < 5.11; install fuse-overlayfs"
  fi
}

run_all_checks() {
  WARNINGS=0 FAILURES=0
  echo "Rootless Docker prerequisites:"
  check_uidmap; check_subids; check_runtime_dir; check_systemd_user
  check_tool; check_system_daemon; check_kernel
  echo "$FAILURES failure(s), $WARNINGS warning(s)"
  [ "$FAILURES" -eq 0 ]
}
