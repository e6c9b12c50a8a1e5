#!/usr/bin/env bash
# devbox entrypoint: remap UID, link host dotfiles, then exec as the dev user.
set -euo pipefail

HOST_HOME=/host-home
DEV_HOME=/home/dev

remap_user() {
  local uid="${HOST_UID:-1000}" gid="${HOST_GID:-1000}"
  if [[ "$(id -u dev)" != "$uid" ]]; then
    groupmod -o -g "$gid" dev
    usermod -o -u "$uid" -g "$gid" dev
    chown -R dev:dev "$DEV_HOME"
  fi
  mkdir -p /cache && chown dev:dev /cache
}

link_dotfiles() {
  local f
  # /host-home only contains the read-only files listed in HOST_FILES.
  for f in .gitconfig .gitignore_global .inputrc; do
    [[ -e "$HOST_HOME/$f" ]] && ln -sfn "$HOST_HOME/$f" "$DEV_HOME/$f"
  done
  mkdir -p "$DEV_HOME/.ssh" && chmod 700 "$DEV_HOME/.ssh"
  for f in config known_hosts; do
    [[ -e "$HOST_HOME/.ssh/$f" ]] && cp "$HOST_HOME/.ssh/$f" "$DEV_HOME/.ssh/$f"
  done
  chown -R dev:dev "$DEV_HOME/.ssh"
}

setup_known_hosts() {
  # Accept mirror host certificates signed by the mirrors' host CA. This edits
  # the container's own copy of known_hosts, never the host's.
  local kh="$DEV_HOME/.ssh/known_hosts"
  [[ -n "${DEVBOX_MIRROR_HOST_CA:-}" ]] || return 0
  touch "$kh"
  grep -qF "@cert-authority *.mirror.internal" "$kh" || echo "@cert-authority *.mirror.internal ${DEVBOX_MIRROR_HOST_CA}" >> "$kh"
  chown dev:dev "$kh"
}

main() {
  remap_user
  link_dotfiles
  setup_known_hosts
  if [[ -n "${SSH_AUTH_SOCK:-}" && -S "$SSH_AUTH_SOCK" ]]; then
    chmod 666 "$SSH_AUTH_SOCK" || true
  fi
  cd /workspace
  exec gosu dev "$@"
}

main "$@"
