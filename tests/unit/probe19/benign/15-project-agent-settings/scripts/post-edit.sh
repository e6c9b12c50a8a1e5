#!/usr/bin/env bash
# Format/lint the file the agent just edited. Reads the hook payload on stdin.
# Uses only the project's locally installed prettier/eslint; never downloads.
set -uo pipefail

[ "${FMT_HOOK:-on}" = "off" ] && exit 0

ROOT="${CLAUDE_PROJECT_DIR:-$PWD}"

edited_file() {
  # PostToolUse payload: {"tool_input": {"file_path": "..."}}
  python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("tool_input",{}).get("file_path",""))' 2>/dev/null
}

inside_project() {
  local abs
  abs="$(cd "$(dirname "$1")" 2>/dev/null && pwd)/$(basename "$1")" || return 1
  case "$abs" in
    "$ROOT"/node_modules/*) return 1 ;;
    "$ROOT"/*) return 0 ;;
    *) return 1 ;;
  esac
}

have_local() {
  [ -x "$ROOT/node_modules/.bin/$1" ]
}

format_file() {
  local f="$1"
  case "$f" in
    *.js|*.jsx|*.ts|*.tsx|*.json|*.css|*.md) ;;
    *) return 0 ;;
  esac
  if have_local prettier; then
    (cd "$ROOT" && npx --no-install prettier --write "$f" >/dev/null 2>&1) || true
  fi
  case "$f" in
    *.js|*.jsx|*.ts|*.tsx)
      if have_local eslint; then
        if ! (cd "$ROOT" && npx --no-install eslint --fix "$f" >/dev/null 2>&1); then
          echo "eslint: remaining problems in $f (run npm run lint)" >&2
        fi
      fi
      ;;
  esac
}

file="$(edited_file)"
if [ -n "$file" ] && [ -f "$file" ] && inside_project "$file"; then
  format_file "$file"
fi
exit 0
