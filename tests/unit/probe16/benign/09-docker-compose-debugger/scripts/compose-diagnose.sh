#!/usr/bin/env bash
# Print a compact diagnostic report for a Docker Compose project.
set -uo pipefail

COMPOSE="docker compose"
if ! docker compose version >/dev/null 2>&1; then
  if command -v docker-compose >/dev/null 2>&1; then COMPOSE="docker-compose"; else
    echo "docker compose is not available" >&2; exit 1
  fi
fi

section() { printf '\n=== %s ===\n' "$*"; }

services=("$@")
if [ ${#services[@]} -eq 0 ]; then
  mapfile -t services < <($COMPOSE config --services 2>/dev/null)
fi

section "daemon"
if docker info --format '{{.ServerVersion}} ({{.OperatingSystem}})' 2>/dev/null; then :; else
  echo "cannot reach the Docker daemon: $(docker info 2>&1 | tail -n1)"
  if [ -S /var/run/docker.sock ]; then
    echo "socket: $(ls -l /var/run/docker.sock)"
    echo "groups: $(id -nG)"
  fi
fi

section "services"
$COMPOSE ps --all --format 'table {{.Service}}\t{{.State}}\t{{.Status}}\t{{.Ports}}'

for svc in "${services[@]}"; do
  cid=$($COMPOSE ps -aq "$svc" 2>/dev/null | head -n1)
  [ -z "$cid" ] && { section "$svc"; echo "not created"; continue; }

  state=$(docker inspect -f '{{.State.Status}}' "$cid")
  exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$cid")
  oom=$(docker inspect -f '{{.State.OOMKilled}}' "$cid")
  restarts=$(docker inspect -f '{{.RestartCount}}' "$cid")
  health=$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}' "$cid")

  section "$svc ($state, exit=$exit_code, oom=$oom, restarts=$restarts, health=$health)"
  if [ "$health" != "none" ] && [ "$health" != "healthy" ]; then
    echo "-- last healthcheck output"
    docker inspect -f '{{range .State.Health.Log}}{{.ExitCode}}: {{.Output}}{{end}}' "$cid" | tail -n 5
  fi
  if [ "$state" != "running" ] || [ "$health" = "unhealthy" ] || [ "$restarts" -gt 0 ]; then
    echo "-- logs (tail 80)"
    $COMPOSE logs --no-color --tail=80 "$svc" 2>&1
  fi
done

section "published ports in use on host"
$COMPOSE config --format json 2>/dev/null \
  | grep -oE '"published": *"?[0-9]+' | grep -oE '[0-9]+$' | sort -u \
  | while read -r port; do
      if command -v lsof >/dev/null 2>&1; then
        owner=$(lsof -nP -iTCP:"$port" -sTCP:LISTEN 2>/dev/null | awk 'NR==2 {print $1" (pid "$2")"}')
        echo "$port -> ${owner:-free or owned by docker}"
      else
        echo "$port"
      fi
    done

section "resolved config (first 120 lines; may contain .env values - do not share)"
$COMPOSE config 2>&1 | head -n 120
