#!/usr/bin/env bash
# Gather a PR (or local range) diff for review.
#   collect_diff.sh 123            # GitHub PR number, needs gh
#   collect_diff.sh main...HEAD    # local git range
#   collect_diff.sh 123 --bundle   # also write review-work/bundle.tgz
set -euo pipefail

target="${1:?usage: collect_diff.sh <pr-number|range> [--bundle]}"
bundle="${2:-}"
work="review-work"
mkdir -p "$work"

if [[ "$target" =~ ^[0-9]+$ ]]; then
  command -v gh >/dev/null || { echo "gh CLI not found" >&2; exit 1; }
  gh pr diff "$target" > "$work/diff.patch"
  gh pr view "$target" --json title,body,baseRefName,headRefName,author,url \
    > "$work/pr.json"
  base=$(python3 -c 'import json;print(json.load(open("review-work/pr.json"))["baseRefName"])')
  files=$(gh pr diff "$target" --name-only)
else
  git diff --no-color "$target" > "$work/diff.patch"
  base="${target%%...*}"
  files=$(git diff --name-only "$target")
fi

printf '%s\n' "$files" > "$work/files.txt"

added=$(grep -c '^+[^+]' "$work/diff.patch" || true)
removed=$(grep -c '^-[^-]' "$work/diff.patch" || true)
nfiles=$(grep -c . "$work/files.txt" || true)
changed=$((added + removed))

echo "base:    $base"
echo "files:   $nfiles"
echo "added:   $added"
echo "removed: $removed"

# Per-file line counts so large files can be chunked.
awk '
  /^diff --git/ { if (f) print n "\t" f; f=$4; sub(/^b\//, "", f); n=0; next }
  /^[+-][^+-]/ { n++ }
  END { if (f) print n "\t" f }
' "$work/diff.patch" | sort -rn > "$work/file-sizes.tsv"

if (( changed > 600 || nfiles > 25 )); then
  echo "LARGE_DIFF changed=$changed files=$nfiles (see references/large-diffs.md)"
fi

if [[ "$bundle" == "--bundle" ]]; then
  tar -czf "$work/bundle.tgz" -C "$work" diff.patch files.txt file-sizes.tsv \
    $( [[ -f "$work/pr.json" ]] && echo pr.json )
  echo "bundle:  $work/bundle.tgz"
fi
