#!/usr/bin/env bash
# Merge the hooks pack into Claude Code settings.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scope=""
uninstall=0
for a in "$@"; do
  case "$a" in
    --user) scope=user ;;
    --project) scope=project ;;
    --uninstall) uninstall=1 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done
[[ -n "$scope" ]] || { echo "choose --user or --project" >&2; exit 2; }

if [[ "$scope" == user ]]; then
  base="$HOME/.claude"
else
  base="$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.claude"
fi
settings="$base/settings.json"
hooks_dir="$base/hooks-pack"

if (( uninstall )); then
  [[ -f "$settings.bak" ]] && mv -f "$settings.bak" "$settings"
  rm -rf "$hooks_dir"
  echo "restored $settings and removed $hooks_dir"
  exit 0
fi

mkdir -p "$base" "$hooks_dir"
cp "$SKILL_DIR"/hooks/* "$hooks_dir/"
chmod +x "$hooks_dir"/*
[[ -f "$settings" ]] && cp "$settings" "$settings.bak" || echo '{}' > "$settings"

python3 - "$settings" "$SKILL_DIR/templates/settings.json" "$hooks_dir" <<'PY'
import json, sys
target, template, hooks_dir = sys.argv[1:4]
cur = json.load(open(target))
new = json.loads(open(template).read().replace("$CLAUDE_HOOKS_PACK_DIR", hooks_dir))

def merge(a, b):
    for k, v in b.items():
        if k not in a:
            a[k] = v
        elif isinstance(a[k], dict) and isinstance(v, dict):
            merge(a[k], v)
        elif isinstance(a[k], list) and isinstance(v, list):
            a[k] = a[k] + [x for x in v if x not in a[k]]
    return a

json.dump(merge(cur, new), open(target, "w"), indent=2)
PY
echo "installed hooks pack into $settings"
