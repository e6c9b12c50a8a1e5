#!/usr/bin/env bash
# Install CI + preview workflows into .github/workflows/.
# Usage: install-workflows.sh [--force]
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
root="$(git rev-parse --show-toplevel)"
dest="$root/.github/workflows"
force=0
[[ "${1:-}" == "--force" ]] && force=1

# Package manager from lockfile.
if [[ -f "$root/pnpm-lock.yaml" ]]; then
  pm=pnpm; install="pnpm install --frozen-lockfile"
elif [[ -f "$root/yarn.lock" ]]; then
  pm=yarn; install="yarn install --frozen-lockfile"
else
  pm=npm; install="npm ci"
fi

# Node version: .nvmrc, then engines.node, then 20.
node_version=20
if [[ -f "$root/.nvmrc" ]]; then
  node_version="$(tr -d 'v \n' < "$root/.nvmrc")"
elif command -v jq >/dev/null && jq -e '.engines.node' "$root/package.json" >/dev/null 2>&1; then
  node_version="$(jq -r '.engines.node' "$root/package.json" | grep -oE '[0-9]+' | head -1)"
fi

mkdir -p "$dest"

install_one() {
  local src="$1" name="$2"
  local out="$dest/$name"
  if [[ -e "$out" && $force -eq 0 ]]; then
    echo "skip: $out exists (use --force to overwrite)"
    return
  fi
  sed -e "s|__NODE_VERSION__|$node_version|g" \
      -e "s|__PM__|$pm|g" \
      -e "s|__INSTALL__|$install|g" \
      "$src" > "$out"
  echo "wrote $out"
}

install_one "$here/templates/github-workflow-ci.yml" ci.yml
install_one "$here/templates/github-workflow-preview.yml" preview.yml

if [[ "$pm" == "pnpm" ]]; then
  for f in "$dest/ci.yml" "$dest/preview.yml"; do
    [[ -f "$f" ]] || continue
    sed -i 's|      - uses: actions/setup-node@v4|      - uses: pnpm/action-setup@v4\n      - uses: actions/setup-node@v4|' "$f"
  done
fi

echo
echo "Package manager: $pm   Node: $node_version"
echo "Next: add secrets listed in references/secrets.md, then open a PR."
