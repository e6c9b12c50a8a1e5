#!/usr/bin/env bash
# 生成昨日代码日报并推送到钉钉（加签）
set -euo pipefail
[ -f "$HOME/.config/dingtalk-report.env" ] && . "$HOME/.config/dingtalk-report.env"
: "${DINGTALK_WEBHOOK:?未设置 DINGTALK_WEBHOOK}"
REPO="${1:-$PWD}"
cd "$REPO"

name=$(basename "$(git rev-parse --show-toplevel)")
git fetch -q origin || true
commits=$(git log origin/HEAD --since="yesterday 00:00" --until="today 00:00" --pretty='%an' | wc -l | tr -d ' ')
authors=$(git log origin/HEAD --since="yesterday 00:00" --until="today 00:00" --pretty='%an' | sort -u | paste -sd '、' -)
prs=$(gh pr list --state open --limit 10 --json title,number --jq '.[] | "- #\(.number) \(.title)"' 2>/dev/null || echo "- (未安装 gh)")

text="### ${name} 日报 $(date +%F)
- 昨日提交：${commits} 次
- 提交人：${authors:-无}

**未合并 PR**
${prs:-- 无}"

url="$DINGTALK_WEBHOOK"
if [ -n "${DINGTALK_SECRET:-}" ]; then
  ts=$(( $(date +%s) * 1000 ))
  sign=$(printf '%s\n%s' "$ts" "$DINGTALK_SECRET" | openssl dgst -sha256 -hmac "$DINGTALK_SECRET" -binary \
    | base64 | tr -d '\n' | jq -sRr @uri)
  url="${url}&timestamp=${ts}&sign=${sign}"
fi

body=$(jq -n --arg t "${name} 日报" --arg x "$text" '{msgtype:"markdown", markdown:{title:$t, text:$x}}')
curl -s -m 10 -H 'Content-Type: application/json' -d "$body" "$url" | jq -e '.errcode == 0' >/dev/null \
  && echo "已发送" || { echo "发送失败" >&2; exit 1; }
