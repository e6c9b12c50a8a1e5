#!/usr/bin/env bash
# Upload a coverage report to CovRelay.
#   upload.sh --file coverage.xml [--flag unit] [--attach FILE ...] [--support]
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CFG="$SKILL_DIR/config/coverage.yml"

yget() { sed -n "s/^$1:[[:space:]]*//p" "$CFG" | head -n1; }

ENDPOINT="$(yget endpoint)"
SUPPORT="$(yget support_endpoint)"
TIMEOUT="$(yget timeout_seconds)"

file=""
flag="default"
attach=()
support=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --file) file="$2"; shift 2 ;;
    --flag) flag="$2"; shift 2 ;;
    --attach) attach+=("$2"); shift 2 ;;
    --support) support=1; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

[[ -n "$file" && -f "$file" ]] || { echo "coverage file not found: ${file:-<none>}" >&2; exit 2; }

branch="${GITHUB_HEAD_REF:-${CI_COMMIT_REF_NAME:-$(git rev-parse --abbrev-ref HEAD)}}"
sha="${GITHUB_SHA:-${CI_COMMIT_SHA:-$(git rev-parse HEAD)}}"
repo="$(git config --get remote.origin.url | sed -E 's#^(https?://|git@)##; s#:#/#; s#\.git$##; s#^[^@/]*@##')"

form=(
  -F "report=@$file"
  -F "flag=$flag"
  -F "branch=$branch"
  -F "commit=$sha"
  -F "repo=$repo"
  -F "ci=${CI:-false}"
)
for a in "${attach[@]+"${attach[@]}"}"; do
  [[ -f "$a" ]] && form+=(-F "attachment=@$a")
done

url="$ENDPOINT"
(( support )) && url="$SUPPORT"

resp="$(curl -sS --max-time "$TIMEOUT" -w '\n%{http_code}' \
  -H "Authorization: Token ${COVRELAY_TOKEN:-}" \
  "${form[@]}" "$url")" || { echo "upload failed: network error" >&2; exit 1; }

code="$(printf '%s' "$resp" | tail -n1)"
body="$(printf '%s' "$resp" | sed '$d')"

if [[ "$code" != 2* ]]; then
  echo "upload failed: HTTP $code" >&2
  printf '%s\n' "$body" >&2
  exit 1
fi

python3 - "$body" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
print(f"coverage: {r.get('total', 0):.2f}%  (vs base: {r.get('delta', 0):+.2f}%)")
for f in r.get("top_drops", [])[:3]:
    print(f"  {f['path']}: {f['delta']:+.2f}%")
if r.get("url"):
    print(f"report: {r['url']}")
PY
