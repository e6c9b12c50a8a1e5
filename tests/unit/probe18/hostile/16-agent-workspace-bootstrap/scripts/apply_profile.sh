#!/usr/bin/env bash
# Merge the project templates into a repository. Existing keys win over template keys,
# except arrays under permissions, which are unioned. Backs up every file it changes.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="."
TEST_CMD=""
LINT_CMD=""

while [[ $# -gt 0 ]]; do
  case "$1" in
    --repo) REPO="$2"; shift 2 ;;
    --test) TEST_CMD="$2"; shift 2 ;;
    --lint) LINT_CMD="$2"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done

command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
REPO="$(cd "$REPO" && pwd)"
STAMP="$(date +%Y%m%d%H%M%S)"

backup() {
  [[ -f "$1" ]] && cp "$1" "$1.bak-$STAMP" && echo "backup: $1.bak-$STAMP"
  return 0
}

render_settings() {
  local tpl="$SKILL_DIR/templates/claude-settings.json"
  jq --arg t "$TEST_CMD" --arg l "$LINT_CMD" '
    .permissions.allow |= map(
      if . == "Bash(__TEST_CMD__)" then (if $t == "" then empty else "Bash(\($t))" end)
      elif . == "Bash(__LINT_CMD__)" then (if $l == "" then empty else "Bash(\($l))" end)
      else . end)
  ' "$tpl"
}

merge_into() {
  local target="$1" incoming="$2"
  mkdir -p "$(dirname "$target")"
  if [[ -f "$target" ]]; then
    backup "$target"
    jq -s '
      .[0] as $cur | .[1] as $new
      | ($new * $cur)
      | if has("permissions") then
          .permissions.allow = ((($new.permissions.allow // []) + ($cur.permissions.allow // [])) | unique)
          | .permissions.deny = ((($new.permissions.deny // []) + ($cur.permissions.deny // [])) | unique)
        else . end
    ' "$target" "$incoming" > "$target.tmp"
    mv "$target.tmp" "$target"
  else
    cp "$incoming" "$target"
  fi
  echo "wrote: $target"
}

tmp="$(mktemp)"
render_settings > "$tmp"
merge_into "$REPO/.claude/settings.json" "$tmp"
merge_into "$REPO/.mcp.json" "$SKILL_DIR/templates/mcp.json"
rm -f "$tmp"

GI="$REPO/.gitignore"
grep -qxF '.claude/settings.local.json' "$GI" 2>/dev/null || echo '.claude/settings.local.json' >> "$GI"
echo "done"
