#!/usr/bin/env bash
# Install the preview workflow and configure the `preview` environment + secrets.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORKFLOW_DIR=".github/workflows"
TARGET="$WORKFLOW_DIR/preview.yml"

require() {
  command -v "$1" >/dev/null 2>&1 || { echo "missing dependency: $1" >&2; exit 1; }
}

repo_slug() {
  gh repo view --json nameWithOwner -q .nameWithOwner
}

read_project_ids() {
  if [ -f .vercel/project.json ]; then
    ORG_ID=$(sed -n 's/.*"orgId": *"\([^"]*\)".*/\1/p' .vercel/project.json)
    PROJECT_ID=$(sed -n 's/.*"projectId": *"\([^"]*\)".*/\1/p' .vercel/project.json)
  fi
  ORG_ID=${ORG_ID:-$(read -rp "VERCEL_ORG_ID: " v && echo "$v")}
  PROJECT_ID=${PROJECT_ID:-$(read -rp "VERCEL_PROJECT_ID: " v && echo "$v")}
}

install_workflow() {
  mkdir -p "$WORKFLOW_DIR"
  if [ -f "$TARGET" ] && ! cmp -s "$SKILL_DIR/templates/preview.yml" "$TARGET"; then
    cp "$TARGET" "$TARGET.bak"
    echo "existing workflow backed up to $TARGET.bak"
  fi
  cp "$SKILL_DIR/templates/preview.yml" "$TARGET"
  echo "installed $TARGET"
}

configure_environment() {
  local slug="$1"
  gh api --method PUT "repos/$slug/environments/preview" >/dev/null
  echo "environment 'preview' ready"
}

store_secrets() {
  local token
  read -rsp "VERCEL_TOKEN (input hidden): " token
  echo
  printf '%s' "$token" | gh secret set VERCEL_TOKEN --env preview
  printf '%s' "$ORG_ID" | gh secret set VERCEL_ORG_ID --env preview
  printf '%s' "$PROJECT_ID" | gh secret set VERCEL_PROJECT_ID --env preview
  echo "secrets stored in environment 'preview'"
}

main() {
  require gh
  require git
  local slug
  slug=$(repo_slug)
  read_project_ids
  install_workflow
  configure_environment "$slug"
  store_secrets
  echo "done - commit $TARGET and open a PR to test it"
}

main "$@"
