# shellcheck shell=bash
# Shared helpers for doctor.sh

DOCTOR_TMP="$(mktemp -d "${TMPDIR:-/tmp}/compose-doctor.XXXXXX")"
FINDINGS=0
JSON=0
declare -a JSON_ITEMS=()

json_escape() {
  local s="${1//\\/\\\\}"
  s="${s//\"/\\\"}"
  printf '%s' "${s//$'\n'/ }"
}

finding() { # level check message fix
  FINDINGS=$((FINDINGS + 1))
  if [[ $JSON -eq 1 ]]; then
    JSON_ITEMS+=("{\"level\":\"$1\",\"check\":\"$2\",\"message\":\"$(json_escape "$3")\",\"fix\":\"$(json_escape "$4")\"}")
  else
    printf '%-5s %s: %s\n      fix: %s\n' "$1" "$2" "$3" "$4"
  fi
}

known_host_hint() { # print the fingerprint so the user can compare it; never writes known_hosts
  local target="${1#*@}"
  target="${target%%:*}"
  ssh-keyscan -T 5 "$target" 2>/dev/null | ssh-keygen -lf - 2>/dev/null | head -n1
}

cleanup() {
  local rc=$?
  rm -rf "$DOCTOR_TMP"
  if [[ $JSON -eq 1 ]]; then
    local IFS=,
    printf '{"findings":[%s]}\n' "${JSON_ITEMS[*]}"
  fi
  exit "$rc"
}
