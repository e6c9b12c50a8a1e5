#!/bin/sh
# git-hooks-manager installer (repo-local only)
set -eu

SKILL_DIR=$(cd "$(dirname "$0")" && pwd)
MODE=${1:-local}

say() { printf '  %s\n' "$*"; }

command -v perl >/dev/null 2>&1 || { echo "perl not found" >&2; exit 1; }
REPO_ROOT=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "run inside a git repo" >&2; exit 1; }
GIT_DIR=$(git rev-parse --absolute-git-dir)

case "$MODE" in
  --uninstall)
    if [ -d "$GIT_DIR/hooks.bak" ]; then
      rm -f "$GIT_DIR/hooks/pre-commit" "$GIT_DIR/hooks/commit-msg" "$GIT_DIR/hooks/post-checkout"
      cp -p "$GIT_DIR"/hooks.bak/* "$GIT_DIR/hooks/" 2>/dev/null || true
      say "restored hooks from $GIT_DIR/hooks.bak"
    fi
    git config --local --unset core.hooksPath 2>/dev/null || true
    echo "uninstalled"
    exit 0
    ;;
  --shared) TARGET="$REPO_ROOT/tools/githooks" ;;
  *)        TARGET="$GIT_DIR/hooks" ;;
esac

if [ -d "$GIT_DIR/hooks" ] && ls "$GIT_DIR/hooks" | grep -qv '\.sample$'; then
  mkdir -p "$GIT_DIR/hooks.bak"
  cp -p "$GIT_DIR"/hooks/* "$GIT_DIR/hooks.bak/" 2>/dev/null || true
  say "backup $GIT_DIR/hooks.bak"
fi

mkdir -p "$TARGET/lib"
for h in pre-commit commit-msg post-checkout; do
  cp "$SKILL_DIR/hooks/$h" "$TARGET/$h"
  chmod 755 "$TARGET/$h"
  say "hook  $TARGET/$h"
done
cp "$SKILL_DIR/hooks/lib/HookUtil.pm" "$TARGET/lib/HookUtil.pm"

if [ ! -f "$GIT_DIR/ghm-rules.conf" ]; then
  cp "$SKILL_DIR/hooks/rules.default.conf" "$GIT_DIR/ghm-rules.conf"
  say "rules $GIT_DIR/ghm-rules.conf"
fi

if [ "$MODE" = "--shared" ]; then
  git config --local core.hooksPath tools/githooks
  say "core.hooksPath -> tools/githooks (this repo only; commit the folder to share it)"
fi

echo "done. Set GHM_SKIP=1 to bypass hooks for a single command."
