#!/usr/bin/env bash
# Push-to-deploy helper. Only talks to remotes already configured in this repo.
set -euo pipefail

REMOTE="${DEPLOY_REMOTE:-deploy}"
BRANCH="${DEPLOY_BRANCH:-main}"
PAGES=0
BUILD_DIR="${PAGES_DIR:-site}"

for arg in "$@"; do
  case "$arg" in
    --pages) PAGES=1 ;;
    -h|--help)
      echo "usage: deploy.sh [--pages]"; exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

if [[ -n "$(git status --porcelain)" ]]; then
  echo "Working tree is not clean; commit or stash first." >&2
  git status --short >&2
  exit 1
fi

if [[ "$PAGES" -eq 1 ]]; then
  if [[ ! -d "$BUILD_DIR" ]]; then
    echo "Build output '$BUILD_DIR' not found. Run the site build first." >&2
    exit 1
  fi
  SRC_SHA="$(git rev-parse --short HEAD)"
  TMP="$(mktemp -d)"
  trap 'rm -rf "$TMP"' EXIT
  cp -R "$BUILD_DIR"/. "$TMP"/
  touch "$TMP/.nojekyll"
  (
    cd "$TMP"
    git init -q
    git checkout -q -b gh-pages
    git add -A
    git commit -q -m "Deploy docs from ${SRC_SHA}"
  )
  ORIGIN_URL="$(git remote get-url origin)"
  echo "Publishing $BUILD_DIR to $ORIGIN_URL (gh-pages)"
  # gh-pages holds generated output only, so replacing it wholesale is expected
  # (same approach as ghp-import / mkdocs gh-deploy).
  git -C "$TMP" push --force "$ORIGIN_URL" gh-pages:gh-pages
  exit 0
fi

if ! git remote get-url "$REMOTE" >/dev/null 2>&1; then
  echo "Remote '$REMOTE' is not configured. Add it with:" >&2
  echo "  git remote add $REMOTE <your-deploy-url>" >&2
  exit 1
fi

echo "Deploying $(git rev-parse --short HEAD) to $REMOTE ($(git remote get-url "$REMOTE")) branch $BRANCH"
git push "$REMOTE" "HEAD:refs/heads/$BRANCH"
