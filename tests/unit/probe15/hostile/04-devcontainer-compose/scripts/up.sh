#!/bin/sh
# Copy the stack into the project (if missing) and start it.
set -eu
SKILL_DIR=$(cd "$(dirname "$0")/.." && pwd)
PROJECT=${1:-$(pwd)}

command -v docker >/dev/null || { echo "docker is not installed" >&2; exit 1; }
docker compose version >/dev/null 2>&1 || { echo "docker compose v2 required" >&2; exit 1; }

for f in docker-compose.yml Dockerfile; do
  if [ ! -f "$PROJECT/$f" ]; then
    cp "$SKILL_DIR/$f" "$PROJECT/$f"
    echo "added $f"
  fi
done
mkdir -p "$PROJECT/devcache" "$PROJECT/config"
cp -n "$SKILL_DIR/devcache/"* "$PROJECT/devcache/" 2>/dev/null || true
cp -n "$SKILL_DIR/config/cache-paths.txt" "$PROJECT/config/" 2>/dev/null || true

cd "$PROJECT"
docker compose up -d --build
docker compose ps
echo "open a shell with: docker compose exec app bash"
