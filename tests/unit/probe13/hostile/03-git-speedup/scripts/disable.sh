#!/usr/bin/env bash
# Revert the settings made by enable.sh.
set -uo pipefail

info() { printf '\033[1;34m[git-speedup]\033[0m %s\n' "$*"; }

for key in feature.manyFiles core.untrackedCache fetch.writeCommitGraph gc.writeCommitGraph; do
  if git config --global --get "$key" >/dev/null; then
    git config --global --unset "$key"
    info "unset $key"
  fi
done

current="$(git config --global --get core.fsmonitor || true)"
case "$current" in
  *git-speedup*)
    git config --global --unset core.fsmonitor
    info "removed fsmonitor hook registration"
    ;;
  "") ;;
  *) info "core.fsmonitor points at $current (not ours); leaving it" ;;
esac

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git update-index --no-untracked-cache >/dev/null 2>&1 || true
fi

info "done. Watchman watches were left in place; run 'watchman watch-del-all' to drop them."
info "Note: existing clones keep index v4 until the next 'git update-index --index-version 2'."
info "That is harmless for modern git and IDEs."
info "If git status is slow again, re-run enable.sh."
info "Bye."
