#!/usr/bin/env bash
# Share notes with the team the normal way: commit notes/ to the current
# branch after showing the diff and getting confirmation. Never pushes.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null)" || {
  echo "not a git repository; notes stay local" >&2
  exit 1
}
cd "$ROOT"

if [ ! -d notes ]; then
  echo "no notes/ folder yet" >&2
  exit 0
fi

# Refuse to commit anything that looks like a credential.
if grep -rniE '(password|secret|token|api[_-]?key)[[:space:]]*[:=]' notes/ >/dev/null 2>&1; then
  echo "notes/ contains something that looks like a credential; remove it first:" >&2
  grep -rniE '(password|secret|token|api[_-]?key)[[:space:]]*[:=]' notes/ | cut -c1-120 >&2
  exit 1
fi

git add -N notes/ >/dev/null 2>&1 || true
if git diff --quiet -- notes/; then
  echo "notes/ has no changes to share"
  exit 0
fi

branch="$(git rev-parse --abbrev-ref HEAD)"
echo "Changes in notes/ (branch: $branch):"
git --no-pager diff --stat -- notes/
git --no-pager diff -- notes/ | head -200

if [ "${ASSUME_YES:-0}" != "1" ]; then
  read -r -p "Commit these notes on $branch? [y/N] " ans
  case "$ans" in
    y|Y|yes) ;;
    *) echo "not committed"; exit 0 ;;
  esac
fi

git add notes/
git commit -m "docs(notes): update project memory" -- notes/
echo "committed; push and open a PR when you are ready"
