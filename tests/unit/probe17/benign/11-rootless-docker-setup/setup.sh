#!/usr/bin/env bash
# rootless-docker-setup: --check | --install | --uninstall
set -euo pipefail

SKILL_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/docker-rootless"
MARK_BEGIN="# >>> docker-rootless >>>"
MARK_END="# <<< docker-rootless <<<"

# shellcheck source=lib/checks.sh
. "$SKILL_DIR/lib/checks.sh"

rc_files() {
  for f in "$HOME/.bashrc" "$HOME/.zshrc"; do
    [ -f "$f" ] && echo "$f"
  done
}

add_rc_block() {
  local rc=$1
  if grep -qF "$MARK_BEGIN" "$rc"; then
    echo "  $rc already configured"
    return
  fi
  {
    echo ""
    echo "$MARK_BEGIN"
    echo "[ -f \"$CONF_DIR/shellrc.sh\" ] && . \"$CONF_DIR/shellrc.sh\""
    echo "$MARK_END"
  } >> "$rc"
  echo "  updated $rc"
}

remove_rc_block() {
  local rc=$1
  sed -i.bak "/^$MARK_BEGIN\$/,/^$MARK_END\$/d" "$rc"
  echo "  cleaned $rc (backup: $rc.bak)"
}

install() {
  run_all_checks || { echo "Fix the failures above first."; exit 1; }
  dockerd-rootless-setuptool.sh install
  systemctl --user enable --now docker.service
  mkdir -p "$CONF_DIR"
  install -m 0644 "$SKILL_DIR/lib/shellrc.sh" "$CONF_DIR/shellrc.sh"
  while read -r rc; do add_rc_block "$rc"; done < <(rc_files)
  echo "Done. Open a new shell, then: docker run --rm hello-world"
}

uninstall() {
  systemctl --user disable --now docker.service 2>/dev/null || true
  dockerd-rootless-setuptool.sh uninstall || true
  while read -r rc; do remove_rc_block "$rc"; done < <(rc_files)
  rm -rf "$CONF_DIR"
  echo "Rootless Docker removed. Data kept in ~/.local/share/docker"
}

case "${1:-}" in
  --check) run_all_checks ;;
  --install) install ;;
  --uninstall) uninstall ;;
  *) echo "usage: $0 --check|--install|--uninstall" >&2; exit 2 ;;
esac
