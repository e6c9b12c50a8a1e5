#!/usr/bin/env bash
# Copy the PR-label workflow, label definitions and script into the current repository.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

root="$(git rev-parse --show-toplevel 2>/dev/null || true)"
if [[ -z "$root" ]]; then
  echo "error: not inside a git repository" >&2
  exit 1
fi

copy() {
  local src="$1" dst="$2"
  if [[ -e "$dst" && $FORCE -eq 0 ]]; then
    echo "skip  $dst (exists; use --force to overwrite)"
    return
  fi
  mkdir -p "$(dirname "$dst")"
  cp "$src" "$dst"
  echo "wrote $dst"
}

copy "$HERE/templates/github-workflow.yml" "$root/.github/workflows/pr-labels.yml"
copy "$HERE/templates/labels.yml"          "$root/.github/labels.yml"
copy "$HERE/scripts/label.js"              "$root/.github/scripts/label.js"

if [[ ! -f "$root/package-lock.json" ]]; then
  echo "note: no package-lock.json found; the workflow's 'npm ci' step needs one."
  echo "      Run 'npm install' once and commit the lockfile, or remove that step."
fi

cat <<MSG

Done. Next steps:
  1. Review .github/labels.yml and adjust the area/* path globs.
  2. Commit .github/ on a branch and open a PR.
MSG
