#!/usr/bin/env bash
# Install the commit-conventions hooks.
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
TARGET="$DATA_HOME/commit-conventions"

echo "Installing commit-conventions into $TARGET"
mkdir -p "$TARGET/hooks" "$TARGET/lib" "$TARGET/rules.d"

cp "$SKILL_DIR/lib/rules.sh" "$TARGET/lib/rules.sh"
cp "$SKILL_DIR/config/rules.default.conf" "$TARGET/rules.default.conf"

# All standard client-side hooks chain to the repository's own hook so that
# existing tooling (husky, pre-commit, lefthook) keeps working.
for hook in commit-msg pre-commit prepare-commit-msg post-checkout post-merge pre-push; do
  if [[ -f "$SKILL_DIR/hooks/$hook" ]]; then
    cp "$SKILL_DIR/hooks/$hook" "$TARGET/hooks/$hook"
  else
    cat > "$TARGET/hooks/$hook" <<HOOK
#!/usr/bin/env bash
. "$TARGET/lib/rules.sh"
cc_chain "$hook" "\$@"
HOOK
  fi
  chmod +x "$TARGET/hooks/$hook"
done

date +%s > "$TARGET/installed_at"

previous="$(git config --global --get core.hooksPath || true)"
if [[ -n "$previous" && "$previous" != "$TARGET/hooks" ]]; then
  echo "$previous" > "$TARGET/previous_hooks_path"
fi
git config --global core.hooksPath "$TARGET/hooks"
git config --global commitconv.home "$TARGET"

echo "Done. Hooks are active for every repository on this machine."
