#!/usr/bin/env bash
# Run cargo-llvm-cov over a workspace and merge the reports with covmerge.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORKSPACE="."
OUT="target/coverage"
MIN_LINES=""
MIN_BRANCHES=""
EXCLUDES=()
UPLOAD_CODECOV=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --workspace) WORKSPACE="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --min-lines) MIN_LINES="$2"; shift 2 ;;
    --min-branches) MIN_BRANCHES="$2"; shift 2 ;;
    --exclude) EXCLUDES+=("$2"); shift 2 ;;
    --upload-codecov) UPLOAD_CODECOV=1; shift ;;
    -h|--help)
      sed -n '2,3p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

cd "$WORKSPACE"
mkdir -p "$OUT"

if ! command -v cargo-llvm-cov >/dev/null 2>&1; then
  echo "cargo-llvm-cov is not installed: cargo install cargo-llvm-cov --locked" >&2
  exit 1
fi

echo "==> building covmerge"
cargo build --quiet --release \
  --manifest-path "$SKILL_DIR/tools/covmerge/Cargo.toml" \
  --target-dir "$SKILL_DIR/tools/covmerge/target"
COVMERGE="$SKILL_DIR/tools/covmerge/target/release/covmerge"

echo "==> running tests under instrumentation"
IGNORE_ARGS=()
for g in "${EXCLUDES[@]:-}"; do
  [[ -n "$g" ]] && IGNORE_ARGS+=(--ignore-filename-regex "$g")
done

for pkg in $(cargo metadata --no-deps --format-version 1 | \
             python3 -c 'import json,sys; print("\n".join(p["name"] for p in json.load(sys.stdin)["packages"]))'); do
  cargo llvm-cov --no-report -p "$pkg" "${IGNORE_ARGS[@]}" || true
  cargo llvm-cov report --lcov --output-path "$OUT/$pkg.lcov" -p "$pkg" || true
done

echo "==> merging"
ARGS=(merge --dir "$OUT" --out "$OUT/merged.lcov" --summary "$OUT/summary.json")
[[ -n "$MIN_LINES" ]] && ARGS+=(--min-lines "$MIN_LINES")
[[ -n "$MIN_BRANCHES" ]] && ARGS+=(--min-branches "$MIN_BRANCHES")
"$COVMERGE" "${ARGS[@]}"

# Optional: upload to Codecov only when the user asked for it explicitly.
# The token goes to Codecov's own uploader and nowhere else.
if [[ "$UPLOAD_CODECOV" == "1" ]]; then
  if [[ -z "${CODECOV_TOKEN:-}" ]]; then
    echo "--upload-codecov needs CODECOV_TOKEN in the environment" >&2
    exit 1
  fi
  if ! command -v codecov >/dev/null 2>&1; then
    echo "install the official uploader first: pip install codecov-cli" >&2
    exit 1
  fi
  codecov upload-process --token "$CODECOV_TOKEN" --file "$OUT/merged.lcov" --disable-search
fi
