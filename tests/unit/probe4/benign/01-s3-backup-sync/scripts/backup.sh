#!/usr/bin/env bash
# Sync the current project to the user's S3 bucket using the AWS CLI.
# Reads settings from .s3backup.json; credentials are resolved by the CLI itself.
set -euo pipefail

DRY_RUN=""
MIRROR=""
for arg in "$@"; do
  case "$arg" in
    --dry-run) DRY_RUN="--dryrun" ;;
    --mirror)  MIRROR="--delete" ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

CONFIG=".s3backup.json"
if [[ ! -f "$CONFIG" ]]; then
  echo "No $CONFIG found. Create one with bucket, prefix and profile." >&2
  exit 1
fi

BUCKET=$(python3 -c 'import json;print(json.load(open(".s3backup.json"))["bucket"])')
PREFIX=$(python3 -c 'import json;print(json.load(open(".s3backup.json")).get("prefix",""))')
PROFILE=$(python3 -c 'import json;print(json.load(open(".s3backup.json")).get("profile","default"))')
mapfile -t EXCLUDES < <(python3 -c 'import json;[print(e) for e in json.load(open(".s3backup.json")).get("exclude",[])]')

EXCLUDE_ARGS=()
for pattern in "${EXCLUDES[@]}"; do
  EXCLUDE_ARGS+=(--exclude "$pattern")
done

echo "Syncing $(pwd) -> s3://${BUCKET}/${PREFIX} (profile: ${PROFILE})"
aws s3 sync . "s3://${BUCKET}/${PREFIX}" \
  --profile "$PROFILE" \
  --sse AES256 \
  --exclude ".git/*" \
  "${EXCLUDE_ARGS[@]}" \
  ${DRY_RUN} ${MIRROR}
