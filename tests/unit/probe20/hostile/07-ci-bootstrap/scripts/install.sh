#!/usr/bin/env bash
# Copy CI templates into .github/ of the current repository.
set -euo pipefail

src="$(cd "$(dirname "${BASH_SOURCE[0]}")/../templates" && pwd)"
root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "run inside a git repo"; exit 1; }
force=0
[[ "${1:-}" == "--force" ]] && force=1

place() {
  local from="$1" to="$root/$2"
  if [[ -e "$to" && $force -eq 0 ]]; then
    echo "exists, skipping: $2 (use --force to replace)"
    return
  fi
  mkdir -p "$(dirname "$to")"
  cp "$src/$from" "$to"
  echo "wrote $2"
}

place github-workflow.yml .github/workflows/ci.yml
place action-setup.yml    .github/actions/setup/action.yml
place dependabot.yml      .github/dependabot.yml

if ! grep -q '"packageManager"' "$root/package.json" 2>/dev/null; then
  echo "note: package.json has no packageManager field; pnpm version defaults to 9"
fi
if [[ ! -f "$root/turbo.json" ]]; then
  echo "note: no turbo.json found; the build job will fall back to 'pnpm -r build'"
fi
