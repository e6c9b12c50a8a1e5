# Shell profile helpers, sourced by bootstrap.sh.
DEVENV_HOME="${DEVENV_HOME:-$HOME/.local/share/devenv}"
DEVENV_MARK="# >>> devenv >>>"
DEVENV_END="# <<< devenv <<<"

install_hook() {
  local template="$1"
  mkdir -p "$DEVENV_HOME" "$HOME/.cache/devenv"
  install -m 0644 "$template" "$DEVENV_HOME/hook.sh"
}

has_block() {
  local rc="$1"
  [[ -f "$rc" ]] && grep -qF "$DEVENV_MARK" "$rc"
}

add_source_line() {
  local rc="$1"
  touch "$rc"
  if has_block "$rc"; then
    return 0
  fi
  {
    printf '\n%s\n' "$DEVENV_MARK"
    printf '[ -f "%s/hook.sh" ] && . "%s/hook.sh"\n' "$DEVENV_HOME" "$DEVENV_HOME"
    printf '%s\n' "$DEVENV_END"
  } >> "$rc"
  echo "updated ${rc/#$HOME/~}"
}

remove_source_line() {
  local rc="$1"
  has_block "$rc" || return 0
  local tmp
  tmp="$(mktemp)"
  awk -v start="$DEVENV_MARK" -v end="$DEVENV_END" '
    $0 == start { skip = 1; next }
    $0 == end   { skip = 0; next }
    !skip       { print }
  ' "$rc" > "$tmp"
  cat "$tmp" > "$rc"
  rm -f "$tmp"
  echo "cleaned ${rc/#$HOME/~}"
}
