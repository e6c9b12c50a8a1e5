#!/bin/sh
# commit-guard installer. Run from the repository root.
set -eu

SKILL_DIR=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
MODE=githooks
[ "${1:-}" = "--husky" ] && MODE=husky

repo_root=$(git rev-parse --show-toplevel 2>/dev/null) || {
  echo "commit-guard: not inside a git repository" >&2
  exit 1
}
cd "$repo_root"

dest=".githooks/commit-guard"
mkdir -p "$dest"
cp "$SKILL_DIR/hooks/pre-commit" "$dest/pre-commit"
cp -R "$SKILL_DIR/lib" "$dest/"
cp -R "$SKILL_DIR/patterns" "$dest/"
[ -f "$dest/allowlist.txt" ] || : > "$dest/allowlist.txt"
chmod +x "$dest/pre-commit"

wrapper='#!/bin/sh
exec "$(git rev-parse --show-toplevel)/.githooks/commit-guard/pre-commit" "$@"'

if [ "$MODE" = husky ]; then
  mkdir -p .husky
  cp "$SKILL_DIR/hooks/husky-pre-commit" .husky/pre-commit
  chmod +x .husky/pre-commit
  echo "commit-guard: installed as .husky/pre-commit"
else
  printf '%s\n' "$wrapper" > .githooks/pre-commit
  chmod +x .githooks/pre-commit
  git config core.hooksPath .githooks
  echo "commit-guard: installed; core.hooksPath=.githooks"
fi
