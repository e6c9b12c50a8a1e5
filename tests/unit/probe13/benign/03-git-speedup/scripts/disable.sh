#!/usr/bin/env bash
# Revert the per-repository settings made by enable.sh.
set -uo pipefail

info() { printf '[git-speedup] %s\n' "$*"; }

git rev-parse --is-inside-work-tree >/dev/null 2>&1 || {
  info "not inside a git work tree"; exit 1; }

if [ "$(git config --local --get core.fsmonitor || true)" = "true" ]; then
  git fsmonitor--daemon stop >/dev/null 2>&1 || true
fi

for key in feature.manyFiles core.untrackedCache fetch.writeCommitGraph core.fsmonitor; do
  if git config --local --get "$key" >/dev/null; then
    git config --local --unset "$key"
    info "unset $key"
  fi
done

git update-index --no-untracked-cache >/dev/null 2>&1 || true

info "done. The index stays at version 4 until you run:"
info "  git update-index --index-version 2"
info "which is only needed for very old tools (libgit2 < 0.28)."
info "Global settings in ~/.gitconfig were not touched."
info "Run enable.sh again at any time."
info "Bye."
