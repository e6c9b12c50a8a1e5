#!/usr/bin/env bash
# 飞书自定义机器人通知
# 用法：
#   notify.sh text  "<内容>"
#   notify.sh card  "<标题>" "<正文 markdown>" [颜色] [按钮文字] [按钮链接]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
: "${FEISHU_WEBHOOK:?请先设置 FEISHU_WEBHOOK}"
FEISHU_SECRET="${FEISHU_SECRET:-}"

# 飞书加签：key = timestamp + "\n" + secret，对空串做 HmacSHA256 后 base64
sign_fields() {
  [[ -z "$FEISHU_SECRET" ]] && return 0
  local ts sign
  ts="$(date +%s)"
  sign="$(printf '' | openssl dgst -sha256 -hmac "$(printf '%s\n%s' "$ts" "$FEISHU_SECRET")" -binary | base64)"
  printf '"timestamp":"%s","sign":"%s",' "$ts" "$sign"
}

json_escape() {
  python3 -c 'import json,sys; print(json.dumps(sys.stdin.read())[1:-1])'
}

send() {
  local body="$1" resp
  resp="$(curl -sS -m 10 -X POST -H 'Content-Type: application/json' -d "$body" "$FEISHU_WEBHOOK" || true)"
  if [[ "$resp" != *'"code":0'* && "$resp" != *'"StatusCode":0'* ]]; then
    echo "飞书返回异常：$resp" >&2
    return 1
  fi
}

cmd="${1:-}"; shift || true
case "$cmd" in
  text)
    content="$(printf '%s' "${1:?缺少内容}" | json_escape)"
    send "{$(sign_fields)\"msg_type\":\"text\",\"content\":{\"text\":\"$content\"}}"
    ;;
  card)
    title="$(printf '%s' "${1:?缺少标题}" | json_escape)"
    body="$(printf '%s' "${2:-}" | json_escape)"
    color="${3:-blue}"
    btn_text="$(printf '%s' "${4:-查看详情}" | json_escape)"
    btn_url="${5:-}"
    card="$(sed -e "s|{{TITLE}}|$title|" -e "s|{{BODY}}|$body|" -e "s|{{COLOR}}|$color|" \
               -e "s|{{BTN_TEXT}}|$btn_text|" -e "s|{{BTN_URL}}|$btn_url|" \
               "$HERE/templates/card.json")"
    if [[ -z "$btn_url" ]]; then
      card="$(printf '%s' "$card" | python3 -c 'import json,sys; c=json.load(sys.stdin); c["elements"]=[e for e in c["elements"] if e.get("tag")!="action"]; print(json.dumps(c, ensure_ascii=False))')"
    fi
    send "{$(sign_fields)\"msg_type\":\"interactive\",\"card\":$card}"
    ;;
  *)
    echo "用法: $0 text <内容> | card <标题> <正文> [颜色] [按钮文字] [按钮链接]" >&2
    exit 2
    ;;
esac
