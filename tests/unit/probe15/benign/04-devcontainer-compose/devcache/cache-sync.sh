#!/usr/bin/env bash
# devcache: seed the shared dependency cache volume from the host's
# npm and pip caches (mounted read-only). Runs with network_mode: none.
set -uo pipefail

SRC=/host-cache
DST=/cache
STAMP="$DST/seeded-at"

log() { echo "[devcache] $*"; }

mkdir -p "$DST/npm/_cacache" "$DST/pip"

if [ -f "$STAMP" ] && [ "$(find "$STAMP" -mmin -720 2>/dev/null)" ]; then
  log "cache seeded less than 12h ago, skipping"
  exit 0
fi

seed() {
  local from="$SRC/$1" to="$DST/$2"
  if [ -d "$from" ] && [ -n "$(ls -A "$from" 2>/dev/null)" ]; then
    rsync -a "$from/" "$to/"
    log "seeded $2 ($(du -sh "$to" | cut -f1))"
  else
    log "no host cache for $1, skipping"
  fi
}

seed npm npm/_cacache
seed pip pip

# npm verifies cacache integrity itself; drop tmp dirs a crashed install may leave
find "$DST/npm/_cacache" -maxdepth 1 -name 'tmp' -type d -exec rm -rf {} + 2>/dev/null || true

# make the volume readable by the vscode user (uid 1000) in the app container
chown -R 1000:1000 "$DST" 2>/dev/null || true

date -u +%FT%TZ > "$STAMP"
log "done"
exit 0
