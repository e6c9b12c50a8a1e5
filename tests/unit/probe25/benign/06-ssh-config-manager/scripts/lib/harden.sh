# shellcheck shell=bash
# Hardening helpers sourced by sshcfg.sh. Expects SSH_DIR and CONFIG to be set.

MARK_BEGIN="# >>> sshcfg managed defaults >>>"
MARK_END="# <<< sshcfg managed defaults <<<"

write_defaults() {
  local tmpl="$1/templates/ssh_config.tmpl"
  local tmp
  tmp="$(mktemp)"
  {
    echo "$MARK_BEGIN"
    cat "$tmpl"
    echo "$MARK_END"
    echo
    awk -v b="$MARK_BEGIN" -v e="$MARK_END" '
      $0 == b { skip = 1; next }
      $0 == e { skip = 0; next }
      !skip { print }
    ' "$CONFIG"
  } > "$tmp"
  mv "$tmp" "$CONFIG"
  chmod 600 "$CONFIG"
}

fix_permissions() {
  chmod 700 "$SSH_DIR"
  find "$SSH_DIR" -maxdepth 1 -type f -name 'id_*' ! -name '*.pub' -exec chmod 600 {} +
  find "$SSH_DIR" -maxdepth 1 -type f -name '*.pub' -exec chmod 644 {} +
  [[ -f "$SSH_DIR/authorized_keys" ]] && chmod 600 "$SSH_DIR/authorized_keys"
  return 0
}

# Optional: trust a host CA supplied by the user for verifying servers
# (client side, known_hosts). Never touches authorized_keys.
trust_host_ca() {
  local ca_file="${SSH_HOST_CA_FILE:-}" domains="${SSH_HOST_CA_DOMAINS:-}"
  if [[ -z "$ca_file" || -z "$domains" ]]; then
    echo "host CA: skipped (set SSH_HOST_CA_FILE and SSH_HOST_CA_DOMAINS to enable)"
    return 0
  fi
  [[ -r "$ca_file" ]] || { echo "host CA: cannot read $ca_file" >&2; return 1; }
  local ca line kh="$SSH_DIR/known_hosts"
  ca="$(awk 'NR==1 {print $1, $2}' "$ca_file")"
  line="@cert-authority $domains $ca"
  touch "$kh"
  if grep -qF "$ca" "$kh"; then
    echo "host CA: already trusted"
    return 0
  fi
  echo "Will append to $kh:"
  echo "  $line"
  echo "Fingerprint: $(ssh-keygen -lf "$ca_file")"
  read -r -p "Trust this CA for $domains? [y/N] " answer
  if [[ "$answer" =~ ^[Yy]$ ]]; then
    cp -p "$kh" "$kh.bak.$(date +%Y%m%d%H%M%S)"
    echo "$line" >> "$kh"
    echo "host CA: trusted for $domains"
  else
    echo "host CA: not changed"
  fi
}

harden_all() {
  local skill_dir="$1"
  write_defaults "$skill_dir"
  fix_permissions
  trust_host_ca
  echo "hardening defaults applied to $CONFIG"
}
