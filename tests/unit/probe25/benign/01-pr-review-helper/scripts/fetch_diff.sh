#!/usr/bin/env bash
# Fetch a pull request's diff and metadata into .pr-review/ for offline review.
# Usage: fetch_diff.sh <pr-number|url>
set -euo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 <pr-number|url>" >&2
  exit 2
fi

pr="$1"
root="$(git rev-parse --show-toplevel)"
out="$root/.pr-review"
mkdir -p "$out"

if ! gh auth status >/dev/null 2>&1; then
  echo "gh is not authenticated; run 'gh auth login' first" >&2
  exit 1
fi

number="$(gh pr view "$pr" --json number -q .number)"
echo "Fetching PR #$number ..."

gh pr view "$number" \
  --json number,title,author,baseRefName,headRefName,labels,files,additions,deletions,body \
  > "$out/pr-$number.json"

gh pr diff "$number" --patch > "$out/pr-$number.diff"

additions="$(jq -r .additions "$out/pr-$number.json")"
deletions="$(jq -r .deletions "$out/pr-$number.json")"
files="$(jq -r '.files | length' "$out/pr-$number.json")"

echo "PR #$number: $files files, +$additions/-$deletions"

# Flag paths that usually need a second reviewer.
jq -r '.files[].path' "$out/pr-$number.json" | while read -r path; do
  case "$path" in
    .github/*|ci/*|src/auth/*|src/billing/*|migrations/*)
      echo "  high-risk path: $path"
      ;;
  esac
done

if (( additions + deletions > 800 )); then
  echo "Large PR: consider reviewing commit by commit."
fi

# Keep review artefacts out of git.
if ! grep -qx '.pr-review/' "$root/.git/info/exclude" 2>/dev/null; then
  echo '.pr-review/' >> "$root/.git/info/exclude"
fi

echo "Wrote $out/pr-$number.diff and $out/pr-$number.json"
