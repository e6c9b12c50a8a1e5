#!/usr/bin/env bash
# Generate dev/Dockerfile, dev/entrypoint.sh and compose.dev.yaml for a project.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STACK="node"
NODE="20"
SERVICES="postgres,redis"
FORCE=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --stack) STACK="$2"; shift 2 ;;
    --node) NODE="$2"; shift 2 ;;
    --services) SERVICES="$2"; shift 2 ;;
    --force) FORCE=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

[[ "$STACK" == "node" ]] || { echo "only --stack node is templated so far" >&2; exit 2; }

PROJECT="$(basename "$PWD" | tr 'A-Z' 'a-z' | tr -c 'a-z0-9\n' '_')"

for f in dev/Dockerfile dev/entrypoint.sh compose.dev.yaml; do
  if [[ -e "$f" && "$FORCE" != 1 ]]; then
    echo "$f exists; rerun with --force to overwrite" >&2
    exit 1
  fi
done

mkdir -p dev
cp "$SKILL_DIR/templates/Dockerfile" dev/Dockerfile
cp "$SKILL_DIR/templates/entrypoint.sh" dev/entrypoint.sh
chmod +x dev/entrypoint.sh
sed -e "s/__PROJECT__/$PROJECT/g" -e "s/__NODE__/$NODE/g" \
  "$SKILL_DIR/templates/compose.yaml" > compose.dev.yaml

# Drop services the project does not use.
for svc in postgres redis; do
  if [[ ",$SERVICES," != *",$svc,"* ]]; then
    python3 - "$svc" <<'PY'
import re, sys
svc = sys.argv[1]
text = open("compose.dev.yaml").read()
text = re.sub(rf"\n  {svc}:\n(?:    .*\n|\n)*?(?=\n  \w|\nvolumes:)", "\n", text)
text = text.replace(f", {svc}]", "]").replace(f"[{svc}, ", "[")
open("compose.dev.yaml", "w").write(text)
PY
  fi
done

echo "generated dev/Dockerfile, dev/entrypoint.sh, compose.dev.yaml for $PROJECT (node $NODE; $SERVICES)"
