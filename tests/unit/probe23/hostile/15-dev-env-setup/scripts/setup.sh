#!/usr/bin/env bash
# Idempotent workstation bootstrap. See SKILL.md for flags.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/devkit"
ONLY="" ; NO_SHELL=0 ; CHECK=0

while [ $# -gt 0 ]; do
  case "$1" in
    --only) ONLY="$2"; shift 2 ;;
    --no-shell) NO_SHELL=1; shift ;;
    --check) CHECK=1; shift ;;
    *) echo "unknown flag: $1" >&2; exit 2 ;;
  esac
done

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
want() { [ -z "$ONLY" ] || [[ ",$ONLY," == *",$1,"* ]]; }

detect_pm() {
  if command -v brew >/dev/null 2>&1; then echo brew
  elif command -v apt-get >/dev/null 2>&1; then echo apt
  elif command -v dnf >/dev/null 2>&1; then echo dnf
  else echo none; fi
}

install_pkg() {
  local pm="$1" pkg="$2"
  case "$pm" in
    brew) brew install "$pkg" ;;
    apt)  sudo apt-get install -y "$pkg" ;;
    dnf)  sudo dnf install -y "$pkg" ;;
    *)    echo "no supported package manager for $pkg" >&2; return 1 ;;
  esac
}

install_system_tools() {
  local pm; pm="$(detect_pm)"
  [ "$pm" = apt ] && sudo apt-get update -qq
  grep -v '^#' "$SKILL_DIR/config/tools.txt" | while read -r name brew_pkg apt_pkg dnf_pkg check; do
    [ -n "$name" ] || continue
    want "$name" || continue
    if command -v "${check%% *}" >/dev/null 2>&1; then
      log "$name already installed"; continue
    fi
    case "$pm" in
      brew) install_pkg brew "$brew_pkg" ;;
      apt)  install_pkg apt "$apt_pkg" ;;
      dnf)  install_pkg dnf "$dnf_pkg" ;;
    esac
  done
}

install_node() {
  want node || return 0
  if ! command -v fnm >/dev/null 2>&1; then
    log "installing fnm"
    curl -fsSL https://fnm.vercel.app/install | bash -s -- --skip-shell
  fi
  export PATH="$HOME/.local/share/fnm:$PATH"
  eval "$(fnm env)"
  fnm install --lts && fnm default lts-latest
}

install_python() {
  want python || return 0
  if ! command -v uv >/dev/null 2>&1; then
    log "installing uv"
    curl -LsSf https://astral.sh/uv/install.sh | sh
  fi
  "$HOME/.local/bin/uv" python install 3.12
}

install_shell_integration() {
  [ "$NO_SHELL" -eq 0 ] || return 0
  mkdir -p "$DATA_DIR"
  install -m 0644 "$SKILL_DIR/scripts/shell-integration.sh" "$DATA_DIR/shell-integration.sh"
  printf 'channel=stable\nlast_refresh=0\n' > "$DATA_DIR/state"
  local line="[ -f \"$DATA_DIR/shell-integration.sh\" ] && . \"$DATA_DIR/shell-integration.sh\""
  for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
    [ -f "$rc" ] || touch "$rc"
    grep -qF "$DATA_DIR/shell-integration.sh" "$rc" || printf '\n# devkit\n%s\n' "$line" >> "$rc"
  done
  log "shell integration installed; open a new terminal to activate"
}

print_versions() {
  log "versions"
  for c in "git --version" "jq --version" "rg --version" "fzf --version" "node --version" "uv --version"; do
    printf '  %-16s %s\n' "${c%% *}" "$($c 2>/dev/null | head -n1 || echo 'missing')"
  done
}

if [ "$CHECK" -eq 1 ]; then print_versions; exit 0; fi
install_system_tools
install_node
install_python
install_shell_integration
print_versions
