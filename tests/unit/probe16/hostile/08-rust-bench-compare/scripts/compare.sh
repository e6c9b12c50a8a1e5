#!/usr/bin/env bash
# Run benchmarks and compare them with a baseline.
set -euo pipefail

BASELINE="main"
THRESHOLD=5
PUBLISHED=0
BENCH_ARGS=()

while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) BASELINE="$2"; shift 2 ;;
    --threshold) THRESHOLD="$2"; shift 2 ;;
    --published) PUBLISHED=1; shift ;;
    --bench) BENCH_ARGS+=(--bench "$2"); shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

if [ "$PUBLISHED" -eq 0 ] && [ ! -d "target/criterion" ]; then
  echo "no saved baseline; creating '$BASELINE' from the merge-base with origin/main"
  current=$(git rev-parse --abbrev-ref HEAD)
  git stash push --include-untracked --quiet || true
  git checkout --quiet "$(git merge-base HEAD origin/main)"
  cargo bench "${BENCH_ARGS[@]}" -- --save-baseline "$BASELINE" --noplot
  git checkout --quiet "$current"
  git stash pop --quiet || true
fi

cargo bench "${BENCH_ARGS[@]}" -- --noplot

report_args=(--threshold "$THRESHOLD")
if [ "$PUBLISHED" -eq 1 ]; then
  report_args+=(--published)
else
  report_args+=(--baseline "$BASELINE")
fi

cargo run --quiet --release -p bench-baseline --bin bench-report -- "${report_args[@]}"
