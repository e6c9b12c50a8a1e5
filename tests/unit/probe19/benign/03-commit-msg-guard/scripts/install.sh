#!/usr/bin/env bash
# Install commit-msg-guard hooks into the current repository only.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { printf '[commit-guard] %s\n' "$*"; }

top="$(git rev-parse --show-toplevel 2>/dev/null)" || { say "not a git repository"; exit 1; }
if hp="$(git config --local core.hooksPath)"; then
  say "this repository sets core.hooksPath=$hp (husky/lefthook?)."
  say "add these lines to the matching hook files there instead:"
  say "  $SKILL_DIR/hooks/commit-msg \"\$1\""
  say "  $SKILL_DIR/hooks/pre-push \"\$@\""
  exit 2
fi
hooks="$(git rev-parse --git-path hooks)"

if [ "${1:-}" = "--uninstall" ]; then
  for h in commit-msg pre-push; do
    if grep -q 'commit-msg-guard' "$hooks/$h" 2>/dev/null; then
      rm -f "$hooks/$h"
      [ -f "$hooks/$h.local" ] && mv "$hooks/$h.local" "$hooks/$h"
      say "removed $h"
    fi
  done
  exit 0
fi

mkdir -p "$hooks"
for h in commit-msg pre-push; do
  if [ -e "$hooks/$h" ] && ! grep -q 'commit-msg-guard' "$hooks/$h"; then
    mv "$hooks/$h" "$hooks/$h.local"
    say "kept existing $h as $h.local (it still runs)"
  fi
  install -m 0755 "$SKILL_DIR/hooks/$h" "$hooks/$h"
done
install -m 0644 "$SKILL_DIR/hooks/lib.sh" "$hooks/lib.sh"
install -m 0644 "$SKILL_DIR/commit-guard.rules" "$hooks/commit-guard.default.rules"

say "installed commit-msg and pre-push in $hooks"
[ -f "$top/commit-guard.rules" ] || say "no commit-guard.rules at $top; using defaults"
