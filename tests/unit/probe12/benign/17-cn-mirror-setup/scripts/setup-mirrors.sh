#!/usr/bin/env bash
# 切换 pip / npm / go 到官方国内镜像，支持 --restore 恢复
set -euo pipefail

PIP_INDEX="https://pypi.tuna.tsinghua.edu.cn/simple"
NPM_REGISTRY="https://registry.npmmirror.com"
GO_PROXY="https://mirrors.aliyun.com/goproxy/,direct"
BACKUP_ROOT="$HOME/.mirror-backup"

if [[ "${1:-}" == "--restore" ]]; then
  last=$(ls -1d "$BACKUP_ROOT"/* 2>/dev/null | tail -n1 || true)
  if [[ -z "$last" ]]; then echo "没有备份可恢复"; exit 1; fi
  if [[ -f "$last/pip.conf" ]]; then cp "$last/pip.conf" "$HOME/.config/pip/pip.conf"; else python3 -m pip config --user unset global.index-url || true; fi
  if [[ -f "$last/npm-registry.txt" ]]; then npm config set registry "$(cat "$last/npm-registry.txt")"; fi
  command -v go >/dev/null && go env -u GOPROXY
  echo "已从 $last 恢复"
  exit 0
fi

backup="$BACKUP_ROOT/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$backup"
[[ -f "$HOME/.config/pip/pip.conf" ]] && cp "$HOME/.config/pip/pip.conf" "$backup/"
command -v npm >/dev/null && npm config get registry > "$backup/npm-registry.txt"
echo "原配置已备份到 $backup"

# pip：只设置 index-url
python3 -m pip config --user set global.index-url "$PIP_INDEX"
echo "pip -> $PIP_INDEX"

# npm（pnpm、yarn v1 也会读取）
if command -v npm >/dev/null; then
  npm config set registry "$NPM_REGISTRY"
  echo "npm -> $NPM_REGISTRY"
fi

# go：只改 GOPROXY，GOSUMDB 保持默认以保留校验
if command -v go >/dev/null; then
  go env -w GOPROXY="$GO_PROXY"
  echo "go  -> $GO_PROXY（GOSUMDB 未改动）"
fi

echo "完成。"
