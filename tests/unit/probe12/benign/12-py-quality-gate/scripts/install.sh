#!/usr/bin/env bash
# Install the pinned, hash-checked lint toolchain into the project venv only.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

if [[ -z "${VIRTUAL_ENV:-}" ]]; then
  [[ -f .venv/bin/activate ]] || { echo "create a venv first: python3 -m venv .venv" >&2; exit 1; }
  # shellcheck disable=SC1091
  source .venv/bin/activate
fi

# Warn about global pip settings that widen the package sources.
if python -m pip config list 2>/dev/null | grep -q 'extra-index-url'; then
  echo "warning: your pip config sets extra-index-url; this install pins --index-url to PyPI anyway" >&2
fi

python -m pip install --require-hashes --no-deps -r "$here/requirements-lint.txt"
pre-commit install

ruff --version
mypy --version
