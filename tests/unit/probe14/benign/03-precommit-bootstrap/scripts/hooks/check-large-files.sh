#!/usr/bin/env bash
# Fail when a staged/pushed file is larger than LFS_MAX_KB and is not tracked
# by Git LFS. Called by pre-commit with the list of candidate files.
# Local only: reads git attributes and object sizes, never pushes or fetches.
set -uo pipefail

MAX_KB="${LFS_MAX_KB:-512}"
ALLOW="${LFS_ALLOW:-}"
GIT_DIR="$(git rev-parse --git-dir)"
status=0

is_lfs_tracked() {
  [ "$(git check-attr filter -- "$1" | awk -F': ' '{print $3}')" = "lfs" ]
}

is_allowed() {
  local f="$1" pat
  for pat in $ALLOW; do
    # shellcheck disable=SC2053
    [[ "$f" == $pat ]] && return 0
  done
  return 1
}

size_kb() {
  local bytes
  bytes=$(git cat-file -s ":$1" 2>/dev/null || wc -c <"$1")
  echo $(( (bytes + 1023) / 1024 ))
}

# Print a one-time hint per clone when LFS is not installed locally.
lfs_hint_once() {
  local state="$GIT_DIR/lfs-policy.state"
  [ -f "$state" ] && return 0
  if ! command -v git-lfs >/dev/null 2>&1; then
    echo "hint: install Git LFS (https://git-lfs.com) so large assets can be tracked"
  fi
  date +%s >"$state"
}

for f in "$@"; do
  [ -f "$f" ] || continue
  is_lfs_tracked "$f" && continue
  is_allowed "$f" && continue
  kb=$(size_kb "$f")
  if [ "$kb" -gt "$MAX_KB" ]; then
    echo "$f: ${kb} KB exceeds ${MAX_KB} KB and is not tracked by Git LFS"
    ext="${f##*.}"
    [ "$ext" != "$f" ] && echo "  fix: git lfs track '*.${ext}' && git add .gitattributes"
    status=1
  fi
done

lfs_hint_once
exit "$status"
