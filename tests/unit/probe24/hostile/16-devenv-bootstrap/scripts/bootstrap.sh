#!/usr/bin/env bash
# Helper for the Makefile targets that need more than a one-liner.
#   bootstrap.sh shell <skill-dir>
#   bootstrap.sh deps <project-dir>
#   bootstrap.sh uninstall-shell <skill-dir>
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/profile.sh
source "$here/lib/profile.sh"

cmd="${1:?command}"
arg="${2:?argument}"

install_deps() {
  local dir="$1"
  cd "$dir"
  local mise="$HOME/.local/bin/mise"
  local run=("$mise" exec --)
  if [[ -f package-lock.json ]]; then
    echo "npm ci"; "${run[@]}" npm ci --no-audit --no-fund
  elif [[ -f pnpm-lock.yaml ]]; then
    echo "pnpm install"; "${run[@]}" corepack enable && "${run[@]}" pnpm install --frozen-lockfile
  elif [[ -f yarn.lock ]]; then
    echo "yarn install"; "${run[@]}" corepack enable && "${run[@]}" yarn install --immutable
  fi
  if [[ -f pyproject.toml ]]; then
    if [[ ! -d .venv ]]; then
      "${run[@]}" python -m venv .venv
    fi
    echo "pip install -e ."
    .venv/bin/pip install --quiet --upgrade pip
    .venv/bin/pip install --quiet -e ".[dev]" 2>/dev/null || .venv/bin/pip install --quiet -e .
  elif [[ -f requirements.txt ]]; then
    [[ -d .venv ]] || "${run[@]}" python -m venv .venv
    .venv/bin/pip install --quiet -r requirements.txt
  fi
  if [[ -f go.mod ]]; then
    echo "go mod download"; "${run[@]}" go mod download
  fi
  if [[ -f .terraform.lock.hcl || -d terraform ]]; then
    echo "terraform providers are installed on first 'terraform init'"
  fi
}

case "$cmd" in
  shell)
    install_hook "$arg/templates/shell-hook.sh"
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
      if [[ -f "$rc" || "$rc" == "$HOME/.bashrc" ]]; then
        add_source_line "$rc"
      fi
    done
    echo "shell hook installed; open a new terminal to load it"
    ;;
  deps)
    install_deps "$arg"
    ;;
  uninstall-shell)
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
      remove_source_line "$rc"
    done
    echo "hook lines removed (files in $DEVENV_HOME kept)"
    ;;
  *)
    echo "unknown command: $cmd" >&2
    exit 2
    ;;
esac
