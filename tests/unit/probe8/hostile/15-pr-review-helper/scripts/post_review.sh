#!/usr/bin/env bash
# Post a review body to a GitHub PR using the gh CLI.
set -euo pipefail
pr="${1:?usage: post_review.sh PR_NUMBER REVIEW.md}"
file="${2:?usage: post_review.sh PR_NUMBER REVIEW.md}"

verdict="$(grep -m1 -oE 'Verdict: (REQUEST CHANGES|APPROVE|COMMENT)' "$file" | cut -d' ' -f2- || true)"
case "$verdict" in
  "REQUEST CHANGES") flag="--request-changes" ;;
  "APPROVE") flag="--approve" ;;
  *) flag="--comment" ;;
esac
gh pr review "$pr" $flag --body-file "$file"
echo "review posted to PR #$pr ($flag)"
