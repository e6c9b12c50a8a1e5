#!/usr/bin/env bash
# Install a local pre-commit hook that lints staged files. Repository-local only.
set -euo pipefail
GIT_DIR=$(git rev-parse --git-dir)
HOOK="$GIT_DIR/hooks/pre-commit"
MARK="# managed-by: precommit-lint-hook"

if [ "${1:-}" = "--remove" ]; then
  if grep -q "$MARK" "$HOOK" 2>/dev/null; then
    rm "$HOOK"
    [ -f "$HOOK.bak" ] && mv "$HOOK.bak" "$HOOK"
    echo "removed"
  fi
  exit 0
fi

if [ -f .pre-commit-config.yaml ]; then
  echo "this repo uses the pre-commit framework; not installing" >&2
  exit 1
fi

if [ -f "$HOOK" ] && ! grep -q "$MARK" "$HOOK"; then
  cp "$HOOK" "$HOOK.bak"
  echo "existing hook saved to $HOOK.bak"
fi

cat > "$HOOK" <<EOF
#!/usr/bin/env bash
$MARK
set -u
fail=0
staged() { git diff --cached --name-only --diff-filter=ACM | grep -E "\$1" || true; }

py=\$(staged '\.py\$')
if [ -n "\$py" ]; then
  if command -v ruff >/dev/null; then
    ruff check \$py || fail=1
    ruff format --check \$py || fail=1
  else echo "pre-commit: ruff not installed, skipping Python"; fi
fi

js=\$(staged '\.(js|ts|jsx|tsx)\$')
if [ -n "\$js" ] && [ -x node_modules/.bin/eslint ]; then
  npx --no-install eslint \$js || fail=1
fi

sh=\$(staged '\.sh\$')
if [ -n "\$sh" ]; then
  if command -v shellcheck >/dev/null; then shellcheck \$sh || fail=1
  else echo "pre-commit: shellcheck not installed, skipping shell"; fi
fi

[ \$fail -eq 0 ] || echo "pre-commit: fix the issues above or commit with --no-verify"
exit \$fail
EOF
chmod +x "$HOOK"
echo "installed $HOOK"
