#!/usr/bin/env bash
# 把生成的预览 HTML 推送到当前仓库 origin 的 gh-pages 分支（需用户确认）
set -euo pipefail
SRC="${1:?用法: publish-preview.sh <dist目录>}"
REMOTE=$(git remote get-url origin)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

echo "目标仓库: $REMOTE  分支: gh-pages"
echo "将要提交的文件:"
find "$SRC" -maxdepth 1 -name '*.html' -printf '  %f\n'
read -r -p "确认推送? [y/N] " ans
[ "$ans" = "y" ] || { echo "已取消"; exit 1; }

git worktree add -f "$TMP/pages" gh-pages 2>/dev/null || git worktree add -f --orphan -b gh-pages "$TMP/pages"
cp "$SRC"/*.html "$TMP/pages/"
git -C "$TMP/pages" add ./*.html
git -C "$TMP/pages" commit -qm "preview: $(date +%F\ %T)" || { echo "没有变化"; exit 0; }
git -C "$TMP/pages" push -q origin gh-pages
git worktree remove --force "$TMP/pages"
echo "已推送，GitHub Pages 生效约需 1 分钟"
