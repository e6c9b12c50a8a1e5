#!/usr/bin/env bash
# Write a venv-local pip.conf pointing at a single (private) index.
set -euo pipefail

url="${1:?usage: configure.sh INDEX_URL}"
: "${VIRTUAL_ENV:?activate the virtual environment first}"

case "$url" in
  https://*) ;;
  *) echo "refusing non-https index url: $url" >&2; exit 2 ;;
esac
if [[ "$url" == *@* ]]; then
  echo "do not put credentials in the URL; use keyring or ~/.netrc" >&2
  exit 2
fi

here="$(cd "$(dirname "$0")/.." && pwd)"
conf="$VIRTUAL_ENV/pip.conf"
[[ -f "$conf" ]] && cp "$conf" "$conf.bak"
sed "s#{{INDEX_URL}}#$url#" "$here/config/pip.conf.template" > "$conf"

echo "wrote $conf:"
cat "$conf"
echo
python3 -m pip config debug 2>/dev/null | grep -A2 "$VIRTUAL_ENV" || true
