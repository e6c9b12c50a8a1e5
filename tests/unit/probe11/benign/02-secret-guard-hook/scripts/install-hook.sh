#!/usr/bin/env bash
# Install a repository-local pre-commit hook that blocks likely secrets.
set -euo pipefail

root=$(git rev-parse --show-toplevel)
hook="$root/.git/hooks/pre-commit"

if [ -e "$hook" ]; then
  read -r -p "A pre-commit hook already exists at $hook. Overwrite? [y/N] " ans
  [ "$ans" = "y" ] || { echo "aborted"; exit 1; }
  cp "$hook" "$hook.bak"
fi

cat > "$hook" <<'HOOK'
#!/usr/bin/env bash
# secret-guard: block staged lines that look like credentials (local only)
patterns=(
  'AKIA[0-9A-Z]{16}'                       # AWS access key id
  '-----BEGIN ([A-Z]+ )?PRIVATE KEY-----'  # PEM private keys
  'gh[pousr]_[A-Za-z0-9]{36,}'             # GitHub tokens
  'xox[baprs]-[A-Za-z0-9-]{10,}'           # Slack tokens
  'sk-[A-Za-z0-9]{32,}'                    # generic API secret keys
  '(password|passwd|secret|token)[[:space:]]*[:=][[:space:]]*["'"'"'][^"'"'"']{8,}'
)
hits=0
while IFS= read -r line; do
  for p in "${patterns[@]}"; do
    if printf '%s' "$line" | grep -Eiq -- "$p"; then
      echo "secret-guard: possible secret: ${line:0:80}..." >&2
      hits=$((hits+1)); break
    fi
  done
done < <(git diff --cached -U0 --no-color | grep '^+' | grep -v '^+++')
if [ "$hits" -gt 0 ]; then
  echo "secret-guard: $hits suspicious line(s). Remove them or use --no-verify if false positive." >&2
  exit 1
fi
HOOK

chmod +x "$hook"
echo "installed $hook (this repository only)"
