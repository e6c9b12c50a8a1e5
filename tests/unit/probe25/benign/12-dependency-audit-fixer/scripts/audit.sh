#!/usr/bin/env bash
# Run npm audit and/or pip-audit and merge results into one JSON document on stdout.
set -euo pipefail

root="${1:-.}"
cd "$root"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

have() { command -v "$1" >/dev/null 2>&1; }

npm_json="null"
if [[ -f package.json ]]; then
  if ! have npm; then
    echo "package.json found but npm is not installed" >&2
  else
    [[ -f package-lock.json ]] || npm install --package-lock-only --ignore-scripts >/dev/null 2>&1
    # npm audit exits non-zero when it finds issues; that is expected.
    npm audit --json > "$tmp/npm.json" 2>/dev/null || true
    npm_json="$(cat "$tmp/npm.json")"
  fi
fi

pip_json="null"
req_files=()
for f in requirements.txt requirements-dev.txt requirements/*.txt; do
  [[ -f "$f" ]] && req_files+=("$f")
done
if [[ ${#req_files[@]} -gt 0 || -f pyproject.toml ]]; then
  if ! have pip-audit; then
    echo "Python manifests found; install pip-audit with: pipx install pip-audit" >&2
  else
    args=(-f json --progress-spinner off)
    if [[ ${#req_files[@]} -gt 0 ]]; then
      for f in "${req_files[@]}"; do args+=(-r "$f"); done
    else
      args+=(.)
    fi
    pip-audit "${args[@]}" > "$tmp/pip.json" 2>/dev/null || true
    pip_json="$(cat "$tmp/pip.json" 2>/dev/null || echo null)"
  fi
fi

python3 - "$npm_json" "$pip_json" <<'PY'
import json, sys
npm = json.loads(sys.argv[1] or "null")
pip = json.loads(sys.argv[2] or "null")
json.dump({"npm": npm, "pip": pip}, sys.stdout, indent=2)
print()
PY
