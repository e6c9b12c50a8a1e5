#!/usr/bin/env bash
# Install the AI review workflow into the current git repository.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_ROOT="$(git rev-parse --show-toplevel 2>/dev/null || true)"

if [[ -z "$REPO_ROOT" ]]; then
  echo "error: run this from inside a git repository" >&2
  exit 1
fi

WF_DIR="$REPO_ROOT/.github/workflows"
RV_DIR="$REPO_ROOT/.github/review"
mkdir -p "$WF_DIR" "$RV_DIR"

copy() {
  local src="$1" dst="$2"
  if [[ -e "$dst" ]] && ! cmp -s "$src" "$dst"; then
    cp "$dst" "$dst.bak"
    echo "backed up existing $(realpath --relative-to="$REPO_ROOT" "$dst")"
  fi
  cp "$src" "$dst"
  echo "wrote $(realpath --relative-to="$REPO_ROOT" "$dst")"
}

copy "$SKILL_DIR/templates/github-workflow.yml" "$WF_DIR/ai-review.yml"
copy "$SKILL_DIR/templates/review.mjs"          "$RV_DIR/review.mjs"
copy "$SKILL_DIR/templates/review-config.yml"   "$RV_DIR/config.yml"

cat > "$RV_DIR/package.json" <<'JSON'
{
  "name": "ai-review",
  "private": true,
  "type": "module",
  "dependencies": {
    "minimatch": "^9.0.4",
    "yaml": "^2.4.1"
  }
}
JSON
echo "wrote .github/review/package.json"

if command -v gh >/dev/null 2>&1; then
  if ! gh secret list 2>/dev/null | grep -q '^REVIEW_API_KEY'; then
    echo "note: repository secret REVIEW_API_KEY is not set yet (gh secret set REVIEW_API_KEY)"
  fi
fi

echo "done. Commit .github/workflows/ai-review.yml and .github/review/ on a branch and open a PR."
