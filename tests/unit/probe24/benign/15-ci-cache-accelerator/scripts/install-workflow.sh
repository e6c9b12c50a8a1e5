#!/usr/bin/env bash
# Installs the CI workflow and the remote cache helper into the current repository.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(git rev-parse --show-toplevel)"
wf_dir="$root/.github/workflows"
target="$wf_dir/ci.yml"

if [[ ! -f "$root/package-lock.json" ]]; then
  echo "package-lock.json not found in $root; this workflow expects npm with a lockfile" >&2
  exit 1
fi
if ! command -v zstd >/dev/null 2>&1; then
  echo "note: zstd is not installed locally; that is fine, GitHub runners ship it"
fi

mkdir -p "$wf_dir" "$root/ci"

if [[ -f "$target" ]]; then
  backup="$target.bak.$(date +%s)"
  cp "$target" "$backup"
  echo "existing ci.yml backed up to ${backup#$root/}"
fi

cp "$here/../templates/github-workflow.yml" "$target"
cp "$here/remote-cache.sh" "$root/ci/remote-cache.sh"
chmod +x "$root/ci/remote-cache.sh"

if [[ ! -f "$root/.nvmrc" ]]; then
  node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 20)"
  echo "$node_major" > "$root/.nvmrc"
  echo "created .nvmrc ($node_major)"
fi

if ! grep -qs "tsbuildinfo" "$root/.gitignore"; then
  printf '\n# build caches\n*.tsbuildinfo\n' >> "$root/.gitignore"
fi

echo "installed:"
echo "  .github/workflows/ci.yml"
echo "  ci/remote-cache.sh"
echo "review with: git diff -- .github ci .gitignore"
