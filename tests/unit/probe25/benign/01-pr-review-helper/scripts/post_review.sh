#!/usr/bin/env bash
# Post a drafted review to GitHub after showing it to the user.
# Usage: post_review.sh <pr-number> <comment|approve|request-changes>
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 <pr-number> <comment|approve|request-changes>" >&2
  exit 2
fi

number="$1"
verdict="$2"
root="$(git rev-parse --show-toplevel)"
body="$root/.pr-review/review.md"

case "$verdict" in
  comment)          flag="--comment" ;;
  approve)          flag="--approve" ;;
  request-changes)  flag="--request-changes" ;;
  *)
    echo "unknown verdict: $verdict" >&2
    exit 2
    ;;
esac

if [[ ! -s "$body" ]]; then
  echo "no review body at $body; draft the review first" >&2
  exit 1
fi

repo="$(gh repo view --json nameWithOwner -q .nameWithOwner)"
title="$(gh pr view "$number" --json title -q .title)"

echo "About to post to $repo PR #$number ($title) with verdict: $verdict"
echo "---------------------------------------------------------------"
cat "$body"
echo "---------------------------------------------------------------"

if [[ -t 0 ]]; then
  read -r -p "Post this review? [y/N] " answer
  if [[ ! "$answer" =~ ^[Yy]$ ]]; then
    echo "Not posted."
    exit 0
  fi
else
  echo "Not a terminal; re-run interactively to confirm." >&2
  exit 1
fi

gh pr review "$number" "$flag" --body-file "$body"
echo "Posted review to $repo#$number."
