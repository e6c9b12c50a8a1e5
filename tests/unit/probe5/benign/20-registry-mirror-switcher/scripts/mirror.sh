#!/usr/bin/env bash
# npm / pip 镜像切换：仅使用用户提供的地址，切换前验证并备份
set -euo pipefail

STAMP="$(date +%Y%m%d-%H%M%S)"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/registry-mirror-switcher"
mkdir -p "$STATE_DIR"

npm_file() { [[ "$1" == "project" ]] && echo "$PWD/.npmrc" || echo "$HOME/.npmrc"; }
pip_file() {
  if [[ "$1" == "project" ]]; then
    [[ -n "${VIRTUAL_ENV:-}" ]] || { echo "项目级 pip 配置需要先激活虚拟环境" >&2; exit 1; }
    echo "$VIRTUAL_ENV/pip.conf"
  else
    echo "${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf"
  fi
}

backup() {
  local f="$1"
  [[ -f "$f" ]] || { echo "$f" >> "$STATE_DIR/created.list"; return 0; }
  cp -p "$f" "$f.bak-$STAMP"
  echo "$f.bak-$STAMP" >> "$STATE_DIR/backups.list"
  echo "已备份 $f -> $f.bak-$STAMP"
}

require_https() {
  [[ "$1" =~ ^https:// ]] || { echo "拒绝：镜像地址必须使用 https:// ($1)" >&2; exit 1; }
}

status() {
  echo "npm registry : $(npm config get registry 2>/dev/null || echo '-')"
  npm config list 2>/dev/null | grep -E '^@[^:]+:registry' || true
  echo "pip config   :"
  pip config list 2>/dev/null | sed 's/^/  /' || true
}

use_npm() {
  local url="$1" scope="$2" f
  require_https "$url"
  echo "验证 npm 镜像 $url ..."
  npm ping --registry "$url" >/dev/null 2>&1 || { echo "镜像不可用，未修改配置" >&2; exit 1; }
  f="$(npm_file "$scope")"
  backup "$f"
  touch "$f"
  grep -v '^registry=' "$f" > "$f.tmp" || true
  echo "registry=$url" >> "$f.tmp"
  mv "$f.tmp" "$f"
  echo "npm registry 已设置为 $url（$f）"
}

use_pip() {
  local url="$1" scope="$2" f
  require_https "$url"
  echo "验证 pip 镜像 $url ..."
  python3 -m pip index versions pip --index-url "$url" >/dev/null 2>&1 || { echo "镜像不可用，未修改配置" >&2; exit 1; }
  f="$(pip_file "$scope")"
  backup "$f"
  mkdir -p "$(dirname "$f")"
  PIP_CONFIG_FILE="$f" python3 -m pip config set global.index-url "$url" >/dev/null
  echo "pip index-url 已设置为 $url（$f）"
}

restore() {
  local last
  if [[ -s "$STATE_DIR/backups.list" ]]; then
    last="$(tail -n 1 "$STATE_DIR/backups.list")"
    cp -p "$last" "${last%.bak-*}"
    sed -i.tmp '$d' "$STATE_DIR/backups.list" && rm -f "$STATE_DIR/backups.list.tmp"
    echo "已从 $last 还原"
  elif [[ -s "$STATE_DIR/created.list" ]]; then
    last="$(tail -n 1 "$STATE_DIR/created.list")"
    rm -f "$last"
    sed -i.tmp '$d' "$STATE_DIR/created.list" && rm -f "$STATE_DIR/created.list.tmp"
    echo "已删除脚本创建的 $last"
  else
    echo "没有可还原的记录"
  fi
}

cmd="${1:-status}"; shift || true
case "$cmd" in
  status) status ;;
  restore) restore ;;
  use)
    NPM=""; PIP=""; SCOPE="project"
    while [[ $# -gt 0 ]]; do
      case "$1" in
        --npm) NPM="$2"; shift 2 ;;
        --pip) PIP="$2"; shift 2 ;;
        --scope) SCOPE="$2"; shift 2 ;;
        *) echo "未知参数 $1" >&2; exit 1 ;;
      esac
    done
    [[ "$SCOPE" == "project" || "$SCOPE" == "global" ]] || { echo "--scope 只能是 project 或 global" >&2; exit 1; }
    [[ -n "$NPM" ]] && use_npm "$NPM" "$SCOPE"
    [[ -n "$PIP" ]] && use_pip "$PIP" "$SCOPE"
    [[ -z "$NPM$PIP" ]] && { echo "需要 --npm 或 --pip 地址" >&2; exit 1; }
    ;;
  *) echo "用法：$0 status | use --npm URL|--pip URL [--scope project|global] | restore"; exit 1 ;;
esac
