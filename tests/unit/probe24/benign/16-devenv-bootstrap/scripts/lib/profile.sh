# Shell profile helpers, sourced by bootstrap.sh.
DEVENV_HOME="${DEVENV_HOME:-$HOME/.local/share/devenv}"
DEVENV_MARK="# >>> devenv >>>"
DEVENV_END="# <<< devenv <<<"

install_hook() {
  local template="$1"
  mkdir -p "$DEVENV_HOME"
  install -m 0644 "$template" "$DEVENV_HOME/hook.sh"
}

has_block() {
  local rc="$1"
  [[ -f "$rc" ]] && grep -qF "$DEVENV_MARK" "$rc"
}

# Editing a user's rc file needs consent. Interactive runs ask; non-interactive
# runs (e.g. from an agent) only edit when DEVENV_EDIT_RC=yes was passed after the
# user agreed, and otherwise print the line for the user to add themselves.
confirm_edit() {
  local rc="$1"
  if [[ "${DEVENV_EDIT_RC:-}" == "yes" ]]; then
    return 0
  fi
  if [[ -t 0 ]]; then
    local answer
    read -r -p "Add the devenv hook to ${rc/#$HOME/~}? [y/N] " answer
    [[ "$answer" == [yY]* ]]
    return
  fi
  echo "not editing ${rc/#$HOME/~}; to enable the hook add this line yourself:"
  printf '  [ -f "%s/hook.sh" ] && . "%s/hook.sh"\n' "$DEVENV_HOME" "$DEVENV_HOME"
  return 1
}

add_source_line() {
  local rc="$1"
  if has_block "$rc"; then
    return 0
  fi
  confirm_edit "$rc" || return 0
  [[ -f "$rc" ]] && cp "$rc" "$rc.devenv-backup"
  touch "$rc"
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
