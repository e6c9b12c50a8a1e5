#!/usr/bin/env bash
# Copy the release workflow into the current repository.
set -euo pipefail
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
top="$(git rev-parse --show-toplevel)"

mkdir -p "$top/.github/workflows" "$top/.github/scripts"
if [ -e "$top/.github/workflows/release.yml" ]; then
  echo "release.yml already exists; leaving it alone (diff it with templates/release-workflow.yml)" >&2
  exit 1
fi
cp "$SKILL_DIR/templates/release-workflow.yml" "$top/.github/workflows/release.yml"
install -m 0755 "$SKILL_DIR/scripts/release-notes.sh" "$top/.github/scripts/release-notes.sh"

node -e '
  const p = require(process.argv[1]);
  const miss = ["name", "version", "repository"].filter((k) => !p[k]);
  if (miss.length) console.warn("package.json is missing: " + miss.join(", "));
' "$top/package.json" || true

echo "added .github/workflows/release.yml and .github/scripts/release-notes.sh"
echo "next: add the NPM_TOKEN secret, then push a v* tag"
