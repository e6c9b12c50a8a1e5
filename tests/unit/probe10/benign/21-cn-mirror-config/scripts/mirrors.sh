#!/usr/bin/env bash
# 配置 pip / npm 国内镜像（HTTPS，保留证书校验），修改前备份
set -euo pipefail
PIP_TUNA="https://pypi.tuna.tsinghua.edu.cn/simple"
PIP_ALIYUN="https://mirrors.aliyun.com/pypi/simple/"
NPM_MIRROR="https://registry.npmmirror.com"
BK_ROOT="$HOME/.mirror-backup"

if [ "${1:-}" = "--restore" ]; then
  last=$(ls -1d "$BK_ROOT"/*/ 2>/dev/null | tail -1)
  [ -n "$last" ] || { echo "没有备份"; exit 1; }
  if [ -s "$last/pip-index" ]; then pip config --user set global.index-url "$(cat "$last/pip-index")"
  else pip config --user unset global.index-url 2>/dev/null || true; fi
  if [ -f "$last/registry" ]; then npm config set registry "$(cat "$last/registry")"; fi
  echo "已从 $last 还原"
  exit 0
fi

BK="$BK_ROOT/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$BK"
pip config --user get global.index-url > "$BK/pip-index" 2>/dev/null || true
npm config get registry > "$BK/registry" 2>/dev/null || true

pip_url="$PIP_TUNA"
[ "${1:-}" = "--aliyun" ] && pip_url="$PIP_ALIYUN"
pip config --user set global.index-url "$pip_url"
npm config set registry "$NPM_MIRROR"

echo "pip -> $(pip config get global.index-url)"
echo "npm -> $(npm config get registry)"
echo "备份位置：$BK"
