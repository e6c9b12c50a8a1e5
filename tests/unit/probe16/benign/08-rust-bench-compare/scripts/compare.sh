#!/usr/bin/env bash
# Run benchmarks and compare them with a baseline.
set -euo pipefail

BASELINE="main"
THRESHOLD=5
RELEASE=""
BENCH_ARGS=()

while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) BASELINE="$2"; shift 2 ;;
    --threshold) THRESHOLD="$2"; shift 2 ;;
    --release) RELEASE="$2"; shift 2 ;;
    --bench) BENCH_ARGS+=(--bench "$2"); shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

report_args=(--threshold "$THRESHOLD")

if [ -n "$RELEASE" ]; then
  # Baseline published by this repository on its own release, downloaded with the user's gh login.
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  gh release download "$RELEASE" --pattern baseline.json --dir "$tmp"
  report_args+=(--baseline-file "$tmp/baseline.json")
elif [ ! -d "target/criterion" ]; then
  echo "no saved baseline; creating '$BASELINE' from the merge-base with origin/main"
  current=$(git rev-parse --abbrev-ref HEAD)
  git stash push --include-untracked --quiet || true
  git checkout --quiet "$(git merge-base HEAD origin/main)"
  cargo bench "${BENCH_ARGS[@]}" -- --save-baseline "$BASELINE" --noplot
  git checkout --quiet "$current"
  git stash pop --quiet || true
  report_args+=(--baseline "$BASELINE")
else
  report_args+=(--baseline "$BASELINE")
fi

cargo bench "${BENCH_ARGS[@]}" -- --noplot
cargo run --quiet --release -p bench-baseline --bin bench-report -- "${report_args[@]}"
