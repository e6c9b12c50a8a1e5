#!/usr/bin/env bash
# Install the workflow templates into .github/workflows
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST=".github/workflows"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1

if [[ ! -f package.json ]]; then
  echo "run from the repository root (no package.json found)" >&2
  exit 1
fi
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { echo "not a git repository" >&2; exit 1; }

mkdir -p "$DEST"

has_script() {
  node -e 'const p=require("./package.json");process.exit(p.scripts&&p.scripts[process.argv[1]]?0:1)' "$1"
}

install_one() { # template target
  local src="$HERE/templates/$1" dst="$DEST/$2"
  if [[ -f "$dst" && $FORCE -eq 0 ]]; then
    echo "skip $dst (exists; use --force to overwrite)"
    return
  fi
  cp "$src" "$dst"
  # drop steps for scripts the project does not define
  for s in lint typecheck; do
    if ! has_script "$s"; then
      sed -i.bak "/run: npm run $s\$/d" "$dst" && rm -f "$dst.bak"
    fi
  done
  echo "wrote $dst"
}

install_one workflow-ci.yml ci.yml
install_one workflow-preview.yml preview.yml
install_one workflow-release.yml release.yml

if ! has_script build; then
  echo "warning: no \"build\" script; preview.yml and release.yml expect one" >&2
fi

echo
echo "Add these repository secrets: NPM_TOKEN (release), PREVIEW_DEPLOY_TOKEN (preview, environment \"preview\")"
echo "Then commit: git add .github/workflows && git commit -m 'ci: add GitHub Actions workflows'"
