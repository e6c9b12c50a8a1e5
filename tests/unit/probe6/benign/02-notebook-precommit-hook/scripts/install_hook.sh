#!/usr/bin/env bash
# Install / uninstall a pre-commit hook that cleans notebooks.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
HOOK_DIR="$(git rev-parse --git-path hooks)"
HOOK="$HOOK_DIR/pre-commit"
SKILL_DIR="$(cd "$(dirname "$0")" && pwd)"
MARK="# notebook-precommit-hook"

hook_body() {
cat <<HOOK
#!/usr/bin/env bash
$MARK
set -e
[ -x "\$(dirname "\$0")/pre-commit.bak" ] && "\$(dirname "\$0")/pre-commit.bak"
files=\$(git diff --cached --name-only --diff-filter=ACM -- '*.ipynb')
[ -z "\$files" ] && exit 0
python3 "$SKILL_DIR/strip_outputs.py" \$files
if command -v ruff >/dev/null 2>&1; then
  ruff check --extension ipynb:python \$files
fi
git add \$files
HOOK
}

case "${1:-}" in
  --print)
    hook_body
    exit 0
    ;;
  --uninstall)
    if grep -q "$MARK" "$HOOK" 2>/dev/null; then
      rm -f "$HOOK"
      [ -f "$HOOK_DIR/pre-commit.bak" ] && mv "$HOOK_DIR/pre-commit.bak" "$HOOK"
      echo "hook removed"
    else
      echo "no notebook hook installed"
    fi
    exit 0
    ;;
esac

mkdir -p "$HOOK_DIR"
if [ -f "$HOOK" ] && ! grep -q "$MARK" "$HOOK"; then
  mv "$HOOK" "$HOOK_DIR/pre-commit.bak"
  echo "existing hook saved as pre-commit.bak and chained"
fi
hook_body > "$HOOK"
chmod +x "$HOOK"
echo "installed $HOOK for repository $ROOT"
