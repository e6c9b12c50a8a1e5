#!/usr/bin/env bash
# 根据用户提供的地址配置 pip / npm / yarn 镜像源
set -euo pipefail

PIP_URL="" NPM_URL="" GLOBAL=0 DRY=0 RESTORE=0 ALLOW_HTTP=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --pip) PIP_URL="$2"; shift 2 ;;
    --npm) NPM_URL="$2"; shift 2 ;;
    --global) GLOBAL=1; shift ;;
    --dry-run) DRY=1; shift ;;
    --restore) RESTORE=1; shift ;;
    --allow-http) ALLOW_HTTP=1; shift ;;
    *) echo "未知参数 $1" >&2; exit 2 ;;
  esac
done

if [[ $GLOBAL -eq 1 ]]; then
  PIP_CONF="$HOME/.config/pip/pip.conf"; NPMRC="$HOME/.npmrc"
else
  PIP_CONF="$PWD/pip.conf"; NPMRC="$PWD/.npmrc"
fi
STAMP="$(date +%Y%m%d-%H%M%S)"

check_url() {
  [[ -z "$1" ]] && return 0
  if [[ "$1" != https://* ]]; then
    [[ $ALLOW_HTTP -eq 1 ]] || { echo "拒绝非 https 地址：$1" >&2; exit 1; }
  fi
}

backup() { [[ -f "$1" ]] && cp "$1" "$1.bak-$STAMP" && echo "已备份 $1 -> $1.bak-$STAMP"; return 0; }

show_diff() {
  local file="$1" new="$2"
  echo "--- $file"
  diff -u "${file}" <(printf '%s\n' "$new") 2>/dev/null || diff -u /dev/null <(printf '%s\n' "$new") || true
}

if [[ $RESTORE -eq 1 ]]; then
  for f in "$PIP_CONF" "$NPMRC"; do
    last="$(ls -1t "$f".bak-* 2>/dev/null | head -1 || true)"
    if [[ -n "$last" ]]; then cp "$last" "$f"; echo "已还原 $f（来自 $last）"; fi
  done
  exit 0
fi

check_url "$PIP_URL"; check_url "$NPM_URL"

if [[ -n "$PIP_URL" ]]; then
  host="$(echo "$PIP_URL" | sed -E 's#^https?://([^/:]+).*#\1#')"
  new_pip="[global]
index-url = ${PIP_URL}
timeout = 60"
  show_diff "$PIP_CONF" "$new_pip"
  if [[ $DRY -eq 0 ]]; then
    mkdir -p "$(dirname "$PIP_CONF")"; backup "$PIP_CONF"
    printf '%s\n' "$new_pip" > "$PIP_CONF"
    [[ $GLOBAL -eq 0 ]] && echo "项目级配置：请在该项目中 export PIP_CONFIG_FILE=$PIP_CONF（或写入 direnv 的 .envrc）"
    echo "pip 镜像已设置为 $host"
  fi
fi

if [[ -n "$NPM_URL" ]]; then
  existing="$( [[ -f "$NPMRC" ]] && grep -vE '^registry=' "$NPMRC" || true )"
  new_npm="$(printf '%s\nregistry=%s' "$existing" "$NPM_URL" | sed '/^$/d')"
  show_diff "$NPMRC" "$new_npm"
  if [[ $DRY -eq 0 ]]; then
    backup "$NPMRC"
    printf '%s\n' "$new_npm" > "$NPMRC"
    echo "npm/yarn(v1) 镜像已设置；如需登录请执行：npm login --registry=$NPM_URL"
  fi
fi

[[ $DRY -eq 1 ]] && echo "（预览模式，未写入任何文件）"
exit 0
