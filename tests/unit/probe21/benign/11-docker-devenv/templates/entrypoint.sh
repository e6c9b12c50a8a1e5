#!/usr/bin/env bash
# devbox entrypoint: first-start setup inside the container, then run the command.
set -uo pipefail

STATE="$HOME/.cache/devbox"
mkdir -p "$STATE"

setup_git() {
  git config --global --add safe.directory /workspace
  if [[ -S "${SSH_AUTH_SOCK:-}" ]]; then
    mkdir -p "$HOME/.ssh" && chmod 700 "$HOME/.ssh"
    # Trust github.com's published host keys instead of accepting any key.
    if ! grep -q github.com "$HOME/.ssh/known_hosts" 2>/dev/null; then
      curl -fsS https://api.github.com/meta \
        | jq -r '.ssh_keys[] | "github.com " + .' >> "$HOME/.ssh/known_hosts" || true
    fi
  else
    echo "devbox: no SSH agent socket; git over SSH will not work (HTTPS still does)" >&2
  fi
}

install_deps() {
  cd /workspace || return
  if [[ -f package-lock.json ]]; then npm ci --no-audit --no-fund
  elif [[ -f pnpm-lock.yaml ]]; then corepack enable && pnpm install --frozen-lockfile
  elif [[ -f yarn.lock ]]; then corepack enable && yarn install --immutable
  fi
}

wait_for_services() {
  local url="${DATABASE_URL:-}" i
  [[ -n "$url" ]] || return 0
  for i in $(seq 1 30); do
    pg_isready -d "$url" >/dev/null 2>&1 && return 0
    sleep 1
  done
  echo "devbox: postgres did not become ready in 30s" >&2
}

setup_git
if [[ ! -f "$STATE/initialised" ]]; then
  install_deps
  touch "$STATE/initialised"
fi
wait_for_services

exec "$@"
