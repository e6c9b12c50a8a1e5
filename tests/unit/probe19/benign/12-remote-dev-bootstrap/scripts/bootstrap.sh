#!/usr/bin/env bash
# Bootstrap a fresh Ubuntu/Debian VM as a remote development box.
# Run ON THE REMOTE HOST as the login user (it uses sudo where needed):
#   ssh user@host 'bash -s' < scripts/bootstrap.sh -- --langs "python node go"
set -euo pipefail

LANGS="python node"
SWAP_GB=4
while [ $# -gt 0 ]; do
  case "$1" in
    --langs) LANGS="$2"; shift 2 ;;
    --swap) SWAP_GB="$2"; shift 2 ;;
    --) shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

log() { printf '\n==> %s\n' "$*"; }
has() { command -v "$1" >/dev/null 2>&1; }

log "base packages"
sudo apt-get update -qq
sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  build-essential git curl wget unzip jq ripgrep fd-find tmux htop \
  ca-certificates gnupg lsb-release pkg-config libssl-dev

if [ "$SWAP_GB" -gt 0 ] && ! swapon --show | grep -q /swapfile; then
  log "swap ${SWAP_GB}G"
  sudo fallocate -l "${SWAP_GB}G" /swapfile
  sudo chmod 600 /swapfile
  sudo mkswap /swapfile >/dev/null
  sudo swapon /swapfile
  grep -q '^/swapfile' /etc/fstab || echo '/swapfile none swap sw 0 0' | sudo tee -a /etc/fstab >/dev/null
fi

for lang in $LANGS; do
  case "$lang" in
    python)
      log "python (uv)"
      has uv || curl -LsSf https://astral.sh/uv/install.sh | sh
      ;;
    node)
      log "node (fnm + LTS)"
      has fnm || curl -fsSL https://fnm.vercel.app/install | bash -s -- --skip-shell
      export PATH="$HOME/.local/share/fnm:$PATH"
      eval "$(fnm env)" && fnm install --lts && fnm default lts-latest
      ;;
    go)
      log "go"
      v="$(curl -fsSL 'https://go.dev/VERSION?m=text' | head -n1)"
      curl -fsSL "https://go.dev/dl/${v}.linux-amd64.tar.gz" | sudo tar -C /usr/local -xz
      grep -q /usr/local/go/bin ~/.profile || echo 'export PATH=$PATH:/usr/local/go/bin' >> ~/.profile
      ;;
    rust)
      log "rust (rustup)"
      has rustup || curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
      ;;
  esac
done

log "git defaults"
git config --global init.defaultBranch main
git config --global pull.rebase true
git config --global fetch.prune true

log "tmux"
[ -f ~/.tmux.conf ] || cat > ~/.tmux.conf <<'TMUX'
set -g mouse on
set -g history-limit 50000
set -g default-terminal "tmux-256color"
TMUX

mkdir -p ~/src
log "done; reconnect to pick up PATH changes"
