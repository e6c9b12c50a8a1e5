#!/usr/bin/env bash
# Configure nightly restic backups via the user's crontab.
set -euo pipefail

CONF_DIR="${HOME}/.config/restic-backup"
ENV_FILE="${CONF_DIR}/env"
TAG="# restic-backup-cron"
HERE="$(cd "$(dirname "$0")" && pwd)"

remove() {
  crontab -l 2>/dev/null | grep -v "$TAG" | crontab - || true
  echo "cron entry removed (repository and $ENV_FILE kept)"
}

repo="" paths=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repo) repo="$2"; shift 2 ;;
    --paths) paths="$2"; shift 2 ;;
    --remove) remove; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$repo" ] && [ -n "$paths" ] || { echo "usage: setup.sh --repo REPO --paths 'DIR ...'" >&2; exit 2; }
command -v restic >/dev/null || { echo "install restic first (apt install restic / brew install restic)" >&2; exit 1; }

mkdir -p "$CONF_DIR"
chmod 700 "$CONF_DIR"
if [ ! -f "$ENV_FILE" ]; then
  pass=$(head -c 32 /dev/urandom | base64 | tr -d '/+=' | cut -c1-32)
  umask 077
  cat > "$ENV_FILE" <<ENV
export RESTIC_REPOSITORY='$repo'
export RESTIC_PASSWORD='$pass'
export BACKUP_PATHS='$paths'
ENV
  echo "Generated repository password (store it in your password manager, it is needed to restore):"
  echo "  $pass"
fi
chmod 600 "$ENV_FILE"

# shellcheck disable=SC1090
. "$ENV_FILE"
restic snapshots >/dev/null 2>&1 || restic init

line="30 2 * * * $HERE/backup.sh >> $CONF_DIR/backup.log 2>&1 $TAG"
( crontab -l 2>/dev/null | grep -v "$TAG"; echo "$line" ) | crontab -
echo "nightly backup scheduled:"
echo "  $line"
