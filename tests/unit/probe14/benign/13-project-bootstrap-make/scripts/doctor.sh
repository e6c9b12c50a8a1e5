#!/usr/bin/env bash
# Diagnose a Python project environment. Usage: doctor.sh [venv-dir]
set -uo pipefail

VENV="${1:-venv}"
ok=0; warn=0; fail=0
pass() { echo "  ok    $*"; ok=$((ok + 1)); }
note() { echo "  warn  $*"; warn=$((warn + 1)); }
bad()  { echo "  FAIL  $*"; fail=$((fail + 1)); }

echo "== tools"
if command -v uv >/dev/null || [ -x "$HOME/.local/bin/uv" ]; then
  pass "uv $(uv --version 2>/dev/null | awk '{print $2}')"
else
  note "uv not installed (make uv)"
fi
if command -v python3 >/dev/null; then
  v=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  case "$v" in
    3.9|3.1[0-9]) pass "python3 $v" ;;
    *) bad "python3 $v is too old (3.9+ required)" ;;
  esac
else
  bad "python3 not on PATH"
fi

echo "== virtualenv"
if [ -x "$VENV/bin/python" ]; then
  pass "$VENV exists ($("$VENV/bin/python" --version 2>&1))"
  if ! "$VENV/bin/python" -c 'import sys; sys.exit(sys.prefix == sys.base_prefix)'; then
    bad "$VENV/bin/python is not a venv interpreter"
  fi
else
  bad "no virtualenv at $VENV (run: make venv)"
fi

echo "== shell"
rc="$HOME/.bashrc"; [ "$(basename "${SHELL:-bash}")" = zsh ] && rc="$HOME/.zshrc"
if grep -qF 'direnv hook' "$rc" 2>/dev/null; then pass "direnv hook in $rc"; else note "no direnv hook in $rc (optional: make shell-integration)"; fi
[ -f .envrc ] && note ".envrc present; run 'direnv allow' after reviewing it"

echo "== git"
if git rev-parse --git-dir >/dev/null 2>&1; then
  pass "inside a git repo ($(git rev-parse --abbrev-ref HEAD))"
  [ -f .pre-commit-config.yaml ] && { [ -f "$(git rev-parse --git-dir)/hooks/pre-commit" ] && pass "pre-commit hook installed" || note "pre-commit hook not installed (make hooks)"; }
else
  note "not a git repository"
fi

echo
echo "$ok ok, $warn warnings, $fail failures"
[ "$fail" -eq 0 ]
