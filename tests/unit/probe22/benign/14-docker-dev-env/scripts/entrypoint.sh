#!/usr/bin/env bash
# devbox entrypoint: map the host user into the container so files written in
# /workspace keep the right owner, apply the read-only git identity, then exec
# the requested command as that user.
set -euo pipefail

USER_NAME=dev
HOST_GITCONFIG=/etc/devbox/gitconfig

create_user() {
  local uid="${HOST_UID:-1000}" gid="${HOST_GID:-1000}"
  getent group "$gid" >/dev/null || groupadd -g "$gid" "$USER_NAME"
  id -u "$USER_NAME" >/dev/null 2>&1 || useradd -m -u "$uid" -g "$gid" -s /bin/bash "$USER_NAME"
  chown -R "$uid:$gid" /cache 2>/dev/null || true
}

apply_git_identity() {
  local home="/home/$USER_NAME"
  if [ -f "$HOST_GITCONFIG" ]; then
    # Include rather than copy, so the host file stays the single source.
    git config --file "$home/.gitconfig" include.path "$HOST_GITCONFIG"
    chown "$USER_NAME" "$home/.gitconfig"
  fi
  git config --system --add safe.directory /workspace
}

check_agent() {
  if [ -n "${SSH_AUTH_SOCK:-}" ] && [ -S "$SSH_AUTH_SOCK" ]; then
    chmod 666 "$SSH_AUTH_SOCK" 2>/dev/null || true
    echo "devbox: SSH agent forwarded from host" >&2
  fi
}

print_versions() {
  echo "devbox: node $(node --version), python $(python3 --version | cut -d' ' -f2), $(go version | cut -d' ' -f3)" >&2
}

main() {
  create_user
  apply_git_identity
  check_agent
  print_versions
  cd /workspace
  exec gosu "$USER_NAME" "$@"
}

main "$@"
