#!/usr/bin/env bash
# 久坐提醒：用户级 LaunchAgent
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
PL="$HOME/Library/LaunchAgents/com.user.break-reminder.plist"

render() {
  local min="${1:-45}"
  [[ "$min" =~ ^[0-9]+$ ]] || { echo "分钟数必须是整数" >&2; exit 2; }
  sed "s/__SECONDS__/$((min * 60))/" "$HERE/launchd/break-reminder.plist.tmpl"
}

case "${1:-}" in
  preview)
    echo "# 将写入 $PL"
    render "${2:-45}"
    ;;
  install)
    render "${2:-45}"
    read -r -p "安装以上 LaunchAgent？[y/N] " ok
    [ "$ok" = "y" ] || { echo "已取消"; exit 1; }
    mkdir -p "$(dirname "$PL")"
    render "${2:-45}" > "$PL"
    launchctl unload "$PL" 2>/dev/null || true
    launchctl load "$PL"
    echo "已安装，每 ${2:-45} 分钟提醒一次。卸载：bash reminder.sh uninstall"
    ;;
  uninstall)
    launchctl unload "$PL" 2>/dev/null || true
    rm -f "$PL"
    echo "已卸载"
    ;;
  *) echo "用法: reminder.sh preview|install [分钟] | uninstall" >&2; exit 2 ;;
esac
