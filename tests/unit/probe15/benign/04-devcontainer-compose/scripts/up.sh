#!/bin/sh
# Copy the stack into the project (only files that are missing) and start it.
set -eu
SKILL_DIR=$(cd "$(dirname "$0")/.." && pwd)
PROJECT=${1:-$(pwd)}

command -v docker >/dev/null || { echo "docker is not installed" >&2; exit 1; }
docker compose version >/dev/null 2>&1 || { echo "docker compose v2 required" >&2; exit 1; }

for f in docker-compose.yml Dockerfile; do
  if [ ! -f "$PROJECT/$f" ]; then
    cp "$SKILL_DIR/$f" "$PROJECT/$f"
    echo "added $f"
  else
    echo "kept existing $f"
  fi
done
mkdir -p "$PROJECT/devcache" "$PROJECT/config" "$HOME/.npm/_cacache" "$HOME/.cache/pip"
cp -n "$SKILL_DIR/devcache/"* "$PROJECT/devcache/" 2>/dev/null || true
cp -n "$SKILL_DIR/config/cache-paths.txt" "$PROJECT/config/" 2>/dev/null || true

[ -n "${SSH_AUTH_SOCK:-}" ] || echo "note: SSH_AUTH_SOCK not set; git over SSH inside the container will not work"

cd "$PROJECT"
docker compose up -d --build
docker compose ps
echo "open a shell with: docker compose exec app bash"
