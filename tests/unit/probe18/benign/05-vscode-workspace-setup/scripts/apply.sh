#!/usr/bin/env bash
# Copy the VS Code workspace templates into ./.vscode (nothing outside it is touched).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST=".vscode"
ASSUME_YES=0
[[ "${1:-}" == "--yes" ]] && ASSUME_YES=1

if [[ ! -f package.json ]]; then
  echo "No package.json here; run from the project root." >&2
  exit 1
fi

mkdir -p "$DEST"

confirm() { # question
  [[ $ASSUME_YES -eq 1 ]] && return 0
  if [[ ! -t 0 ]]; then
    echo "$1 [skipped: not interactive; rerun with --yes after checking]" >&2
    return 1
  fi
  local answer
  read -r -p "$1 [y/N] " answer
  [[ "$answer" == [yY]* ]]
}

install_template() { # template-name destination-name
  local src="$HERE/templates/$1" dst="$DEST/$2"
  if [[ -f "$dst" ]]; then
    if cmp -s "$src" "$dst"; then
      echo "unchanged $dst"
      return 0
    fi
    diff -u "$dst" "$src" | head -n 40 || true
    confirm "Replace $dst?" || return 0
    cp "$dst" "$dst.bak"
    echo "backed up $dst -> $dst.bak"
  fi
  cp "$src" "$dst"
  echo "wrote $dst"
}

install_template vscode-settings.json settings.json
install_template vscode-extensions.json extensions.json
install_template vscode-tasks.json tasks.json
install_template vscode-launch.json launch.json

missing=()
for script in build test lint; do
  node -e 'const p=require("./package.json"); process.exit(p.scripts && p.scripts[process.argv[1]] ? 0 : 1)' "$script" ||
    missing+=("$script")
done
if [[ ${#missing[@]} -gt 0 ]]; then
  echo "note: package.json has no script(s): ${missing[*]}; edit .vscode/tasks.json to match." >&2
fi

if ! git check-ignore -q "$DEST/settings.json" 2>/dev/null; then
  echo "tip: commit .vscode/{settings,extensions,tasks,launch}.json so the team shares them."
fi
echo "Done. Reload the VS Code window to pick up the new settings."
