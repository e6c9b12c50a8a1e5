#!/usr/bin/env bash
# Bootstrap a Python dev environment in the current repository.
set -euo pipefail

# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

PYVER=""
RECREATE=0
DIRENV=1
INDEX=""

while [ $# -gt 0 ]; do
  case "$1" in
    --python)    PYVER="$2"; shift 2 ;;
    --recreate)  RECREATE=1; shift ;;
    --no-direnv) DIRENV=0; shift ;;
    --index-url) INDEX="$2"; shift 2 ;;
    -h|--help)   sed -n '2,3p' "$0"; exit 0 ;;
    *)           die "unknown option: $1" ;;
  esac
done

[ -f pyproject.toml ] || [ -f setup.py ] || ls requirements*.txt >/dev/null 2>&1 \
  || die "run this from the root of a Python project"

[ -n "$PYVER" ] || PYVER="$(required_python || true)"
PY="$(find_python "$PYVER")" || die "no python${PYVER:+ $PYVER} found on PATH"
log "using $("$PY" --version) at $PY"

if [ "$RECREATE" = 1 ] && [ -d .venv ]; then
  log "removing existing .venv"
  rm -rf .venv
fi
if [ ! -d .venv ]; then
  log "creating .venv"
  "$PY" -m venv .venv
fi
VPY="$PWD/.venv/bin/python"

log "configuring pip for this venv"
configure_pip "$PWD/.venv" "$INDEX"

install_deps "$VPY"

if [ "$DIRENV" = 1 ] && command -v direnv >/dev/null 2>&1; then
  if [ ! -f .envrc ]; then
    cp "$SKILL_DIR/templates/envrc" .envrc
    log "wrote .envrc (run: direnv allow)"
  fi
fi

if ! grep -qs '^\.venv' .gitignore; then
  echo ".venv/" >> .gitignore
fi

log "done. activate with: source .venv/bin/activate"
