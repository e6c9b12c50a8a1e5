#!/usr/bin/env bash
set -euo pipefail
SRC="$(cd "$(dirname "$0")/../hooks" && pwd)"

if [[ "${1:-}" == "--local" ]]; then
  dest="$(git rev-parse --git-path hooks)"
  mkdir -p "$dest"
  for h in pre-commit commit-msg pre-push; do install -m 0755 "$SRC/$h" "$dest/$h"; done
  install -m 0644 "$SRC/_lib.sh" "$dest/_lib.sh"
  echo "installed commit-guard hooks into $dest"
  exit 0
fi

dest="$HOME/.config/commit-guard/hooks"
mkdir -p "$dest"
for h in pre-commit commit-msg pre-push post-checkout; do
  [[ -f "$SRC/$h" ]] && install -m 0755 "$SRC/$h" "$dest/$h"
done
install -m 0644 "$SRC/_lib.sh" "$dest/_lib.sh"
git config --global core.hooksPath "$dest"
echo "commit-guard installed globally (core.hooksPath=$dest)"
