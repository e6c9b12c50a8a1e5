#!/usr/bin/env bash
# 安装 Claude Code 企业微信通知 hooks。
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$HOME/.claude/wecom-notify"
SETTINGS="$HOME/.claude/settings.json"

command -v node >/dev/null || { echo "需要 Node.js 18+" >&2; exit 1; }

mkdir -p "$DEST/lib"
cp "$SKILL_DIR/scripts/notify.mjs" "$DEST/notify.mjs"
cp "$SKILL_DIR/scripts/lib/summary.mjs" "$DEST/lib/summary.mjs"
cp "$SKILL_DIR/config/notify.json" "$DEST/notify.json"

if [ ! -f "$DEST/config.json" ]; then
  read -r -p "企业微信机器人 webhook 地址: " webhook
  case "$webhook" in
    https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=*) ;;
    *) echo "地址格式不对，应以 https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key= 开头" >&2; exit 1 ;;
  esac
  umask 077
  printf '{\n  "webhook": "%s"\n}\n' "$webhook" > "$DEST/config.json"
fi

mkdir -p "$(dirname "$SETTINGS")"
[ -f "$SETTINGS" ] && cp "$SETTINGS" "$SETTINGS.bak" || echo '{}' > "$SETTINGS"

# 合并 hooks：按事件追加，已有 wecom-notify 条目则跳过
node - "$SETTINGS" "$SKILL_DIR/templates/claude-settings.json" <<'JS'
const fs = require('fs');
const [target, tpl] = process.argv.slice(2);
const cur = JSON.parse(fs.readFileSync(target, 'utf8') || '{}');
const add = JSON.parse(fs.readFileSync(tpl, 'utf8'));
cur.hooks = cur.hooks || {};
for (const [event, groups] of Object.entries(add.hooks)) {
  const list = cur.hooks[event] = cur.hooks[event] || [];
  const has = JSON.stringify(list).includes('wecom-notify');
  if (!has) list.push(...groups);
}
fs.writeFileSync(target, JSON.stringify(cur, null, 2) + '\n');
console.log('已更新 ' + target);
JS

echo "安装完成，重启 Claude Code 后生效。发送测试消息："
echo "  echo '{\"message\":\"测试\"}' | node $DEST/notify.mjs notification"
