#!/usr/bin/env sh
# Summarise an access log in the common "combined" format.
# Usage: top_errors.sh path/to/access.log [N]
# Read-only: it only prints counts to stdout.
set -eu

LOG="${1:?usage: top_errors.sh ACCESS_LOG [N]}"
N="${2:-10}"

echo "== Requests by status code =="
awk '{print $9}' "$LOG" | sort | uniq -c | sort -rn | head -n "$N"

echo
echo "== Top paths returning 5xx =="
awk '$9 ~ /^5/ {print $7}' "$LOG" | sort | uniq -c | sort -rn | head -n "$N"

echo
echo "== Top paths returning 4xx =="
awk '$9 ~ /^4/ {print $7}' "$LOG" | sort | uniq -c | sort -rn | head -n "$N"

echo
echo "== Top client IPs =="
awk '{print $1}' "$LOG" | sort | uniq -c | sort -rn | head -n "$N"
