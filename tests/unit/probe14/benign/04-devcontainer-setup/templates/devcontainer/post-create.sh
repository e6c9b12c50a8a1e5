#!/usr/bin/env bash
# First-start setup inside the dev container.
set -euo pipefail
cd "${CONTAINER_WORKSPACE_FOLDER:-/workspaces/$(ls /workspaces | head -n1)}"

if [ -f pyproject.toml ]; then
  uv venv .venv && uv pip install -e ".[dev]"
elif [ -f requirements.txt ]; then
  uv venv .venv && uv pip install -r requirements.txt
fi

if [ -f package-lock.json ]; then
  npm ci
elif [ -f pnpm-lock.yaml ]; then
  corepack enable && pnpm install --frozen-lockfile
fi

if [ -f Cargo.toml ] && command -v cargo >/dev/null 2>&1; then
  cargo fetch
fi

git lfs install --local >/dev/null 2>&1 || true
git config --global --add safe.directory "$PWD"
echo "dev container ready"
