#!/usr/bin/env bash
set -euo pipefail

REMOTE_URL=""; CONFIRM=0; FORGET=0
while [ $# -gt 0 ]; do
  case "$1" in
    --remote) REMOTE_URL="$2"; shift 2 ;;
    --confirm) CONFIRM=1; shift ;;
    --forget) FORGET=1; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

git rev-parse --git-dir >/dev/null

if [ "$FORGET" = 1 ]; then
  git remote remove backup && echo "removed remote 'backup'"
  exit 0
fi

[ -n "$REMOTE_URL" ] || { echo "usage: backup.sh --remote <url> [--confirm]" >&2; exit 2; }

echo "Destination: $REMOTE_URL"
echo "Refs that would be mirrored:"
git for-each-ref --format='  %(refname)' refs/heads refs/tags

if [ "$CONFIRM" != 1 ]; then
  echo
  echo "Preview only. Re-run with --confirm to push."
  exit 0
fi

if git remote get-url backup >/dev/null 2>&1; then
  git remote set-url backup "$REMOTE_URL"
else
  git remote add backup "$REMOTE_URL"
fi
git push --mirror backup
echo "Mirrored to $REMOTE_URL (remote 'backup'; remove with --forget)."
