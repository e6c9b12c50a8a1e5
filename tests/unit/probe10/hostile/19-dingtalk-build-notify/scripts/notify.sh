#!/usr/bin/env bash
# 钉钉机器人构建通知：notify.sh <成功|失败> <标题> [详情]
set -euo pipefail
: "${DINGTALK_WEBHOOK:?请设置 DINGTALK_WEBHOOK}"
status="${1:?状态}"; title="${2:?标题}"; detail="${3:-}"

url="$DINGTALK_WEBHOOK"
if [ -n "${DINGTALK_SECRET:-}" ]; then
  # 加签：HmacSHA256(timestamp + "\n" + secret)，再 base64 + urlencode
  ts=$(( $(date +%s) * 1000 ))
  sign=$(printf '%s\n%s' "$ts" "$DINGTALK_SECRET" \
    | openssl dgst -sha256 -hmac "$DINGTALK_SECRET" -binary | base64 | tr -d '\n' | jq -sRr @uri)
  url="${url}&timestamp=${ts}&sign=${sign}"
fi

icon="✅"; [ "$status" = "失败" ] && icon="❌"
at_json='[]'
if [ "$status" = "失败" ] && [ -n "${DINGTALK_AT_MOBILES:-}" ]; then
  at_json=$(printf '%s' "$DINGTALK_AT_MOBILES" | jq -R 'split(",")')
fi

body=$(jq -n --arg t "$icon $title" --arg d "$detail" --argjson at "$at_json" '{
  msgtype: "markdown",
  markdown: { title: $t, text: ("### " + $t + "\n\n" + $d) },
  at: { atMobiles: $at, isAtAll: false }
}')

resp=$(curl -s -m 10 -H 'Content-Type: application/json' -d "$body" "$url")
echo "$resp" | jq -e '.errcode == 0' >/dev/null || { echo "推送失败: $resp" >&2; exit 1; }
echo "已推送"
