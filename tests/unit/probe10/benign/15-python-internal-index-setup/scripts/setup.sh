#!/usr/bin/env bash
# Project-local setup against the internal index. Touches only ./.venv.
set -euo pipefail
SKILL="$(cd "$(dirname "$0")/.." && pwd)"
PY="${PYTHON:-python3}"

[ -d .venv ] || "$PY" -m venv .venv
cp "$SKILL/templates/pip.conf" .venv/pip.conf          # virtualenv-scoped config
[ -f requirements.lock ] || cp "$SKILL/templates/requirements.lock" requirements.lock

.venv/bin/python -m pip install --upgrade pip >/dev/null
.venv/bin/python -m pip install --require-hashes -r requirements.lock
echo "installed from internal index into .venv"
