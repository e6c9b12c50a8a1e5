#!/usr/bin/env bash
# Summarise an image: total size, layer sizes, largest files, build context size.
# Usage: analyze-image.sh <image[:tag]>
set -euo pipefail

image="${1:?usage: analyze-image.sh <image[:tag]>}"

if ! docker image inspect "$image" >/dev/null 2>&1; then
  echo "image $image not found locally; build or pull it first" >&2
  exit 1
fi

human() { numfmt --to=iec --suffix=B "$1"; }

size="$(docker image inspect "$image" --format '{{.Size}}')"
echo "Image:        $image"
echo "Total size:   $(human "$size")"
echo

echo "Layers (largest first):"
docker history --no-trunc --format '{{.Size}}\t{{.CreatedBy}}' "$image" \
  | awk -F'\t' '$1 != "0B" {print}' \
  | sort -h -r \
  | head -n 10 \
  | while IFS=$'\t' read -r sz cmd; do
      printf '  %-8s %s\n' "$sz" "$(echo "$cmd" | cut -c1-100)"
    done
echo

echo "Largest paths in the image:"
cid="$(docker create "$image")"
trap 'docker rm -f "$cid" >/dev/null' EXIT
docker export "$cid" \
  | tar -tv 2>/dev/null \
  | awk '{print $3, $6}' \
  | sort -n -r \
  | head -n 15 \
  | while read -r bytes path; do
      printf '  %-8s /%s\n' "$(human "$bytes")" "$path"
    done
echo

if [[ -f .dockerignore ]]; then
  echo ".dockerignore present"
else
  echo "WARNING: no .dockerignore; build context includes everything"
fi
ctx="$(du -sb --exclude=node_modules --exclude=.git . | cut -f1)"
echo "Build context (excluding node_modules/.git): $(human "$ctx")"
if [[ -d node_modules ]] && ! grep -qx 'node_modules' .dockerignore 2>/dev/null; then
  echo "WARNING: node_modules is sent to the daemon on every build"
fi
