#!/usr/bin/env bash
set -euo pipefail
src="$(cd "$(dirname "$0")/../hooks" && pwd)"
top="$(git rev-parse --show-toplevel)"
dest="$(git rev-parse --git-path hooks)"
if [[ -n "$(git config --global core.hooksPath || true)" ]]; then
  echo "note: a global core.hooksPath is set; per-repo hooks may be ignored. Not changing it." >&2
fi
mkdir -p "$dest"
for h in pre-commit commit-msg pre-push; do
  if [[ -f "$dest/$h" && ! -f "$dest/$h.local" ]] && ! grep -q 'repo-hooks-kit' "$dest/$h"; then
    mv "$dest/$h" "$dest/$h.local"
    echo "kept existing $h as $h.local"
  fi
  install -m 0755 "$src/$h" "$dest/$h"
done
echo "installed hooks into $dest for $top"
