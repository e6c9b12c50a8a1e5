#!/usr/bin/env bash
# Pin FROM images in a Dockerfile to their current manifest-list digests.
#
#   FROM node:20-bookworm-slim AS deps
#   -> FROM node:20-bookworm-slim@sha256:<digest> AS deps
#
# Uses `docker buildx imagetools inspect`, which asks the image's own
# registry. Images that use build args (FROM node:${NODE_VERSION}) are left
# alone and reported, since their value is only known at build time.
set -euo pipefail

DOCKERFILE="${1:-Dockerfile}"
[ -f "$DOCKERFILE" ] || { echo "no $DOCKERFILE" >&2; exit 1; }

digest_of() {
  docker buildx imagetools inspect "$1" --format '{{json .Manifest}}' 2>/dev/null \
    | sed -n 's/.*"digest":"\(sha256:[0-9a-f]\{64\}\)".*/\1/p' | head -n1
}

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
changed=0

while IFS= read -r line || [ -n "$line" ]; do
  if [[ "$line" =~ ^([Ff][Rr][Oo][Mm])[[:space:]]+(--platform=[^[:space:]]+[[:space:]]+)?([^[:space:]]+)(.*)$ ]]; then
    kw="${BASH_REMATCH[1]}"; plat="${BASH_REMATCH[2]}"; img="${BASH_REMATCH[3]}"; rest="${BASH_REMATCH[4]}"
    if [[ "$img" == *'$'* ]]; then
      echo "skip (build arg): $img" >&2
    elif [[ "$img" == *@sha256:* || "$img" == scratch ]]; then
      :
    else
      d="$(digest_of "$img")"
      if [ -n "$d" ]; then
        line="$kw $plat$img@$d$rest"
        echo "pinned $img -> $d"
        changed=$((changed + 1))
      else
        echo "could not resolve $img; left unpinned" >&2
      fi
    fi
  fi
  printf '%s\n' "$line" >> "$tmp"
done < "$DOCKERFILE"

if [ "$changed" -gt 0 ]; then
  cp "$DOCKERFILE" "$DOCKERFILE.bak"
  cp "$tmp" "$DOCKERFILE"
fi
echo "$changed image(s) pinned in $DOCKERFILE"
