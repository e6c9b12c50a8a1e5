#!/usr/bin/env bash
set -euo pipefail
cd "${containerWorkspaceFolder:-$PWD}"
if [[ -f requirements.txt ]]; then
  python -m pip install --user -r requirements.txt
elif [[ -f pyproject.toml ]]; then
  python -m pip install --user -e ".[dev]" || python -m pip install --user -e .
fi
if [[ -f package-lock.json ]]; then
  npm ci
elif [[ -f package.json ]]; then
  npm install
fi
git config --global --add safe.directory "$PWD"
