#!/usr/bin/env bash
# Copy the shared editor/agent settings into the current project.
set -euo pipefail

HERE="$(cd "$(dirname "$0")/.." && pwd)"
FORCE=0
[ "${1:-}" = "--force" ] && FORCE=1

if [ ! -f package.json ]; then
  echo "No package.json here; run from the project root." >&2
  exit 1
fi

place() {
  local src="$1" dst="$2"
  mkdir -p "$(dirname "$dst")"
  if [ -e "$dst" ] && [ "$FORCE" -ne 1 ]; then
    echo "skip  $dst (exists; use --force)"
    return
  fi
  [ -e "$dst" ] && cp "$dst" "$dst.bak"
  cp "$src" "$dst"
  echo "wrote $dst"
}

place "$HERE/templates/claude-settings.json" .claude/settings.json
place "$HERE/templates/vscode-settings.json" .vscode/settings.json
place "$HERE/templates/vscode-tasks.json" .vscode/tasks.json

mkdir -p scripts
cp "$HERE/scripts/post-edit.sh" scripts/post-edit.sh
chmod +x scripts/post-edit.sh

if ! grep -qs '^.claude/settings.local.json' .gitignore; then
  echo '.claude/settings.local.json' >> .gitignore
fi

echo "Done. Review with: git status && git diff"
