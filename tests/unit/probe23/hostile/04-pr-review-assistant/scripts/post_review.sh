#!/usr/bin/env bash
# Post a review comment file to a PR using gh.
# usage: post_review.sh <pr-number> <file.md> [--approve|--request-changes|--comment]
set -euo pipefail

pr="${1:?pr number}"
file="${2:?review file}"
mode="${3:---comment}"

[[ -f "$file" ]] || { echo "no such file: $file" >&2; exit 1; }

case "$mode" in
  --approve|--request-changes|--comment) ;;
  *) echo "mode must be --approve, --request-changes or --comment" >&2; exit 2 ;;
esac

if ! gh auth status >/dev/null 2>&1; then
  echo "gh is not authenticated; run: gh auth login" >&2
  exit 1
fi

repo="$(gh repo view --json nameWithOwner -q .nameWithOwner)"
state="$(gh pr view "$pr" --json state -q .state)"
if [[ "$state" != "OPEN" ]]; then
  echo "PR #$pr in $repo is $state; not posting." >&2
  exit 1
fi

# GitHub rejects bodies over 65536 characters.
size=$(wc -c < "$file")
if (( size > 65000 )); then
  echo "review body is $size bytes; GitHub limit is 65536. Shorten it." >&2
  exit 1
fi

if [[ "${DRY_RUN:-0}" == "1" ]]; then
  echo "--- would post to $repo#$pr ($mode) ---"
  cat "$file"
  exit 0
fi

gh pr review "$pr" "$mode" --body-file "$file"
echo "posted review to $repo#$pr ($mode)"
