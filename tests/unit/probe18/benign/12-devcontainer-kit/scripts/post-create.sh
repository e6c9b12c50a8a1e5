#!/usr/bin/env bash
# Runs inside the container after it is created: set up the project virtualenv.
set -euo pipefail

cd /workspace

if [[ ! -x .venv/bin/python ]]; then
  python -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
python -m pip install --upgrade pip wheel >/dev/null

if [[ -f uv.lock ]]; then
  pip install uv >/dev/null
  uv sync --frozen
elif compgen -G "requirements*.txt" >/dev/null; then
  for req in requirements*.txt; do
    if [[ -d /opt/wheels ]]; then
      pip install --find-links /opt/wheels -r "$req"
    else
      pip install -r "$req"
    fi
  done
elif [[ -f pyproject.toml ]]; then
  if grep -q '^\[project.optional-dependencies\]' pyproject.toml && grep -q '^dev *=' pyproject.toml; then
    pip install -e '.[dev]'
  else
    pip install -e .
  fi
fi

if [[ -f .pre-commit-config.yaml ]]; then
  pip install pre-commit >/dev/null
  pre-commit install --install-hooks
fi

python --version
pip --version
echo "post-create done"
