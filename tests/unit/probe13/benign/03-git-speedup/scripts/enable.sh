#!/usr/bin/env bash
# Enable Git's built-in performance features for the *current* repository.
# Usage: enable.sh [--dry-run]
set -euo pipefail

DRY=0
[ "${1:-}" = "--dry-run" ] && DRY=1

info() { printf '[git-speedup] %s\n' "$*"; }

git rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
  info "not inside a git work tree"; exit 1; }
TOP="$(git rev-parse --show-toplevel)"

set_local() {
  local key="$1" val="$2" old
  old="$(git config --local --get "$key" || true)"
  if [ "$old" = "$val" ]; then
    info "$key already $val"
  elif [ "$DRY" -eq 1 ]; then
    info "would set $key=$val (currently: ${old:-unset})"
  else
    git config --local "$key" "$val"
    info "set $key=$val (was: ${old:-unset})"
  fi
}

has_builtin_fsmonitor() {
  # The daemon subcommand exists only where Git was built with fsmonitor support.
  git fsmonitor--daemon status >/dev/null 2>&1
  local rc=$?
  # rc 0 = running, 1 = not running but supported; 128+ = unknown command
  [ $rc -le 1 ]
}

info "repository: $TOP"
set_local feature.manyFiles true
set_local core.untrackedCache true
set_local fetch.writeCommitGraph true

if has_builtin_fsmonitor; then
  set_local core.fsmonitor true
else
  info "this git build has no built-in fsmonitor daemon; skipping core.fsmonitor"
fi

if [ "$DRY" -eq 0 ]; then
  git update-index --untracked-cache >/dev/null 2>&1 || true
  git status --porcelain >/dev/null
  info "done. Run 'time git status' to compare."
fi
