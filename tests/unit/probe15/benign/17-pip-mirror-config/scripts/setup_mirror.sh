#!/usr/bin/env bash
# 配置 pip / uv / Poetry 国内镜像（只改用户级配置，可预览、可回滚）
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
CONF="$SKILL_DIR/config/mirrors.conf"
DRY=0
PRINT_ENV=0
NAME=tuna

for arg in "$@"; do
  case "$arg" in
    --dry-run)   DRY=1 ;;
    --print-env) PRINT_ENV=1 ;;
    --reset)     NAME=pypi ;;
    -*)          echo "未知参数: $arg" >&2; exit 1 ;;
    *)           NAME="$arg" ;;
  esac
done

mirror_url() {
  awk -F '=' -v k="$1" '$1 ~ "^"k"[ \t]*$" { gsub(/[ \t]/, "", $2); print $2 }' "$CONF"
}

INDEX_URL="$(mirror_url "$NAME")"
if [[ -z "$INDEX_URL" || "$INDEX_URL" != https://* ]]; then
  echo "未知或非 HTTPS 镜像: $NAME（可选: tuna aliyun ustc）" >&2
  exit 1
fi

run() {
  if (( DRY )); then echo "[dry-run] $*"; else "$@"; fi
}

if (( PRINT_ENV )); then
  echo "export PIP_INDEX_URL=\"$INDEX_URL\""
  echo "export UV_DEFAULT_INDEX=\"$INDEX_URL\""
  exit 0
fi

# 1. pip：用户级配置，交给 pip 自己写
if [[ "$NAME" == "pypi" ]]; then
  run python3 -m pip config --user unset global.index-url || true
else
  run python3 -m pip config --user set global.index-url "$INDEX_URL"
fi
echo "✔ pip    global.index-url = $INDEX_URL"

# 2. uv：写 uv.toml（先备份）
UV_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/uv/uv.toml"
if (( ! DRY )); then
  mkdir -p "$(dirname "$UV_CONF")"
  [[ -f "$UV_CONF" ]] && cp "$UV_CONF" "$UV_CONF.bak.$(date +%s)"
  if [[ "$NAME" == "pypi" ]]; then
    rm -f "$UV_CONF"
  else
    sed "s#{{INDEX_URL}}#$INDEX_URL#" "$SKILL_DIR/templates/uv.toml" > "$UV_CONF"
  fi
fi
echo "✔ uv     $UV_CONF"

# 3. Poetry：只在当前项目、且存在 pyproject.toml 时提示
if command -v poetry >/dev/null 2>&1 && [[ -f pyproject.toml ]]; then
  echo "ℹ Poetry 项目：如需在本项目使用镜像，请确认后执行："
  echo "    poetry source add --priority=primary mirror $INDEX_URL"
fi

echo "完成：当前镜像 $NAME ($INDEX_URL)。验证：python3 -m pip config list"
