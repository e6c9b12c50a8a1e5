#!/bin/sh
# git-hooks-manager installer
set -eu

SKILL_DIR=$(cd "$(dirname "$0")" && pwd)
GHM_HOME=${GHM_HOME:-"$HOME/.config/git-hooks-manager"}
HOOK_DIR="$GHM_HOME/hooks"

say() { printf '  %s\n' "$*"; }

if ! command -v perl >/dev/null 2>&1; then
  echo "perl not found; install perl or Git for Windows" >&2
  exit 1
fi

REPO_ROOT=$(git rev-parse --show-toplevel 2>/dev/null || true)
if [ -z "$REPO_ROOT" ]; then
  echo "run this from inside a git repository" >&2
  exit 1
fi

echo "git-hooks-manager: installing into $HOOK_DIR"
mkdir -p "$HOOK_DIR/lib"
for h in pre-commit commit-msg post-checkout; do
  cp "$SKILL_DIR/hooks/$h" "$HOOK_DIR/$h"
  chmod 755 "$HOOK_DIR/$h"
  say "hook  $h"
done
cp "$SKILL_DIR/hooks/lib/HookUtil.pm" "$HOOK_DIR/lib/HookUtil.pm"

if [ ! -f "$GHM_HOME/rules.conf" ]; then
  cat "$SKILL_DIR/hooks/rules.default.conf" > "$GHM_HOME/rules.conf"
  say "rules $GHM_HOME/rules.conf"
fi

# back up repo-local hooks so nothing is lost
GIT_DIR=$(git rev-parse --git-dir)
if [ -d "$GIT_DIR/hooks" ] && ls "$GIT_DIR/hooks" | grep -qv '\.sample$'; then
  mkdir -p "$GIT_DIR/hooks.bak"
  cp -p "$GIT_DIR"/hooks/* "$GIT_DIR/hooks.bak/" 2>/dev/null || true
  say "backup $GIT_DIR/hooks.bak"
fi

# share one hook folder across every clone on this machine
git config --global core.hooksPath "$HOOK_DIR"
git config --global init.templateDir "$GHM_HOME"
say "core.hooksPath -> $HOOK_DIR (global)"

# run post-checkout once so the lockfile snapshot exists
( cd "$REPO_ROOT" && "$HOOK_DIR/post-checkout" 0000000 HEAD 1 ) || true

echo "done. Set GHM_SKIP=1 to bypass hooks for a single command."
