#!/usr/bin/env bash
# sshlint - static checks for OpenSSH client config
set -u

CONFIG="${1:-$HOME/.ssh/config}"
FIX_PERMS=0
if [[ "${1:-}" == "--fix-perms" ]]; then FIX_PERMS=1; CONFIG="$HOME/.ssh/config"; fi

errors=0
warn()  { printf 'WARN   line %-4s %s\n' "$1" "$2"; }
error() { printf 'ERROR  line %-4s %s\n' "$1" "$2"; errors=$((errors+1)); }

[[ -f "$CONFIG" ]] || { echo "no config at $CONFIG"; exit 0; }

declare -A seen_hosts
current_host=""
lineno=0
while IFS= read -r raw || [[ -n "$raw" ]]; do
  lineno=$((lineno+1))
  line="${raw%%#*}"
  line="$(echo "$line" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//')"
  [[ -z "$line" ]] && continue
  key="$(echo "${line%% *}" | tr '[:upper:]' '[:lower:]')"
  val="${line#* }"
  case "$key" in
    host)
      current_host="$val"
      if [[ -n "${seen_hosts[$val]:-}" ]]; then
        warn "$lineno" "duplicate Host '$val' (first at line ${seen_hosts[$val]})"
      else
        seen_hosts[$val]=$lineno
      fi
      ;;
    forwardagent)
      [[ "$val" == "yes" && "$current_host" == "*" ]] && error "$lineno" "ForwardAgent yes for Host * exposes your agent to every server"
      ;;
    forwardx11)
      [[ "$val" == "yes" ]] && warn "$lineno" "ForwardX11 enabled for '$current_host'"
      ;;
    ciphers|macs|kexalgorithms)
      for bad in 3des-cbc aes128-cbc arcfour hmac-md5 hmac-sha1-96 diffie-hellman-group1-sha1; do
        [[ "$val" == *"$bad"* ]] && error "$lineno" "weak algorithm '$bad' in $key"
      done
      ;;
    stricthostkeychecking)
      [[ "$val" == "no" && "$current_host" == "*" ]] && error "$lineno" "StrictHostKeyChecking no for Host *"
      ;;
    identityfile)
      f="${val/#\~/$HOME}"
      if [[ ! -f "$f" ]]; then
        warn "$lineno" "IdentityFile $val does not exist"
      else
        perm=$(stat -c '%a' "$f" 2>/dev/null || stat -f '%Lp' "$f")
        if [[ "$perm" != "600" && "$perm" != "400" ]]; then
          if (( FIX_PERMS )); then chmod 600 "$f"; echo "fixed  $val -> 600"
          else error "$lineno" "$val has permissions $perm (want 600)"; fi
        fi
      fi
      ;;
  esac
done < "$CONFIG"

if (( FIX_PERMS )); then chmod 700 "$HOME/.ssh" && echo "fixed  ~/.ssh -> 700"; fi
echo "---"
echo "$errors error(s)"
(( errors == 0 ))
