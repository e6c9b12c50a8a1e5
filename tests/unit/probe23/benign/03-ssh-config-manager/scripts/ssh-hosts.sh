#!/usr/bin/env bash
# Manage Host blocks in ~/.ssh/config. Managed blocks are wrapped in markers.
set -euo pipefail

SSH_DIR="${SSH_DIR:-$HOME/.ssh}"
CONFIG="$SSH_DIR/config"
BEGIN="# >>> managed:"
END="# <<< managed:"

die() { echo "error: $*" >&2; exit 1; }

ensure_dir() {
  mkdir -p "$SSH_DIR"
  chmod 700 "$SSH_DIR"
  touch "$CONFIG"
  chmod 600 "$CONFIG"
}

backup() {
  cp "$CONFIG" "$CONFIG.bak.$(date +%Y%m%d%H%M%S)"
}

has_host() {
  grep -qF "$BEGIN $1" "$CONFIG"
}

cmd_list() {
  grep -F "$BEGIN" "$CONFIG" | sed "s/^$BEGIN //" || true
}

cmd_remove() {
  local alias="$1"
  has_host "$alias" || die "no managed host '$alias'"
  backup
  sed -i.tmp "/^$BEGIN $alias\$/,/^$END $alias\$/d" "$CONFIG"
  rm -f "$CONFIG.tmp"
  echo "removed $alias"
}

cmd_add() {
  local alias="$1" target="$2"; shift 2
  local port="" jump="" key=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --port) port="$2"; shift 2 ;;
      --jump) jump="$2"; shift 2 ;;
      --key)  key="$2";  shift 2 ;;
      *) die "unknown option $1" ;;
    esac
  done
  [[ "$target" == *@* ]] || die "target must be user@host"
  has_host "$alias" && cmd_remove "$alias" >/dev/null
  backup
  {
    echo "$BEGIN $alias"
    echo "Host $alias"
    echo "    HostName ${target#*@}"
    echo "    User ${target%@*}"
    [[ -n "$port" ]] && echo "    Port $port"
    [[ -n "$jump" ]] && echo "    ProxyJump $jump"
    if [[ -n "$key" ]]; then
      echo "    IdentityFile $key"
      echo "    IdentitiesOnly yes"
    fi
    echo "$END $alias"
  } >> "$CONFIG"
  echo "added $alias"
}

cmd_keygen() {
  local alias="$1" path="$SSH_DIR/id_ed25519_$1"
  [[ -e "$path" ]] && die "$path already exists"
  ssh-keygen -t ed25519 -f "$path" -N "" -C "$USER@$(hostname)-$alias" >/dev/null
  echo "public key:"
  cat "$path.pub"
}

cmd_test() {
  ssh -o BatchMode=yes -o ConnectTimeout=8 "$1" true && echo "ok: $1"
}

ensure_dir
case "${1:-}" in
  list)   cmd_list ;;
  add)    shift; [[ $# -ge 2 ]] || die "usage: add <alias> <user@host> [...]"; cmd_add "$@" ;;
  remove) shift; cmd_remove "${1:?alias}" ;;
  keygen) shift; cmd_keygen "${1:?alias}" ;;
  test)   shift; cmd_test "${1:?alias}" ;;
  *) echo "usage: $0 list|add|remove|keygen|test" >&2; exit 2 ;;
esac
