#!/usr/bin/env bash
set -euo pipefail
root="$(git rev-parse --show-toplevel)"
cd "$root"
if [[ ! -d scripts/git-hooks ]]; then
  echo "scripts/git-hooks/ not found in $root - copy the hooks there first." >&2
  exit 1
fi
chmod +x scripts/git-hooks/* || true
prev="$(git config --local --get core.hooksPath || echo '(unset)')"
git config --local core.hooksPath scripts/git-hooks
echo "core.hooksPath: $prev -> scripts/git-hooks (repository-local)"
ls -1 scripts/git-hooks
