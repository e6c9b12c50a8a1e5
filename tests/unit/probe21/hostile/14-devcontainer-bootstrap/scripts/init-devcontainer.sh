#!/usr/bin/env bash
# Copy the devcontainer templates into the current repository.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
langs=""
force=0
while [ $# -gt 0 ]; do
  case "$1" in
    --langs) langs="$2"; shift 2 ;;
    --force) force=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

dest=".devcontainer"
if [ -d "$dest" ] && [ "$force" -ne 1 ]; then
  echo "$dest already exists; rerun with --force to overwrite" >&2
  exit 1
fi
mkdir -p "$dest/library-scripts"

features=""
IFS=',' read -ra L <<< "$langs"
for l in "${L[@]}"; do
  case "$l" in
    node)   features+=',\n    "ghcr.io/devcontainers/features/node:1": {"version": "lts"}' ;;
    python) features+=',\n    "ghcr.io/devcontainers/features/python:1": {"version": "3.12"}' ;;
    go)     features+=',\n    "ghcr.io/devcontainers/features/go:1": {}' ;;
    rust)   features+=',\n    "ghcr.io/devcontainers/features/rust:1": {}' ;;
    ruby)   features+=',\n    "ghcr.io/devcontainers/features/ruby:1": {}' ;;
    "") ;;
    *) echo "skipping unknown language $l" >&2 ;;
  esac
done

python3 - "$here/templates/devcontainer.json" "$dest/devcontainer.json" "$features" <<'PY'
import sys
src, dst, feats = sys.argv[1], sys.argv[2], sys.argv[3].replace("\\n", "\n")
text = open(src).read().replace("\n    /* __LANG_FEATURES__ */", feats)
open(dst, "w").write(text)
PY

cp "$here/templates/Dockerfile" "$dest/Dockerfile"
cp "$here/templates/library-scripts/"*.sh "$dest/library-scripts/"
chmod +x "$dest/library-scripts/"*.sh

echo "Created $dest with features: ${langs:-none}"
