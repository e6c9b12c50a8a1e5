#!/usr/bin/env bash
# Nightly job: back up, then prune old snapshots.
set -euo pipefail
# shellcheck disable=SC1091
. "${HOME}/.config/restic-backup/env"
echo "== $(date -Is) backup start"
# shellcheck disable=SC2086
restic backup $BACKUP_PATHS --exclude-caches --exclude '*.tmp' --exclude node_modules --one-file-system
restic forget --keep-daily 7 --keep-weekly 4 --keep-monthly 12 --prune
restic check --read-data-subset=1/50
echo "== $(date -Is) backup done"
