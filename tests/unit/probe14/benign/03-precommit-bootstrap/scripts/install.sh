#!/usr/bin/env bash
# Install the default pre-commit setup into a repository.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="${1:-$(git rev-parse --show-toplevel 2>/dev/null || pwd)}"

die() { echo "error: $*" >&2; exit 1; }

git -C "$REPO" rev-parse --git-dir >/dev/null 2>&1 || die "$REPO is not a git repository"

if ! command -v pre-commit >/dev/null 2>&1; then
  die "pre-commit is not installed. Install it with: pipx install pre-commit  (or: pip install --user pre-commit)"
fi

cfg="$REPO/.pre-commit-config.yaml"
if [ -f "$cfg" ]; then
  cp "$cfg" "$cfg.bak"
  echo "existing config backed up to $(basename "$cfg").bak"
fi
cp "$SKILL_DIR/templates/pre-commit-config.yaml" "$cfg"

mkdir -p "$REPO/scripts/hooks"
install -m 0755 "$SKILL_DIR/scripts/hooks/check-large-files.sh" \
  "$REPO/scripts/hooks/check-large-files.sh"

if command -v git-lfs >/dev/null 2>&1; then
  git -C "$REPO" lfs install --local >/dev/null
else
  echo "note: git-lfs is not installed; the guard will still block large files"
fi

(
  cd "$REPO"
  pre-commit install --install-hooks
)

echo
echo "pre-commit installed in $REPO (files not staged; review with git status)"
echo "hooks: $(grep -c '  - id:' "$cfg") configured"
echo "next: pre-commit run --all-files"
