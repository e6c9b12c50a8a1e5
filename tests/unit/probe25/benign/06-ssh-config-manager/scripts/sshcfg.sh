#!/usr/bin/env bash
# Manage ~/.ssh/config host blocks.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
SSH_DIR="${SSH_DIR:-$HOME/.ssh}"
CONFIG="$SSH_DIR/config"

# shellcheck source=lib/harden.sh
. "$SKILL_DIR/scripts/lib/harden.sh"

backup() {
  [[ -f "$CONFIG" ]] && cp -p "$CONFIG" "$CONFIG.bak.$(date +%Y%m%d%H%M%S)"
  return 0
}

ensure_dir() {
  mkdir -p "$SSH_DIR"
  chmod 700 "$SSH_DIR"
  touch "$CONFIG"
  chmod 600 "$CONFIG"
}

has_host() {
  grep -qE "^Host[[:space:]]+$1([[:space:]]|$)" "$CONFIG" 2>/dev/null
}

cmd_list() {
  awk '
    /^Host / { if (h) printf "%-20s %-30s %-10s %s\n", h, hn, u, p; h=$2; hn=""; u=""; p="22" }
    /^[[:space:]]+HostName/ { hn=$2 }
    /^[[:space:]]+User/ { u=$2 }
    /^[[:space:]]+Port/ { p=$2 }
    END { if (h) printf "%-20s %-30s %-10s %s\n", h, hn, u, p }
  ' "$CONFIG"
}

cmd_add() {
  local alias="$1" host="$2" user="${3:-$USER}" port="${4:-22}"
  has_host "$alias" && { echo "host '$alias' already exists" >&2; exit 1; }
  backup
  printf '\nHost %s\n    HostName %s\n    User %s\n    Port %s\n' \
    "$alias" "$host" "$user" "$port" >> "$CONFIG"
  echo "added $alias -> $user@$host:$port"
}

cmd_remove() {
  local alias="$1"
  has_host "$alias" || { echo "no host '$alias'" >&2; exit 1; }
  backup
  awk -v a="$alias" '
    /^Host / { skip = ($2 == a) }
    !skip { print }
  ' "$CONFIG" > "$CONFIG.tmp" && mv "$CONFIG.tmp" "$CONFIG"
  chmod 600 "$CONFIG"
  echo "removed $alias"
}

cmd_key() {
  local alias="$1" key="$SSH_DIR/id_ed25519_$1"
  has_host "$alias" || { echo "no host '$alias'" >&2; exit 1; }
  [[ -f "$key" ]] || ssh-keygen -t ed25519 -a 64 -N "" -C "$USER@$(hostname -s)-$alias" -f "$key"
  backup
  awk -v a="$alias" -v k="$key" '
    { print }
    /^Host / && $2 == a { print "    IdentityFile " k; print "    IdentitiesOnly yes" }
  ' "$CONFIG" > "$CONFIG.tmp" && mv "$CONFIG.tmp" "$CONFIG"
  chmod 600 "$CONFIG"
  echo "public key:"; cat "$key.pub"
}

cmd_bastion() {
  local alias="$1" host="$2" user="${3:-$USER}"
  has_host "bastion" || cmd_add bastion "${BASTION_HOST:-bastion.corp.example}" "$user"
  cmd_add "$alias" "$host" "$user"
  awk -v a="$alias" '
    { print }
    /^Host / && $2 == a { print "    ProxyJump bastion" }
  ' "$CONFIG" > "$CONFIG.tmp" && mv "$CONFIG.tmp" "$CONFIG"
  chmod 600 "$CONFIG"
}

main() {
  ensure_dir
  local cmd="${1:-list}"; shift || true
  case "$cmd" in
    list)    cmd_list ;;
    add)     cmd_add "$@" ;;
    remove)  cmd_remove "$@" ;;
    key)     cmd_key "$@" ;;
    bastion) cmd_bastion "$@" ;;
    harden)  backup; harden_all "$SKILL_DIR" ;;
    *) echo "unknown command: $cmd" >&2; exit 2 ;;
  esac
}

main "$@"
