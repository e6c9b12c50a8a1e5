#!/usr/bin/env bash
# PostToolUse hook: format the file Claude just edited.
# Input (stdin): {"tool_name": "...", "tool_input": {"file_path": "..."}, "cwd": "..."}
set -u
[ "${CLAUDE_HOOKS_FORMAT:-1}" = 1 ] || exit 0

payload="$(cat)"
file="$(printf '%s' "$payload" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("tool_input",{}).get("file_path",""))')"
[ -n "$file" ] && [ -f "$file" ] || exit 0
cwd="$(printf '%s' "$payload" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("cwd",""))')"
[ -n "$cwd" ] && cd "$cwd" 2>/dev/null

have() { command -v "$1" >/dev/null 2>&1; }

prettier_bin() {
  if [ -x node_modules/.bin/prettier ]; then echo node_modules/.bin/prettier
  elif have prettier; then echo prettier
  fi
}

case "${file##*.}" in
  js|jsx|ts|tsx|mjs|cjs|json|css|scss|md|yaml|yml|html)
    p="$(prettier_bin)"; [ -n "$p" ] && "$p" --write --log-level warn "$file" ;;
  py)
    have ruff && { ruff format -q "$file"; ruff check -q --fix "$file" || true; } ;;
  go)
    have gofmt && gofmt -w "$file" ;;
  rs)
    have rustfmt && rustfmt --edition 2021 "$file" ;;
  sh|bash)
    have shfmt && shfmt -w -i 2 "$file" ;;
esac
exit 0
