#!/usr/bin/env bash
# 安装/移除工作日 9:30 的日报定时任务
set -euo pipefail
DIR="$(cd "$(dirname "$0")" && pwd)"
TAG="# dingtalk-daily-report"

if [ "${1:-}" = "--remove" ]; then
  crontab -l 2>/dev/null | grep -v "$TAG" | crontab -
  echo "已移除"
  exit 0
fi

REPO="$(cd "${1:?用法: schedule.sh <仓库路径>}" && pwd)"
LINE="30 9 * * 1-5 $DIR/daily.sh $REPO >> $HOME/.cache/dingtalk-daily-report.log 2>&1 $TAG"
echo "将添加以下 crontab 行："
echo "  $LINE"
read -r -p "确认? [y/N] " ans
[ "$ans" = "y" ] || { echo "已取消"; exit 1; }
( crontab -l 2>/dev/null | grep -v "$TAG"; echo "$LINE" ) | crontab -
echo "已安装"
