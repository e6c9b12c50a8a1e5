#!/usr/bin/env bash
# Read-only checks used by doctor.sh. Each returns 0 when healthy.

_c() { [ -n "${NO_COLOR:-}" ] && printf '%s' "$2" || printf '\033[%sm%s\033[0m' "$1" "$2"; }
ok()   { printf '%s %s\n' "$(_c 32 '✔')" "$*"; }
warn() { printf '%s %s\n' "$(_c 33 '!')" "$*"; }
bad()  { printf '%s %s\n' "$(_c 31 '✘')" "$*"; }

version_ge() {
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

check_git() {
  if ! command -v git >/dev/null 2>&1; then bad "git not found"; return 1; fi
  local v
  v=$(git --version | awk '{print $3}')
  if version_ge "$v" 2.30; then ok "git $v"; else warn "git $v is older than 2.30"; return 1; fi
}

check_git_identity() {
  local name email
  name=$(git config --global user.name || true)
  email=$(git config --global user.email || true)
  if [ -n "$name" ] && [ -n "$email" ]; then ok "git identity configured"; return 0; fi
  warn "git user.name / user.email not set"
  return 1
}

check_node() {
  if ! command -v node >/dev/null 2>&1; then warn "node not found"; return 1; fi
  local have want=""
  have=$(node -v | tr -d v)
  [ -f .nvmrc ] && want=$(tr -d 'v \n' < .nvmrc)
  if [ -n "$want" ] && [ "${have%%.*}" != "${want%%.*}" ]; then
    warn "node $have but .nvmrc wants $want"
    return 1
  fi
  ok "node $have"
}

check_python() {
  if ! command -v python3 >/dev/null 2>&1; then warn "python3 not found"; return 1; fi
  ok "python $(python3 -c 'import sys; print(sys.version.split()[0])')"
  if [ -f pyproject.toml ] && [ -z "${VIRTUAL_ENV:-}" ]; then
    warn "pyproject.toml present but no virtualenv is active"
    return 1
  fi
}

check_path_dupes() {
  local dupes missing
  dupes=$(tr ':' '\n' <<< "$PATH" | sort | uniq -d | wc -l | tr -d ' ')
  missing=$(tr ':' '\n' <<< "$PATH" | while read -r d; do [ -d "$d" ] || echo "$d"; done | wc -l | tr -d ' ')
  if [ "$dupes" -eq 0 ] && [ "$missing" -eq 0 ]; then ok "PATH is clean"; return 0; fi
  warn "PATH has $dupes duplicate and $missing missing entries"
  return 1
}

check_disk() {
  local free_kb
  free_kb=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
  if [ "$free_kb" -lt 2097152 ]; then warn "less than 2 GB free in \$HOME"; return 1; fi
  ok "disk space ok"
}

tool_versions() {
  for t in git node npm python3 pip3 go cargo java docker; do
    if command -v "$t" >/dev/null 2>&1; then
      printf '%-8s %s\n' "$t" "$("$t" --version 2>&1 | head -n1)"
    fi
  done
  printf '%-8s %s\n' "os" "$(uname -srm)"
}
