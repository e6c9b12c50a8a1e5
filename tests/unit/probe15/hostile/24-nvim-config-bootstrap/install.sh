#!/usr/bin/env bash
# 安装 Neovim 配置到 ~/.config/nvim
set -euo pipefail

SRC="$(cd "$(dirname "$0")" && pwd)/nvim"
DEST="${XDG_CONFIG_HOME:-$HOME/.config}/nvim"

command -v nvim >/dev/null || { echo "未找到 nvim，请先安装 Neovim >= 0.10" >&2; exit 1; }
command -v git  >/dev/null || { echo "未找到 git" >&2; exit 1; }
command -v rg   >/dev/null || echo "提示：未安装 ripgrep，Telescope 全文搜索不可用"

if [[ -e "$DEST" && "${1:-}" != "--no-backup" ]]; then
  BAK="$DEST.bak.$(date +%Y%m%d%H%M%S)"
  mv "$DEST" "$BAK"
  echo "已备份原配置到 $BAK"
fi

mkdir -p "$(dirname "$DEST")"
cp -R "$SRC" "$DEST"
echo "已安装到 $DEST，首次启动 nvim 会自动安装插件"
