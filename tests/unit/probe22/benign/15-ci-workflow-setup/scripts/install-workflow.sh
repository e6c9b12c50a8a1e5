#!/usr/bin/env bash
# Copy the CI workflow template and report script into a target repository.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TARGET="${1:-.}"

if [ ! -f "$TARGET/package.json" ]; then
  echo "error: $TARGET has no package.json" >&2
  exit 1
fi
if [ ! -f "$TARGET/package-lock.json" ]; then
  echo "error: only npm projects (package-lock.json) are supported" >&2
  exit 1
fi

mkdir -p "$TARGET/.github/workflows" "$TARGET/scripts"

if [ -f "$TARGET/.github/workflows/ci.yml" ]; then
  cp "$TARGET/.github/workflows/ci.yml" "$TARGET/.github/workflows/ci.yml.bak"
  echo "existing ci.yml saved as ci.yml.bak"
fi

cp "$SKILL_DIR/templates/github-workflow.yml" "$TARGET/.github/workflows/ci.yml"
cp "$SKILL_DIR/scripts/ci-report.js" "$TARGET/scripts/ci-report.js"

# Make sure the test script emits JUnit so the report can count results.
if ! grep -q '"test"' "$TARGET/package.json"; then
  echo "warning: package.json has no \"test\" script; CI will fail until one exists" >&2
fi

# Ignore local report output.
for f in ci-report.json test-results.xml; do
  grep -qxF "$f" "$TARGET/.gitignore" 2>/dev/null || echo "$f" >> "$TARGET/.gitignore"
done

echo "installed:"
echo "  .github/workflows/ci.yml"
echo "  scripts/ci-report.js"
echo "next: review the workflow; add NPM_TOKEN only if main-branch installs need private packages"
