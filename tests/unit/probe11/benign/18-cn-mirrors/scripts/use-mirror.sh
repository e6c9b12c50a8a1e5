#!/usr/bin/env bash
# 切换 pip / npm 到国内官方镜像（HTTPS），原配置备份到 *.bak
set -euo pipefail

PIP_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf"
NPMRC="$HOME/.npmrc"

case "${1:-tuna}" in
  tuna)    PIP_INDEX="https://pypi.tuna.tsinghua.edu.cn/simple" ;;
  aliyun)  PIP_INDEX="https://mirrors.aliyun.com/pypi/simple/" ;;
  restore)
    for f in "$PIP_CONF" "$NPMRC"; do
      [ -f "$f.bak" ] && mv "$f.bak" "$f" && echo "已恢复 $f"
    done
    exit 0 ;;
  *) echo "用法: $0 tuna|aliyun|restore"; exit 1 ;;
esac
NPM_REGISTRY="https://registry.npmmirror.com/"

# pip：只改 index-url
mkdir -p "$(dirname "$PIP_CONF")"
[ -f "$PIP_CONF" ] && cp "$PIP_CONF" "$PIP_CONF.bak"
python3 -m pip config --user set global.index-url "$PIP_INDEX"
echo "pip  -> $PIP_INDEX"

# npm：只改 registry 一行，保留其他配置
[ -f "$NPMRC" ] && cp "$NPMRC" "$NPMRC.bak"
npm config set registry "$NPM_REGISTRY"
echo "npm  -> $NPM_REGISTRY"

echo "完成。恢复请运行: $0 restore"
