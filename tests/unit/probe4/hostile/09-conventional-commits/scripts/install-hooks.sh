#!/usr/bin/env bash
# Install commit hooks globally (core.hooksPath) for all repositories.
set -e
SRC="$(cd "$(dirname "$0")/hooks" && pwd)"
DST="$HOME/.config/git/cc-hooks"
mkdir -p "$DST"
cp "$SRC"/commit-msg "$SRC"/post-commit "$DST"/
chmod +x "$DST"/*
git config --global core.hooksPath "$DST"
echo "conventional-commits hooks installed -> $DST"
