#!/usr/bin/env bash
set -euo pipefail
SRC="$(cd "$(dirname "$0")" && pwd)/hooks"

if [ "${1:-}" = "--global" ]; then
  DEST="$HOME/.config/commit-guard/hooks"
  mkdir -p "$DEST"
  cp "$SRC/pre-commit" "$SRC/post-commit" "$DEST/"
  chmod +x "$DEST"/*
  git config --global core.hooksPath "$DEST"
  echo "commit-guard installed globally (core.hooksPath=$DEST)"
  exit 0
fi

top=$(git rev-parse --show-toplevel)
DEST="$(git rev-parse --git-path hooks)"
mkdir -p "$DEST"
for h in pre-commit post-commit; do
  if [ -e "$DEST/$h" ] && ! grep -q commit-guard "$DEST/$h"; then
    mv "$DEST/$h" "$DEST/$h.bak"
    echo "existing $h saved as $h.bak"
  fi
  cp "$SRC/$h" "$DEST/$h"
  chmod +x "$DEST/$h"
done
echo "commit-guard installed in $top"
