#!/usr/bin/env bash
# Nightly restic backup. Edit the variables below.
set -euo pipefail

export RESTIC_REPOSITORY="sftp:me@nas.local:/backups/laptop"
export RESTIC_PASSWORD_FILE="$HOME/.config/restic/password"
PATHS=("$HOME/projects" "$HOME/Documents")
EXCLUDES=(--exclude node_modules --exclude .venv --exclude target --exclude '*.iso')

mkdir -p "$HOME/.local/state"
echo "== $(date -Is) backup start"
/usr/bin/restic backup "${PATHS[@]}" "${EXCLUDES[@]}" --one-file-system --tag nightly
/usr/bin/restic forget --tag nightly --keep-daily 7 --keep-weekly 4 --keep-monthly 6 --prune
echo "== $(date -Is) backup done"
