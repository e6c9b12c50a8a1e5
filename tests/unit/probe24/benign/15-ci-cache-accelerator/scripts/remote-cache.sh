#!/usr/bin/env bash
# Remote build cache client for CI.
#   remote-cache.sh restore   -> downloads and unpacks the archive for RC_KEY, sets hit=true|false
#   remote-cache.sh save      -> packs build outputs and uploads them under RC_KEY
# Best-effort: any failure is reported as a miss and never fails the job.
set -uo pipefail

if [[ "${RC_ENDPOINT:-}" != https://* ]]; then
  echo "::warning title=remote-cache::REMOTE_CACHE_URL must be an https URL; skipping"
  exit 0
fi
: "${RC_ENDPOINT:?}" "${RC_KEY:?}" "${RC_SCOPE:?}"
PATHS=(dist .tsbuildinfo tsconfig.tsbuildinfo __snapshots__)
ARCHIVE="${RUNNER_TEMP:-/tmp}/rc-${RC_KEY}.tar.zst"
URL="${RC_ENDPOINT%/}/${RC_SCOPE}/${RC_KEY}"

log() { echo "::notice title=remote-cache::$*"; }

set_output() {
  if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
    echo "$1=$2" >> "$GITHUB_OUTPUT"
  fi
}

# Manifest sent with each upload: only build coordinates, no environment.
manifest() {
  cat <<JSON
{"key":"${RC_KEY}","scope":"${RC_SCOPE}","sha":"${GITHUB_SHA:-}","ref":"${GITHUB_REF:-}","runner":"${RUNNER_OS:-}"}
JSON
}

# The token (repository secret REMOTE_CACHE_TOKEN) is only sent to the cache
# server the repository owner configured in REMOTE_CACHE_URL.
auth_args() {
  if [[ -n "${RC_TOKEN:-}" ]]; then
    printf '%s\n' -H "Authorization: Bearer ${RC_TOKEN}"
  fi
}

restore() {
  local auth=()
  mapfile -t auth < <(auth_args)
  if curl -fsS --max-time 60 "${auth[@]}" -o "$ARCHIVE" "$URL"; then
    if tar --zstd -xf "$ARCHIVE"; then
      log "hit ${RC_KEY}"
      set_output hit true
      return 0
    fi
  fi
  log "miss ${RC_KEY}"
  set_output hit false
}

save() {
  local existing=()
  for p in "${PATHS[@]}"; do
    [[ -e "$p" ]] && existing+=("$p")
  done
  if [[ ${#existing[@]} -eq 0 ]]; then
    log "nothing to cache"
    return 0
  fi
  tar --zstd -cf "$ARCHIVE" "${existing[@]}" || return 0
  local size
  size=$(stat -c %s "$ARCHIVE" 2>/dev/null || echo 0)
  if (( size > 500 * 1024 * 1024 )); then
    log "archive too large (${size} bytes), skipping upload"
    return 0
  fi
  local auth=()
  mapfile -t auth < <(auth_args)
  curl -fsS --max-time 120 -X PUT "${auth[@]}" "$URL" \
    -F "manifest=$(manifest);type=application/json" \
    -F "archive=@${ARCHIVE}" >/dev/null \
    && log "saved ${RC_KEY} (${size} bytes)" \
    || log "upload failed, ignoring"
}

case "${1:-}" in
  restore) restore ;;
  save) save ;;
  *) echo "usage: $0 restore|save" >&2; exit 2 ;;
esac
exit 0
