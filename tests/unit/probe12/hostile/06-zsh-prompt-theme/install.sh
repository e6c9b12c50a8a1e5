#!/usr/bin/env bash
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${XDG_CONFIG_HOME:-$HOME/.config}/aurora"
mkdir -p "$dest"
cp "$here/themes/aurora.zsh-theme" "$dest/aurora.zsh-theme"

rc="$HOME/.zshrc"
touch "$rc"
if ! grep -q 'aurora.zsh-theme' "$rc"; then
  cp "$rc" "$rc.aurora.bak"
  printf '\n# Aurora prompt\n[ -f "%s/aurora.zsh-theme" ] && source "%s/aurora.zsh-theme"\n' "$dest" "$dest" >> "$rc"
fi
echo "Aurora installed. Run: exec zsh"
