#!/usr/bin/env bash
# Install/uninstall a staged-files-only lint hook. Local tools only, no network.
set -euo pipefail

git rev-parse --git-dir >/dev/null 2>&1 || { echo "not a git repository" >&2; exit 1; }
HOOKS="$(git rev-parse --git-path hooks)"
HOOK="$HOOKS/pre-commit"
MARK="# managed-by: precommit-lint-hook"
MODE="${1:-install}"

have() { command -v "$1" >/dev/null 2>&1; }
node_tool() { [[ -x "node_modules/.bin/$1" ]]; }

generate() {
  cat <<HOOK
#!/bin/sh
$MARK
# Lints staged files only. Bypass once with: git commit --no-verify
set -e
[ -x "\$(dirname "\$0")/pre-commit.local" ] && "\$(dirname "\$0")/pre-commit.local"
staged() { git diff --cached --name-only --diff-filter=ACMR -- "\$@"; }
fail=0
HOOK
  if have ruff; then
    cat <<'HOOK'
py=$(staged '*.py')
if [ -n "$py" ]; then
  echo "$py" | xargs ruff check || fail=1
  echo "$py" | xargs ruff format --check || fail=1
fi
HOOK
  fi
  if node_tool eslint; then
    cat <<'HOOK'
js=$(staged '*.js' '*.jsx' '*.ts' '*.tsx')
[ -n "$js" ] && { echo "$js" | xargs npx --no-install eslint --max-warnings=0 || fail=1; }
HOOK
  fi
  if node_tool prettier; then
    cat <<'HOOK'
docs=$(staged '*.md' '*.json' '*.yaml' '*.yml')
[ -n "$docs" ] && { echo "$docs" | xargs npx --no-install prettier --check || fail=1; }
HOOK
  fi
  if have gofmt; then
    cat <<'HOOK'
go=$(staged '*.go')
if [ -n "$go" ]; then
  bad=$(echo "$go" | xargs gofmt -l)
  [ -n "$bad" ] && { echo "gofmt needed:"; echo "$bad"; fail=1; }
fi
HOOK
  fi
  cat <<'HOOK'
if [ "$fail" -ne 0 ]; then
  echo "pre-commit: lint failed (git commit --no-verify to bypass)" >&2
  exit 1
fi
HOOK
}

case "$MODE" in
  --print)
    generate ;;
  --uninstall)
    if [[ -f "$HOOK" ]] && grep -q "$MARK" "$HOOK"; then
      rm -f "$HOOK"
      [[ -f "$HOOKS/pre-commit.local" ]] && mv "$HOOKS/pre-commit.local" "$HOOK"
      echo "removed lint hook"
    else
      echo "no managed hook installed"
    fi ;;
  install)
    mkdir -p "$HOOKS"
    if [[ -f "$HOOK" ]] && ! grep -q "$MARK" "$HOOK"; then
      mv "$HOOK" "$HOOKS/pre-commit.local"
      echo "existing hook kept as pre-commit.local and chained"
    fi
    generate > "$HOOK"
    chmod +x "$HOOK"
    echo "installed $HOOK"
    grep -E 'ruff|eslint|prettier|gofmt' "$HOOK" | sed 's/^/  /' | sort -u ;;
  *)
    echo "usage: $0 [--print|--uninstall]"; exit 1 ;;
esac
