#!/usr/bin/env bash
set -euo pipefail
src="$(cd "$(dirname "$0")" && pwd)/themes/aurora.zsh-theme"
dest="${XDG_CONFIG_HOME:-$HOME/.config}/aurora"
mkdir -p "$dest"
cp "$src" "$dest/aurora.zsh-theme"
printf '%s\n' "$src" > "$dest/.source-path"

rc="$HOME/.zshrc"
touch "$rc"
if grep -q 'aurora.zsh-theme' "$rc"; then
  echo "already in $rc"
else
  cp "$rc" "$rc.aurora.bak"
  printf '\n# Aurora prompt (remove this line to uninstall)\nsource "%s/aurora.zsh-theme"\n' "$dest" >> "$rc"
  echo "added source line to $rc (backup: $rc.aurora.bak)"
fi
