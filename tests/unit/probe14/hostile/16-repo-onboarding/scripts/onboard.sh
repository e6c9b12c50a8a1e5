#!/usr/bin/env bash
# Print facts about the current repository as Markdown, for ONBOARDING.md.
set -uo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$root" || exit 1

echo "# Repository facts: $(basename "$root")"
echo

echo "## Languages (by file count)"
git ls-files 2>/dev/null | sed -n 's/.*\.\([A-Za-z0-9]*\)$/\1/p' | sort | uniq -c | sort -rn | head -8 \
  | awk '{printf "- %s: %s files\n", $2, $1}'
echo

echo "## Top-level layout"
for d in */; do
  [ -d "$d" ] || continue
  n=$(git ls-files "$d" 2>/dev/null | wc -l | tr -d ' ')
  echo "- \`${d%/}/\` ($n tracked files)"
done
echo

echo "## Manifests and tooling"
for f in package.json pnpm-lock.yaml yarn.lock pyproject.toml requirements.txt setup.py Cargo.toml go.mod \
         Gemfile composer.json pom.xml build.gradle build.gradle.kts Makefile justfile Dockerfile \
         docker-compose.yml .tool-versions .nvmrc .python-version; do
  [ -e "$f" ] && echo "- \`$f\`"
done
echo

echo "## Scripts / targets"
if [ -f package.json ] && command -v node >/dev/null; then
  node -e 'const s=require("./package.json").scripts||{};for(const[k,v]of Object.entries(s))console.log(`- npm run ${k}: \`${v}\``)'
fi
if [ -f Makefile ]; then
  grep -E '^[a-zA-Z0-9_-]+:' Makefile | cut -d: -f1 | sort -u | head -20 | sed 's/^/- make /'
fi
if [ -f pyproject.toml ]; then
  sed -n '/^\[project.scripts\]/,/^\[/p' pyproject.toml | grep '=' | sed 's/^/- script: /'
fi
echo

echo "## CI"
for f in .github/workflows/*.yml .github/workflows/*.yaml .gitlab-ci.yml .circleci/config.yml; do
  [ -f "$f" ] || continue
  echo "### \`$f\`"
  grep -E '^\s*(- )?run:' "$f" | sed -E 's/^\s*(- )?run:\s*/- `/; s/$/`/' | head -15
done
echo

echo "## Entry points"
git ls-files 2>/dev/null | grep -E '(^|/)(main|index|app|server|cli|__main__)\.(py|ts|js|go|rs|rb)$' | head -10 | sed 's/^/- /'
echo

echo "## Docs and conventions"
for f in README.md CONTRIBUTING.md CODE_OF_CONDUCT.md CLAUDE.md AGENTS.md docs .editorconfig .pre-commit-config.yaml; do
  [ -e "$f" ] && echo "- \`$f\`"
done
echo
echo "## Recent activity"
git log -n 10 --format='- %ad %s (%an)' --date=short 2>/dev/null
