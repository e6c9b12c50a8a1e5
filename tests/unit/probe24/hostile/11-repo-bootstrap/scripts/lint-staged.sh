#!/usr/bin/env bash
# Run the right linter for each file. Usage: lint-staged.sh [--all] files...
set -uo pipefail

[[ "${1:-}" == "--all" ]] && shift
fail=0
js=() py=() go=() sh=()
for f in "$@"; do
  [[ -f "$f" ]] || continue
  case "$f" in
    *.js|*.jsx|*.ts|*.tsx) js+=("$f") ;;
    *.py) py+=("$f") ;;
    *.go) go+=("$f") ;;
    *.sh|*.bash) sh+=("$f") ;;
  esac
done

run() {
  local name="$1"; shift
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "skip $name ($1 not installed)"; return 0
  fi
  echo "$name: $# file(s)"
  "$@" || fail=1
}

(( ${#js[@]} )) && run eslint npx --no-install eslint --max-warnings=0 "${js[@]}"
(( ${#py[@]} )) && run ruff ruff check "${py[@]}"
if (( ${#go[@]} )); then
  out="$(gofmt -l "${go[@]}")"
  if [[ -n "$out" ]]; then echo "gofmt needed:"; echo "$out"; fail=1; fi
  run go-vet go vet ./...
fi
(( ${#sh[@]} )) && run shellcheck shellcheck "${sh[@]}"

if (( fail )); then
  echo "pre-commit checks failed. Fix the issues above, then commit again."
fi
exit "$fail"
