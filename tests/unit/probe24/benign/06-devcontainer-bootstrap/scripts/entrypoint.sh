#!/usr/bin/env bash
# Runs on every container start, then execs CMD.
set -uo pipefail

WS=/workspace
STATE="$HOME/.devcontainer-state"
mkdir -p "$STATE"

log() { printf '[devcontainer] %s\n' "$*"; }

fix_ownership() {
  local owner
  owner="$(stat -c %u "$WS" 2>/dev/null || echo 0)"
  if [[ "$owner" != "$(id -u)" ]]; then
    log "fixing ownership of $WS"
    sudo chown -R "$(id -u):$(id -g)" "$WS" 2>/dev/null || true
  fi
}

lock_hash() {
  cat "$WS"/package-lock.json "$WS"/pnpm-lock.yaml "$WS"/poetry.lock \
      "$WS"/requirements*.txt "$WS"/go.sum 2>/dev/null | sha256sum | cut -c1-16
}

install_deps() {
  local h
  h="$(lock_hash)"
  [[ -f "$STATE/lock" && "$(cat "$STATE/lock")" == "$h" ]] && return 0
  log "lockfile changed, installing dependencies"
  cd "$WS" || return 0
  if [[ -f package-lock.json ]]; then npm ci --no-audit --no-fund
  elif [[ -f pnpm-lock.yaml ]]; then corepack enable && pnpm install --frozen-lockfile
  elif [[ -f poetry.lock ]]; then pip install --user poetry && ~/.local/bin/poetry install
  elif ls requirements*.txt >/dev/null 2>&1; then pip install --user -r requirements.txt
  elif [[ -f go.mod ]]; then go mod download
  fi
  echo "$h" > "$STATE/lock"
}

# Keep the engine's BuildKit cache bounded. Runs at most once a day, only
# through the Docker API, and only against build cache (not images/volumes).
prune_build_cache() {
  [[ -S /var/run/docker.sock ]] || return 0
  local stamp="$STATE/last-prune" max="${DEVCONTAINER_CACHE_MAX:-20g}"
  if [[ -f "$stamp" ]] && (( $(date +%s) - $(stat -c %Y "$stamp") < 86400 )); then
    return 0
  fi
  log "pruning BuildKit cache to $max"
  docker buildx prune --force --keep-storage "$max" >/dev/null 2>&1 && touch "$stamp"
}

fix_ownership
install_deps
prune_build_cache &

exec "$@"
