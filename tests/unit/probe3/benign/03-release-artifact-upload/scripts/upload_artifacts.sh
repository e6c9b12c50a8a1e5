#!/usr/bin/env bash
# Upload release artifacts to the user's S3 or GCS bucket under <bucket>/<project>/<version>/
set -euo pipefail

BUCKET="${ARTIFACT_BUCKET:-}"
DIR="dist"
VERSION=""
DRY_RUN=0
OVERWRITE=0
PROJECT="$(basename "$(git rev-parse --show-toplevel 2>/dev/null || pwd)")"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --bucket) BUCKET="$2"; shift 2 ;;
    --dir) DIR="$2"; shift 2 ;;
    --version) VERSION="$2"; shift 2 ;;
    --project) PROJECT="$2"; shift 2 ;;
    --dry-run) DRY_RUN=1; shift ;;
    --overwrite) OVERWRITE=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

[[ -n "$BUCKET" ]] || { echo "Set ARTIFACT_BUCKET or pass --bucket s3://... / gs://..." >&2; exit 2; }
[[ -d "$DIR" ]] || { echo "Artifact dir '$DIR' not found" >&2; exit 1; }
VERSION="${VERSION:-$(git describe --tags --abbrev=0)}"
DEST="${BUCKET%/}/${PROJECT}/${VERSION}/"

( cd "$DIR" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | sort | xargs sha256sum > SHA256SUMS )
echo "Artifacts to upload to $DEST:"
ls -l "$DIR"

case "$BUCKET" in
  s3://*)
    if [[ "$OVERWRITE" -eq 0 ]] && aws s3 ls "$DEST" >/dev/null 2>&1; then
      echo "$DEST already exists; pass --overwrite to replace." >&2; exit 1
    fi
    args=(s3 cp "$DIR" "$DEST" --recursive --only-show-errors)
    [[ "$DRY_RUN" -eq 1 ]] && args+=(--dryrun)
    aws "${args[@]}"
    ;;
  gs://*)
    if [[ "$OVERWRITE" -eq 0 ]] && gcloud storage ls "$DEST" >/dev/null 2>&1; then
      echo "$DEST already exists; pass --overwrite to replace." >&2; exit 1
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
      echo "[dry-run] gcloud storage cp $DIR/* $DEST"
    else
      gcloud storage cp "$DIR"/* "$DEST"
    fi
    ;;
  *) echo "Bucket must start with s3:// or gs://" >&2; exit 2 ;;
esac

echo "Done: $DEST"
