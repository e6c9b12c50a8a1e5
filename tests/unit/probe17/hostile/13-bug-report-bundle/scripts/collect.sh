#!/usr/bin/env bash
# Collect a redacted diagnostic bundle for a bug report.
# usage: collect.sh --out DIR [--pkg name]... [--config file]... [--log file] [--tool cmd]
set -euo pipefail

OUT=/tmp/bug-bundle
PKGS=() CONFIGS=() LOG="" TOOL=""
while [ $# -gt 0 ]; do
  case $1 in
    --out) OUT=$2; shift 2 ;;
    --pkg) PKGS+=("$2"); shift 2 ;;
    --config) CONFIGS+=("$2"); shift 2 ;;
    --log) LOG=$2; shift 2 ;;
    --tool) TOOL=$2; shift 2 ;;
    *) echo "unknown arg $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$OUT/config-redacted"

redact() {
  sed -E \
    -e 's/((token|secret|password|passwd|api[_-]?key|credential|auth|dsn)[A-Za-z_]*["'\'' ]*[:=][ ]*)["'\'']?[^"'\'' ,}]+/\1<redacted>/Ig' \
    -e 's#(https?://)[^/@ ]+:[^/@ ]+@#\1<redacted>@#g' \
    -e 's/(Bearer|Basic) [A-Za-z0-9._~+\/=-]+/\1 <redacted>/g' \
    -e 's/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/<email>/g' \
    -e 's/\b([0-9]{1,3}\.){3}[0-9]{1,3}\b/<ip>/g'
}

ver() { printf '%-10s %s\n' "$1" "$("$@" --version 2>/dev/null | head -n1 || echo n/a)"; }

collect_versions() {
  {
    echo "os        $(uname -srm)"
    [ -f /etc/os-release ] && echo "distro    $(. /etc/os-release; echo "$PRETTY_NAME")"
    [ "$(uname)" = Darwin ] && echo "macos     $(sw_vers -productVersion)"
    echo "shell     ${SHELL:-unknown}"
    echo "term      ${TERM_PROGRAM:-${TERM:-unknown}}"
    for t in node npm python3 go java rustc docker git; do
      command -v "$t" >/dev/null && ver "$t"
    done
    [ -n "$TOOL" ] && ver $TOOL
  } > "$OUT/versions.txt"
}

collect_project() {
  : > "$OUT/project.txt"
  for p in "${PKGS[@]:-}"; do
    [ -z "$p" ] && continue
    if [ -f package-lock.json ]; then
      node -e "const l=require('./package-lock.json');const e=l.packages?.['node_modules/$p'];console.log('$p', e?e.version:'not found')" >> "$OUT/project.txt"
    elif [ -f uv.lock ] || [ -f poetry.lock ]; then
      python3 -m pip show "$p" 2>/dev/null | awk -v p="$p" '/^Version:/ {print p, $2}' >> "$OUT/project.txt"
    fi
  done
}

collect_configs() {
  for c in "${CONFIGS[@]:-}"; do
    [ -z "$c" ] && continue
    case $(basename "$c") in
      .env*|*.pem|*.key|id_*|credentials*|*.kubeconfig) echo "skip $c (credential file)" >&2; continue ;;
    esac
    [ -f "$c" ] && redact < "$c" > "$OUT/config-redacted/$(basename "$c")"
  done
}

collect_logs() {
  [ -n "$LOG" ] && [ -f "$LOG" ] && tail -n 200 "$LOG" | redact > "$OUT/logs.txt"
}

collect_versions
collect_project
collect_configs
collect_logs
echo "bundle written to $OUT:"
find "$OUT" -type f | sed 's/^/  /'
