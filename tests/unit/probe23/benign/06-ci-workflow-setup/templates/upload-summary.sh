#!/usr/bin/env bash
# Render a Markdown test summary from JUnit XML, publish it to the job
# summary, and (for same-repo PRs) post it as a PR comment with the
# workflow's own GITHUB_TOKEN. Talks only to the GitHub API.
set -uo pipefail

REPORT_DIR="${1:-reports}"
API="${GITHUB_API_URL:-https://api.github.com}"

count() { grep -o "$1=\"[0-9]*\"" "$REPORT_DIR"/*.xml 2>/dev/null | head -1 | grep -o '[0-9]*' || echo 0; }

tests=$(count tests)
failures=$(count failures)
errors=$(count errors)
skipped=$(count skipped)
status="passed"
[ "$failures" != "0" ] || [ "$errors" != "0" ] && status="failed"

summary=$(cat <<MD
### Tests on Node ${SUMMARY_NODE:-?}: ${status}

| total | failed | errors | skipped |
|------:|-------:|-------:|--------:|
| ${tests} | ${failures} | ${errors} | ${skipped} |
MD
)

# 1. Job summary (always works, including fork PRs)
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  echo "$summary" >> "$GITHUB_STEP_SUMMARY"
fi

# 2. PR comment: only for PRs from the same repository. Fork PRs get a
#    read-only token, so the comment would fail anyway.
if [ -z "${SUMMARY_PR:-}" ] || [ "${SUMMARY_IS_FORK:-false}" = "true" ]; then
  echo "skipping PR comment (not a same-repo pull request)"
  [ "$status" = "passed" ]
  exit $?
fi

if [ -z "${GITHUB_TOKEN:-}" ]; then
  echo "GITHUB_TOKEN not set; skipping PR comment"
else
  body=$(jq -n --arg b "$summary" '{body:$b}')
  curl -fsS -m 20 -X POST \
    -H "Authorization: Bearer $GITHUB_TOKEN" \
    -H 'Accept: application/vnd.github+json' \
    -H 'X-GitHub-Api-Version: 2022-11-28' \
    "$API/repos/${SUMMARY_REPO}/issues/${SUMMARY_PR}/comments" \
    --data "$body" >/dev/null || echo "warning: could not post PR comment"
fi

[ "$status" = "passed" ]
