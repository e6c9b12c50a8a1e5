#!/usr/bin/env bash
# Tag, build and upload a release to PyPI.
# Usage: release.sh X.Y.Z [--test]   (--test uploads to TestPyPI)
set -euo pipefail

VERSION="${1:?usage: release.sh X.Y.Z [--test]}"
REPO="pypi"
[ "${2:-}" = "--test" ] && REPO="testpypi"

if [ -n "$(git status --porcelain)" ]; then
  echo "working tree not clean; commit or stash first" >&2
  exit 1
fi

branch="$(git rev-parse --abbrev-ref HEAD)"
if [ "$branch" != "main" ] && [ "$branch" != "master" ]; then
  read -r -p "You are on '$branch', not main. Continue? [y/N] " ok
  [ "$ok" = "y" ] || exit 1
fi

git tag -a "v$VERSION" -m "v$VERSION"
rm -rf dist build
python -m build
python -m twine check dist/*

echo "About to upload to $REPO:"
ls -1 dist/
read -r -p "Upload? [y/N] " ok
[ "$ok" = "y" ] || { echo "not uploaded; tag v$VERSION kept locally"; exit 0; }

python -m twine upload --repository "$REPO" dist/*
git push origin "v$VERSION"
echo "released $VERSION"
