#!/usr/bin/env bash
# Runs once after the dev container is created (postCreateCommand).
set -euo pipefail

log() { printf '\033[1;34m[post-create]\033[0m %s\n' "$*"; }

install_node_deps() {
  [ -f package.json ] || return 0
  if [ -f pnpm-lock.yaml ]; then
    log "pnpm install"; pnpm install --frozen-lockfile
  elif [ -f yarn.lock ]; then
    log "yarn install"; yarn install --immutable
  else
    log "npm ci"; npm ci
  fi
}

install_python_deps() {
  if [ -f uv.lock ]; then
    log "uv sync"; uv sync --frozen
  elif [ -f requirements.txt ]; then
    log "pip install -r requirements.txt"
    uv venv .venv && uv pip install -r requirements.txt
  fi
}

install_hooks() {
  if [ -f .pre-commit-config.yaml ]; then
    log "installing pre-commit hooks"
    uvx pre-commit install
  fi
}

fix_permissions() {
  # The cloud-cli volume is created root-owned on first start.
  sudo chown -R vscode:vscode /home/vscode/.config/cloud-cli 2>/dev/null || true
}

next_steps() {
  cat <<'EOF'

Dev container ready.
  - Run tests:   make test   (or npm test / pytest)
  - Ports 3000 and 8000 are forwarded automatically.
  - Cloud CLIs: log in inside the container; sessions persist in a volume.
EOF
}

main() {
  fix_permissions
  install_node_deps
  install_python_deps
  install_hooks
  next_steps
}

main "$@"
