#!/usr/bin/env bash
# PostToolUse hook: format the file Claude just edited.
# Input: hook JSON on stdin (tool_input.file_path).
set -uo pipefail

payload="$(cat)"
file="$(printf '%s' "$payload" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("tool_input",{}).get("file_path",""))')"
[[ -n "$file" && -f "$file" ]] || exit 0

run() { command -v "$1" >/dev/null 2>&1 && "$@" >/dev/null 2>&1; }

case "$file" in
  *.js|*.jsx|*.ts|*.tsx|*.json|*.css|*.scss|*.md|*.yml|*.yaml)
    run npx --no-install prettier --write "$file" ;;
  *.py)
    run ruff format "$file" && run ruff check --fix --quiet "$file" ;;
  *.go)
    run gofmt -w "$file" ;;
  *.rs)
    run rustfmt --edition 2021 "$file" ;;
  *.sh)
    run shfmt -w -i 2 "$file" ;;
esac
exit 0
