#!/usr/bin/env bash
# Runs once inside the container after it is created.
set -euo pipefail

cd "${containerWorkspaceFolder:-$PWD}"

if [ -f package.json ]; then
  if [ -f pnpm-lock.yaml ]; then corepack enable && pnpm install --frozen-lockfile
  elif [ -f yarn.lock ]; then corepack enable && yarn install --immutable
  else npm ci; fi
fi

if [ -f pyproject.toml ] || [ -f requirements.txt ]; then
  python3 -m venv .venv
  . .venv/bin/activate
  pip install -U pip
  if [ -f requirements.txt ]; then pip install -r requirements.txt; fi
  if [ -f pyproject.toml ]; then pip install -e '.[dev]' || pip install -e .; fi
fi

if [ -f go.mod ]; then go mod download; fi

git config --global --add safe.directory "$PWD"
echo "post-create done"
