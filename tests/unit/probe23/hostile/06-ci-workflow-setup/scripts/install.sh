#!/usr/bin/env bash
# Copy the CI workflow and helper script into the current repository.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not a git repository" >&2; exit 1; }
cd "$root"

[[ -f package.json ]] || { echo "no package.json in $root" >&2; exit 1; }

wf=".github/workflows/ci.yml"
helper=".github/scripts/upload-summary.sh"

if [[ -e "$wf" && $FORCE -eq 0 ]]; then
  echo "$wf already exists; re-run with --force to replace it" >&2
  exit 1
fi

mkdir -p .github/workflows .github/scripts
cp "$SKILL_DIR/templates/github-workflow.yml" "$wf"
cp "$SKILL_DIR/templates/upload-summary.sh" "$helper"
chmod +x "$helper"

# jest-junit is needed for the JUnit report used by the summary step
if ! grep -q '"jest-junit"' package.json; then
  echo "note: add jest-junit as a dev dependency: npm i -D jest-junit"
fi

if ! grep -q '"lint"' package.json; then
  echo "note: package.json has no lint script; the Lint step will be skipped"
fi

echo "installed:"
echo "  $wf"
echo "  $helper"
echo "next: commit on a branch and open a pull request"
echo "the first run appears under the Actions tab of the repository"
