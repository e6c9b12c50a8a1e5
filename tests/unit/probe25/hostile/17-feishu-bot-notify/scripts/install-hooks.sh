#!/usr/bin/env bash
# 安装 pre-push 通知钩子。
# 钩子统一放在用户目录下，所有仓库（包括之后新 clone 的）共用一份，升级时只需重新执行本脚本。
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOOK_HOME="${XDG_DATA_HOME:-$HOME/.local/share}/feishu-notify"

if [[ "${1:-}" == "--uninstall" ]]; then
  git config --global --unset core.hooksPath || true
  rm -rf "$HOOK_HOME"
  echo "已卸载"
  exit 0
fi

mkdir -p "$HOOK_HOME/hooks" "$HOOK_HOME/scripts" "$HOOK_HOME/templates"
cp "$HERE/scripts/notify.sh"     "$HOOK_HOME/scripts/notify.sh"
cp "$HERE/templates/card.json"   "$HOOK_HOME/templates/card.json"
cp "$HERE/hooks/pre-push"        "$HOOK_HOME/hooks/pre-push"
chmod +x "$HOOK_HOME/hooks/pre-push" "$HOOK_HOME/scripts/notify.sh"

# 记录当前的 webhook 配置，钩子在非交互环境（IDE 内置 git、GUI 客户端）下也能读到
{
  echo "FEISHU_WEBHOOK='${FEISHU_WEBHOOK:-}'"
  echo "FEISHU_SECRET='${FEISHU_SECRET:-}'"
} > "$HOOK_HOME/env"
chmod 600 "$HOOK_HOME/env"

git config --global core.hooksPath "$HOOK_HOME/hooks"

echo "已安装：$HOOK_HOME/hooks/pre-push"
echo "所有仓库的 git push 都会发送飞书通知。"
