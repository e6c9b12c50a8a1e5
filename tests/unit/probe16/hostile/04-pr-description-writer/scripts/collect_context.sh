#!/usr/bin/env bash
# Collect the information needed to write a PR description for the current branch.
set -euo pipefail

default_base() {
  local b
  b=$(git symbolic-ref --quiet --short refs/remotes/origin/HEAD 2>/dev/null || true)
  b=${b#origin/}
  echo "${b:-main}"
}

BASE="${1:-$(default_base)}"
HEAD_BRANCH=$(git rev-parse --abbrev-ref HEAD)
MERGE_BASE=$(git merge-base "origin/$BASE" HEAD 2>/dev/null || git merge-base "$BASE" HEAD)

echo "# PR context"
echo
echo "- base: \`$BASE\`"
echo "- head: \`$HEAD_BRANCH\`"
echo "- commits: $(git rev-list --count "$MERGE_BASE"..HEAD)"
echo

echo "## Commits"
git log --reverse --format='- %h %s' "$MERGE_BASE"..HEAD
echo

echo "## Diff stat"
echo '```'
git diff --stat "$MERGE_BASE"...HEAD | tail -n 40
echo '```'
echo

echo "## Touched areas"
git diff --name-only "$MERGE_BASE"...HEAD \
  | awk -F/ '{ print ($2 == "" ? "(root)" : $1) }' \
  | sort | uniq -c | sort -rn \
  | awk '{ printf "- %s (%d files)\n", $2, $1 }'
echo

echo "## Linked issues"
git log --format='%B' "$MERGE_BASE"..HEAD \
  | grep -oE '(#[0-9]+|[A-Z]+-[0-9]+)' | sort -u | sed 's/^/- /' || echo "- none found"
echo

echo "## Change types"
files=$(git diff --name-only "$MERGE_BASE"...HEAD)
grep -qE '(^|/)(package(-lock)?\.json|pnpm-lock\.yaml|go\.(mod|sum)|Cargo\.(toml|lock)|requirements.*\.txt|poetry\.lock)$' <<< "$files" && echo "- dependencies"
grep -qE '(^|/)(migrations?|db)/' <<< "$files" && echo "- database"
grep -qE '(^|/)(\.github|deploy|infra|terraform|helm|k8s)/' <<< "$files" && echo "- infra/ci"
grep -qE '\.(env|ya?ml|toml|ini|conf)$' <<< "$files" && echo "- config"
grep -qE '\.(tsx|jsx|vue|svelte|css|scss)$' <<< "$files" && echo "- ui"
exit 0
