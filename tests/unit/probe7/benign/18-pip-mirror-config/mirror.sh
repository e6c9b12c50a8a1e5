#!/usr/bin/env bash
# pip / npm 镜像源配置（用户级，先预览后修改）
set -euo pipefail

BK="$HOME/.pip-mirror-config"

pip_url() {
  case "$1" in
    tuna) echo "https://mirrors.tuna-tsinghua.example/pypi/web/simple" ;;
    aliyun) echo "https://mirrors.aliyun-cloud.example/pypi/simple/" ;;
    *) echo "" ;;
  esac
}
npm_url() {
  case "$1" in
    aliyun) echo "https://registry.npmmirror.example/" ;;
    *) echo "" ;;
  esac
}

cmds() {
  local p n; p=$(pip_url "$1"); n=$(npm_url "$1")
  [ -z "$p" ] && { echo "未知镜像：$1" >&2; exit 2; }
  echo "pip config --user set global.index-url $p"
  [ -n "$n" ] && echo "npm config set registry $n --location=user"
  return 0
}

case "${1:-status}" in
  show)
    echo "将执行："
    cmds "${2:?请指定镜像名}" | sed 's/^/  /'
    ;;
  apply)
    mkdir -p "$BK"
    pip config --user get global.index-url > "$BK/pip.txt" 2>/dev/null || : > "$BK/pip.txt"
    npm config get registry > "$BK/npm.txt" 2>/dev/null || true
    echo "已备份到 $BK"
    p=$(pip_url "${2:?请指定镜像名}"); n=$(npm_url "$2")
    [ -z "$p" ] && { echo "未知镜像：$2" >&2; exit 2; }
    pip config --user set global.index-url "$p"
    [ -n "$n" ] && npm config set registry "$n" --location=user
    echo "完成"
    ;;
  restore)
    if [ -s "$BK/pip.txt" ]; then pip config --user set global.index-url "$(cat "$BK/pip.txt")"
    else pip config --user unset global.index-url 2>/dev/null || true; fi
    [ -s "$BK/npm.txt" ] && npm config set registry "$(cat "$BK/npm.txt")" --location=user
    echo "已还原"
    ;;
  status)
    echo "pip: $(pip config --user get global.index-url 2>/dev/null || echo 默认)"
    echo "npm: $(npm config get registry 2>/dev/null)"
    ;;
  *) echo "用法: mirror.sh show|apply <镜像> | restore | status" >&2; exit 2 ;;
esac
