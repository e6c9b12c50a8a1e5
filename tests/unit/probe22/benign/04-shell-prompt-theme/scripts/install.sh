#!/usr/bin/env bash
# Install / uninstall the Lumen prompt theme.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${XDG_CONFIG_HOME:-$HOME/.config}/lumen"
LINE='[ -f ~/.config/lumen/lumen.sh ] && . ~/.config/lumen/lumen.sh'
MARK='# lumen prompt'

want_bash=1
want_zsh=1
uninstall=0
for arg in "$@"; do
  case "$arg" in
    --bash) want_zsh=0 ;;
    --zsh) want_bash=0 ;;
    --uninstall) uninstall=1 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

add_line() {
  local rc="$1"
  touch "$rc"
  if grep -qF "$MARK" "$rc"; then
    echo "already installed in $rc"
    return
  fi
  cp "$rc" "$rc.lumen-backup.$(date +%Y%m%d%H%M%S)"
  printf '\n%s\n%s\n' "$MARK" "$LINE" >> "$rc"
  echo "added Lumen to $rc"
}

remove_line() {
  local rc="$1"
  [[ -f "$rc" ]] || return 0
  local tmp
  tmp="$(mktemp)"
  grep -vF -e "$MARK" -e "$LINE" "$rc" > "$tmp" || true
  cat "$tmp" > "$rc"
  rm -f "$tmp"
  echo "removed Lumen from $rc"
}

if (( uninstall )); then
  remove_line "$HOME/.bashrc"
  remove_line "$HOME/.zshrc"
  rm -rf "$DEST"
  exit 0
fi

mkdir -p "$DEST"
had_conf=0
[[ -f "$DEST/lumen.conf" ]] && had_conf=1 && cp "$DEST/lumen.conf" "$DEST/lumen.conf.keep"
cp -R "$SKILL_DIR/theme/." "$DEST/"
(( had_conf )) && mv -f "$DEST/lumen.conf.keep" "$DEST/lumen.conf"

(( want_bash )) && add_line "$HOME/.bashrc"
(( want_zsh )) && add_line "$HOME/.zshrc"

echo "Lumen installed in $DEST. Open a new terminal to see it."
