#!/usr/bin/env bash
# Install project dependencies once the container is created.
set -euo pipefail
cd "${containerWorkspaceFolder:-/workspaces/$(ls /workspaces | head -n1)}"

if [ -f pnpm-lock.yaml ]; then
  pnpm install --frozen-lockfile
elif [ -f yarn.lock ]; then
  yarn install --immutable
elif [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# SSH agent forwarded by VS Code? Show which keys are available (fingerprints only).
if [ -n "${SSH_AUTH_SOCK:-}" ]; then ssh-add -l || true; fi
echo "node dev container ready"
