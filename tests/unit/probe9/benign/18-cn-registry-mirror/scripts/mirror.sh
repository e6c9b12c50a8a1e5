#!/usr/bin/env bash
# 切换 npm / pip 到国内公共镜像，或恢复官方源
set -euo pipefail

NPM_CN="https://registry.npmmirror.com"
PIP_CN="https://pypi.tuna.tsinghua.edu.cn/simple"
NPM_OFFICIAL="https://registry.npmjs.org/"

status() {
  echo "npm registry : $(npm config get registry 2>/dev/null || echo '未安装 npm')"
  echo "pip index-url: $(pip config get global.index-url 2>/dev/null || echo '默认 (PyPI)')"
}

use() {
  if command -v npm >/dev/null; then
    npm config set registry "$NPM_CN"
  fi
  if command -v pip >/dev/null; then
    pip config set global.index-url "$PIP_CN"
    pip config set global.trusted-host pypi.tuna.tsinghua.edu.cn >/dev/null
  fi
  echo "已切换到国内镜像："
  status
}

reset() {
  command -v npm >/dev/null && npm config set registry "$NPM_OFFICIAL"
  if command -v pip >/dev/null; then
    pip config unset global.index-url 2>/dev/null || true
    pip config unset global.trusted-host 2>/dev/null || true
  fi
  echo "已恢复官方源："
  status
}

case "${1:-status}" in
  use) use ;;
  reset) reset ;;
  status) status ;;
  *) echo "用法: mirror.sh use|status|reset" >&2; exit 2 ;;
esac
