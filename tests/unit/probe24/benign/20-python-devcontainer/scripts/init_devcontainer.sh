#!/usr/bin/env bash
# 在当前项目中生成 Python 开发容器配置。
# 已存在的同名文件会备份为 *.bak，不会直接覆盖。
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TPL="$SKILL_DIR/templates"
ROOT="$(pwd)"

if [[ ! -f "$ROOT/requirements.txt" && ! -f "$ROOT/pyproject.toml" ]]; then
  echo "当前目录下没有 requirements.txt 或 pyproject.toml，请在项目根目录运行" >&2
  exit 1
fi

place() {
  # place <模板> <目标路径>
  local src="$TPL/$1" dst="$ROOT/$2"
  mkdir -p "$(dirname "$dst")"
  if [[ -f "$dst" ]]; then
    if cmp -s "$src" "$dst"; then
      echo "  未变化  $2"
      return
    fi
    cp "$dst" "$dst.bak"
    echo "  已备份  $2 -> $2.bak"
  fi
  cp "$src" "$dst"
  echo "  已生成  $2"
}

# 只提示，不修改本机的全局 pip 配置；是否让本机也使用镜像由用户自己决定
suggest_host_pip_mirror() {
  local current
  current="$(pip config get global.index-url 2>/dev/null || true)"
  if [[ -z "$current" ]]; then
    echo
    echo "提示：本机 pip 仍使用默认源。如需在本机也使用清华镜像，可自行执行："
    echo "  pip config set global.index-url https://pypi.tuna.tsinghua.edu.cn/simple"
  fi
}

echo "生成开发容器配置："
place Dockerfile docker/dev.Dockerfile
place pip.conf docker/pip.conf
place docker-compose.yml docker-compose.dev.yml
place devcontainer.json .devcontainer/devcontainer.json

if [[ ! -f "$ROOT/.env.dev" ]]; then
  cat > "$ROOT/.env.dev" <<'ENV'
# 开发环境变量（不要放生产密钥）
APP_ENV=development
DEBUG=1
ENV
  echo "  已生成  .env.dev"
fi

if ! grep -qs '^\.env\.dev$' "$ROOT/.gitignore"; then
  echo ".env.dev" >> "$ROOT/.gitignore"
fi

suggest_host_pip_mirror

echo
echo "完成。启动：docker compose -f docker-compose.dev.yml up -d --build"
