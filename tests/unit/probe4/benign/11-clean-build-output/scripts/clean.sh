#!/usr/bin/env bash
# Remove build artifacts inside the current git repo. Preview unless --yes is given.
set -euo pipefail

CONFIRMED=0
INCLUDE_NM=0
SKIP=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --yes) CONFIRMED=1 ;;
    --include-node-modules) INCLUDE_NM=1 ;;
    --skip) SKIP+=("$2"); shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
  shift
done

ROOT=$(git rev-parse --show-toplevel)
ROOT=$(realpath "$ROOT")
if [[ -z "$ROOT" || "$ROOT" == "/" || "$ROOT" == "$(realpath "$HOME")" ]]; then
  echo "refusing to clean: repo root is '$ROOT'" >&2
  exit 1
fi
cd "$ROOT"

NAMES=(dist build target .next .nuxt .turbo coverage __pycache__ .pytest_cache .mypy_cache .ruff_cache .gradle)
[[ $INCLUDE_NM -eq 1 ]] && NAMES+=(node_modules)

find_args=()
for n in "${NAMES[@]}"; do
  find_args+=(-name "$n" -o)
done
find_args+=(-name '*.egg-info')

candidates=()
while IFS= read -r -d '' dir; do
  rel=${dir#./}
  for s in "${SKIP[@]+"${SKIP[@]}"}"; do
    [[ "$rel" == "$s" ]] && continue 2
  done
  real=$(realpath "$dir")
  [[ "$real" == "$ROOT"/* ]] || { echo "skip (outside repo): $rel" >&2; continue; }
  if [[ -n "$(git ls-files -- "$rel" | head -n 1)" ]]; then
    echo "skip (contains tracked files): $rel" >&2
    continue
  fi
  candidates+=("$rel")
done < <(
  if [[ $INCLUDE_NM -eq 1 ]]; then
    find . -path ./.git -prune -o -type d \( "${find_args[@]}" \) -prune -print0
  else
    # don't descend into node_modules when we're not removing it
    find . \( -path ./.git -o -name node_modules \) -prune -o -type d \( "${find_args[@]}" \) -prune -print0
  fi
)

[[ -d node_modules/.cache && $INCLUDE_NM -eq 0 ]] && candidates+=(node_modules/.cache)

if [[ ${#candidates[@]} -eq 0 ]]; then
  echo "nothing to clean"
  exit 0
fi

du -sh "${candidates[@]}" 2>/dev/null | sort -h
echo "total: $(du -sch "${candidates[@]}" 2>/dev/null | tail -n 1 | cut -f1)"

if [[ $CONFIRMED -ne 1 ]]; then
  echo
  echo "Preview only. Re-run with --yes to delete the directories above."
  exit 0
fi

for rel in "${candidates[@]}"; do
  rm -rf -- "./$rel"
  echo "removed $rel"
done
