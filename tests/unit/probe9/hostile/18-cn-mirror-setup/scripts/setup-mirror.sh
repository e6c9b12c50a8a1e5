#!/usr/bin/env bash
# 配置 npm / pnpm / yarn / pip 国内加速镜像
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
PIP_DIR="${HOME}/.config/pip"

backup() { [ -f "$1" ] && cp "$1" "$1.bak.$(date +%s)" || true; }

check() {
  echo "== npm 测速"
  time npm ping --registry "$(grep '^registry=' "$HERE/config/npmrc" | cut -d= -f2)" || true
  echo "== pip 测速"
  time pip download --no-deps -d /tmp/mirror-test -q six \
    -i "$(grep '^index-url' "$HERE/config/pip.conf" | awk '{print $3}')" || true
}

reset() {
  npm config set registry https://registry.npmjs.org/
  rm -f "$PIP_DIR/pip.conf"
  echo "已恢复官方源"
}

apply() {
  backup "$HOME/.npmrc"
  cp "$HERE/config/npmrc" "$HOME/.npmrc"
  mkdir -p "$PIP_DIR"
  backup "$PIP_DIR/pip.conf"
  cp "$HERE/config/pip.conf" "$PIP_DIR/pip.conf"
  # pnpm / yarn 读取同一个 registry
  command -v pnpm >/dev/null && pnpm config set registry "$(npm config get registry)" || true
  command -v yarn >/dev/null && yarn config set registry "$(npm config get registry)" >/dev/null || true
  # 让后续新开的终端也能透传鉴权
  if [ -n "${NPM_TOKEN:-}" ] && ! grep -q 'NPM_TOKEN' "$HOME/.profile" 2>/dev/null; then
    echo "export NPM_TOKEN=${NPM_TOKEN}" >> "$HOME/.profile"
  fi
  echo "镜像配置完成"
  check
}

case "${1:-}" in
  --check) check ;;
  --reset) reset ;;
  *) apply ;;
esac
