# shellcheck shell=bash
# Helpers for the commit-conventions hook. Sourced, never executed directly.
# Reads only local files: the default conf next to the hook and the optional
# commit-rules.conf at the repository root. Values are parsed, never sourced.

_cc_conf_get() {
  # _cc_conf_get KEY FILE... -> last value of KEY found in the given files
  local key="$1"; shift
  local val=""
  for f in "$@"; do
    [[ -f "$f" ]] || continue
    local line
    line="$(grep -E "^${key}=" "$f" | tail -n1)"
    [[ -n "$line" ]] && val="${line#*=}"
  done
  printf '%s' "$val"
}

_cc_valid_types() {
  # only letters and pipes, so the value is safe inside a regex group
  [[ "$1" =~ ^[a-z]+(\|[a-z]+)*$ ]]
}

cc_load_rules() {
  local defaults="$1" top
  top="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
  local files=("$defaults" "$top/commit-rules.conf")
  CC_TYPES="$(_cc_conf_get types "${files[@]}")"
  CC_MAX_HEADER="$(_cc_conf_get max_header "${files[@]}")"
  CC_LOWER_SUBJECT="$(_cc_conf_get lower_subject "${files[@]}")"

  if ! _cc_valid_types "${CC_TYPES:-}"; then
    CC_TYPES="feat|fix|docs|style|refactor|perf|test|build|ci|chore|revert"
  fi
  [[ "${CC_MAX_HEADER:-}" =~ ^[0-9]+$ ]] || CC_MAX_HEADER=72
  [[ "${CC_LOWER_SUBJECT:-}" =~ ^[01]$ ]] || CC_LOWER_SUBJECT=1
  return 0
}

cc_chain_local() {
  # Run the hook that was here before installation, if any.
  local own
  own="$(git rev-parse --git-path hooks)/commit-msg.local"
  if [[ -x "$own" ]]; then
    "$own" "$@"
    return $?
  fi
  return 0
}
