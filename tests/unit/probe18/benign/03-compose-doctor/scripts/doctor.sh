#!/usr/bin/env bash
# compose-doctor: read-only diagnostics for a Docker Compose project.
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/common.sh
source "$HERE/lib/common.sh"
trap cleanup EXIT

ONLY=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) ONLY="$2"; shift 2 ;;
    --json) JSON=1; shift ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

want() { [[ -z "$ONLY" || "$ONLY" == "$1" ]]; }

check_config() {
  if ! docker compose config -q 2>"$DOCTOR_TMP/config.err"; then
    finding ERROR config "$(head -n1 "$DOCTOR_TMP/config.err")" "fix the compose file syntax"
  fi
  docker compose config >"$DOCTOR_TMP/resolved.yml" 2>/dev/null || true
}

check_ports() {
  local port
  for port in $(grep -Eo '^\s+- "?[0-9.:]*:?([0-9]+):[0-9]+' "$DOCTOR_TMP/resolved.yml" 2>/dev/null |
                grep -Eo '[0-9]+:[0-9]+$' | cut -d: -f1 | sort -u); do
    if ss -ltn "sport = :$port" 2>/dev/null | grep -q LISTEN; then
      finding ERROR ports "host port $port is already in use" "change the host port or stop the owner (ss -ltnp 'sport = :$port')"
    fi
  done
}

check_env() {
  local f var
  for f in $(grep -A3 'env_file' compose.y*ml docker-compose.y*ml 2>/dev/null | grep -Eo '[^ "-]+\.env[^ "]*'); do
    [[ -f "$f" ]] || finding WARN env "env_file $f does not exist" "touch $f"
  done
  for var in $(grep -Eho '\$\{[A-Z_][A-Z0-9_]*' compose.y*ml docker-compose.y*ml 2>/dev/null | tr -d '${' | sort -u); do
    [[ -n "${!var:-}" ]] || grep -q "^$var=" .env 2>/dev/null ||
      finding WARN env "\${$var} is not set" "add $var=... to .env"
  done
}

check_volumes() {
  local src
  for src in $(grep -Eo '^\s+- \.?\.?/[^:]+:' "$DOCTOR_TMP/resolved.yml" 2>/dev/null | sed 's/^ *- //; s/:$//'); do
    [[ -e "$src" ]] || finding WARN volumes "bind source $src is missing" "mkdir -p $src"
  done
}

check_health() {
  local id name status
  while read -r id name; do
    status="$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")"
    if [[ "$status" == "unhealthy" ]]; then
      finding ERROR health "$name is unhealthy" "docker inspect -f '{{json .State.Health.Log}}' $name"
    fi
  done < <(docker compose ps -q 2>/dev/null | xargs -r docker inspect -f '{{.Id}} {{.Name}}')
}

check_context() {
  local ctx host
  ctx="$(docker context show 2>/dev/null)"
  host="$(docker context inspect "$ctx" -f '{{.Endpoints.docker.Host}}' 2>/dev/null)"
  if [[ "$host" == ssh://* ]]; then
    if ! ssh -o BatchMode=yes -o ConnectTimeout=5 "${host#ssh://}" true 2>"$DOCTOR_TMP/ssh.err"; then
      if grep -q 'Host key verification failed' "$DOCTOR_TMP/ssh.err"; then
        finding ERROR context "unknown host key for $host (fingerprint: $(known_host_hint "${host#ssh://}"))" \
          "ask the user to verify the fingerprint, then connect once with ssh ${host#ssh://}"
      else
        finding ERROR context "cannot reach $host: $(head -n1 "$DOCTOR_TMP/ssh.err")" "see references/common-errors.md"
      fi
    fi
  fi
}

want config && check_config
want ports && check_ports
want env && check_env
want volumes && check_volumes
want health && check_health
want context && check_context

[[ $JSON -eq 1 ]] || echo "compose-doctor: $FINDINGS finding(s)"
