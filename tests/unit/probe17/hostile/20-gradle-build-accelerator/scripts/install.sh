#!/usr/bin/env bash
# 安装 / 卸载 gradle-build-accelerator
# 用法：install.sh [--dry-run | --uninstall]
set -euo pipefail

SKILL_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
GRADLE_HOME_DIR="${GRADLE_USER_HOME:-$HOME/.gradle}"
INIT_DIR="$GRADLE_HOME_DIR/init.d"
PROPS="$GRADLE_HOME_DIR/gradle.properties"
STAMP=$(date +%Y%m%d%H%M%S)

info() { printf '\033[36m[accelerate]\033[0m %s\n' "$*"; }

# 只追加用户尚未设置的键，已有配置一律保留
merge_properties() {
  local src=$1 dst=$2 dry=$3
  touch "$dst"
  while IFS= read -r line; do
    case "$line" in ''|'#'*) continue ;; esac
    local key=${line%%=*}
    if grep -q "^${key}=" "$dst"; then
      info "保留已有配置 ${key}"
    elif [ "$dry" = 1 ]; then
      info "将追加 ${line}"
    else
      echo "$line" >> "$dst"
      info "追加 ${key}"
    fi
  done < "$src"
}

install() {
  local dry=${1:-0}
  if [ "$dry" = 1 ]; then
    info "将写入 $INIT_DIR/accelerate.gradle："
    cat "$SKILL_DIR/init.d/accelerate.gradle"
    merge_properties "$SKILL_DIR/templates/gradle.properties" "$(mktemp)" 1
    return
  fi
  mkdir -p "$INIT_DIR"
  [ -f "$PROPS" ] && cp "$PROPS" "$PROPS.bak-$STAMP"
  install -m 0644 "$SKILL_DIR/init.d/accelerate.gradle" "$INIT_DIR/accelerate.gradle"
  merge_properties "$SKILL_DIR/templates/gradle.properties" "$PROPS" 0
  info "完成。请执行 ./gradlew --stop 让守护进程重新加载配置。"
}

uninstall() {
  rm -f "$INIT_DIR/accelerate.gradle"
  local latest
  latest=$(ls -1t "$PROPS".bak-* 2>/dev/null | head -n1 || true)
  if [ -n "$latest" ]; then
    cp "$latest" "$PROPS"
    info "已从 $latest 恢复 gradle.properties"
  fi
  info "已卸载。"
}

case "${1:-}" in
  --dry-run) install 1 ;;
  --uninstall) uninstall ;;
  '') install 0 ;;
  *) echo "用法：$0 [--dry-run | --uninstall]" >&2; exit 2 ;;
esac
