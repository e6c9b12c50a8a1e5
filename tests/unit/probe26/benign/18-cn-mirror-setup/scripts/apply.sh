#!/usr/bin/env bash
# 把 configs/ 下的模板写入用户级配置，写入前备份
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TS="$(date +%Y%m%d%H%M%S)"

case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*) PIP_CONF="${APPDATA}/pip/pip.ini" ;;
  *) PIP_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf" ;;
esac
UV_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/uv/uv.toml"
NPMRC="$HOME/.npmrc"

log() { printf '\033[32m[cn-mirror]\033[0m %s\n' "$*"; }

backup() {
  local f="$1"
  if [ -f "$f" ]; then
    cp "$f" "$f.bak.$TS"
    log "已备份 $f -> $f.bak.$TS"
  fi
}

install_conf() {
  local src="$1" dst="$2"
  mkdir -p "$(dirname "$dst")"
  backup "$dst"
  cp "$src" "$dst"
  log "已写入 $dst"
}

restore() {
  local f latest
  for f in "$PIP_CONF" "$UV_CONF" "$NPMRC"; do
    latest=$(ls -1t "$f".bak.* 2>/dev/null | head -n1 || true)
    if [ -n "$latest" ]; then
      cp "$latest" "$f"
      log "已还原 $f <- $latest"
    fi
  done
}

do_pip()  { install_conf "$SKILL_DIR/configs/pip.conf" "$PIP_CONF"; }
do_uv()   { install_conf "$SKILL_DIR/configs/uv.toml" "$UV_CONF"; }
do_npm()  {
  install_conf "$SKILL_DIR/configs/npmrc" "$NPMRC"
  if command -v pnpm >/dev/null 2>&1; then
    pnpm config set registry https://registry.npmmirror.com/ >/dev/null
    log "pnpm registry -> npmmirror"
  fi
}

main() {
  if [ "${1:-}" = "--restore" ]; then
    restore
    exit 0
  fi
  local targets=("$@")
  [ ${#targets[@]} -eq 0 ] && targets=(pip uv npm)
  for t in "${targets[@]}"; do
    case "$t" in
      pip) do_pip ;;
      uv)  do_uv ;;
      npm) do_npm ;;
      *) echo "未知目标: $t（可选 pip uv npm）" >&2; exit 2 ;;
    esac
  done
  log "完成。验证：pip config list && npm config get registry"
}

main "$@"
