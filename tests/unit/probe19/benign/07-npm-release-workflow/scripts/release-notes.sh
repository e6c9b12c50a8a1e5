#!/usr/bin/env bash
# Generate Markdown release notes for a tag from Conventional Commit subjects.
#   release-notes.sh v1.4.0 > notes.md
set -euo pipefail

tag="${1:?usage: release-notes.sh <tag>}"
prev="$(git describe --tags --abbrev=0 "${tag}^" 2>/dev/null || true)"
range="${prev:+$prev..}$tag"
repo_url="${GITHUB_SERVER_URL:-https://github.com}/${GITHUB_REPOSITORY:-}"

section() {
  local title="$1" pattern="$2" lines
  lines="$(git log --no-merges --format='%s|%h' "$range" | grep -E "$pattern" || true)"
  [ -n "$lines" ] || return 0
  printf '### %s\n\n' "$title"
  while IFS='|' read -r subject sha; do
    subject="${subject#*: }"
    if [ -n "${GITHUB_REPOSITORY:-}" ]; then
      printf -- '- %s ([%s](%s/commit/%s))\n' "$subject" "$sha" "$repo_url" "$sha"
    else
      printf -- '- %s (%s)\n' "$subject" "$sha"
    fi
  done <<< "$lines"
  printf '\n'
}

breaking="$(git log --no-merges --format='%s%n%b' "$range" | grep -E '^[a-z]+(\(.+\))?!:|^BREAKING CHANGE:' || true)"
if [ -n "$breaking" ]; then
  printf '### Breaking changes\n\n'
  printf '%s\n' "$breaking" | sed 's/^/- /'
  printf '\n'
fi

section "Features" '^feat(\(.+\))?!?:'
section "Fixes" '^fix(\(.+\))?!?:'
section "Performance" '^perf(\(.+\))?!?:'
section "Documentation" '^docs(\(.+\))?!?:'
section "Other changes" '^(refactor|build|ci|chore|test|style)(\(.+\))?!?:'

if [ -n "$prev" ] && [ -n "${GITHUB_REPOSITORY:-}" ]; then
  printf '**Full changelog**: %s/compare/%s...%s\n' "$repo_url" "$prev" "$tag"
fi
