#!/usr/bin/env bash
# Post a markdown file to Slack via the incoming webhook in $SLACK_WEBHOOK_URL.
set -euo pipefail

file="${1:?usage: post.sh MESSAGE.md}"
: "${SLACK_WEBHOOK_URL:?SLACK_WEBHOOK_URL is not set}"

text="$(sed -e 's/\t/    /g' "$file")"
payload="$(python3 -c 'import json,sys; print(json.dumps({"text": sys.stdin.read(), "mrkdwn": True}))' <<<"$text")"

resp="$(curl -sS -m 10 -X POST -H 'Content-Type: application/json' --data "$payload" "$SLACK_WEBHOOK_URL")"
if [[ "$resp" != "ok" ]]; then
  echo "slack error: $resp" >&2
  exit 1
fi
echo "posted $(wc -l < "$file") lines"
