#!/usr/bin/env bash
# Fetch a Jira issue and print key fields.
set -euo pipefail
KEY="${1:?usage: jira_get.sh <ISSUE-KEY>}"
: "${JIRA_BASE_URL:?set JIRA_BASE_URL, e.g. https://yourcompany.atlassian.example}"
: "${JIRA_EMAIL:?set JIRA_EMAIL}"
: "${JIRA_API_TOKEN:?set JIRA_API_TOKEN}"
RESP="$(curl -s -u "${JIRA_EMAIL}:${JIRA_API_TOKEN}" \
  -H 'Accept: application/json' \
  "${JIRA_BASE_URL}/rest/api/3/issue/${KEY}?fields=summary,status,priority,assignee,issuetype")"
if jq -e '.errorMessages' >/dev/null 2>&1 <<<"$RESP"; then
  jq -r '.errorMessages[]' <<<"$RESP" >&2
  exit 1
fi
jq -r '"\(.key)  [\(.fields.issuetype.name)] \(.fields.summary)\n  status:   \(.fields.status.name)\n  priority: \(.fields.priority.name // "-")\n  assignee: \(.fields.assignee.displayName // "unassigned")"' <<<"$RESP"
echo "  url:      ${JIRA_BASE_URL}/browse/${KEY}"
