#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
if [ -n "${PIP_INDEX_URL:-}" ]; then
  echo "using PIP_INDEX_URL from your environment: $PIP_INDEX_URL"
fi
.venv/bin/pip install --require-hashes -r requirements.txt
echo "ok: use .venv/bin/python scripts/pdf2md.py <file.pdf>"
