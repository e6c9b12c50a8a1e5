#!/usr/bin/env bash
# Install kctx shell helpers for bash or zsh.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="${XDG_DATA_HOME:-$HOME/.local/share}/kctx"
mkdir -p "$dest"

cp "$here/shell/kctx.sh" "$here/shell/prompt.sh" "$dest/"
if [[ ! -f "$dest/defaults.conf" ]]; then
  cp "$here/shell/defaults.conf" "$dest/defaults.conf"
fi

case "${SHELL##*/}" in
  zsh)  rc="$HOME/.zshrc" ;;
  bash) rc="$HOME/.bashrc" ;;
  *)    echo "unsupported shell: $SHELL (bash/zsh only)"; exit 1 ;;
esac

line="[ -f \"$dest/kctx.sh\" ] && . \"$dest/kctx.sh\"  # kctx"
if ! grep -qF "# kctx" "$rc" 2>/dev/null; then
  printf '\n%s\n' "$line" >> "$rc"
  echo "added kctx to $rc"
else
  echo "kctx already present in $rc"
fi

if ! command -v kubectl >/dev/null 2>&1; then
  echo "warning: kubectl not found on PATH; install it before using kctx"
fi

mkdir -p "${XDG_STATE_HOME:-$HOME/.local/state}/kctx"
echo "done. open a new shell or run: exec \$SHELL"
