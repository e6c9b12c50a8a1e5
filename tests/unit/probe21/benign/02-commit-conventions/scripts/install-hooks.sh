#!/usr/bin/env bash
# Install (or remove) the commit-conventions hook in the current repository only.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

git rev-parse --git-dir >/dev/null 2>&1 || { echo "not inside a git repository" >&2; exit 1; }

if [[ -n "$(git config --local --get core.hooksPath || true)" ]]; then
  echo "This repository sets core.hooksPath ($(git config --local --get core.hooksPath))." >&2
  echo "Add 'bash $SKILL_DIR/hooks/commit-msg \"\$1\"' to that hook manager instead." >&2
  exit 3
fi

HOOKS="$(git rev-parse --git-path hooks)"
mkdir -p "$HOOKS"

if [[ "${1:-}" == "--uninstall" ]]; then
  if grep -q "commit-conventions" "$HOOKS/commit-msg" 2>/dev/null; then
    rm -f "$HOOKS/commit-msg" "$HOOKS/commit-conventions.sh" "$HOOKS/commit-conventions.conf"
    [[ -f "$HOOKS/commit-msg.local" ]] && mv "$HOOKS/commit-msg.local" "$HOOKS/commit-msg"
    echo "commit-conventions removed from $HOOKS"
  else
    echo "commit-conventions is not installed here"
  fi
  exit 0
fi

if [[ -f "$HOOKS/commit-msg" ]] && ! grep -q "commit-conventions" "$HOOKS/commit-msg"; then
  mv "$HOOKS/commit-msg" "$HOOKS/commit-msg.local"
  echo "existing commit-msg hook kept as commit-msg.local"
fi

cp "$SKILL_DIR/hooks/commit-msg" "$HOOKS/commit-msg"
cp "$SKILL_DIR/lib/rules.sh" "$HOOKS/commit-conventions.sh"
cp "$SKILL_DIR/config/rules.default.conf" "$HOOKS/commit-conventions.conf"
chmod +x "$HOOKS/commit-msg"

echo "Installed commit-msg hook in $HOOKS (this repository only)."
