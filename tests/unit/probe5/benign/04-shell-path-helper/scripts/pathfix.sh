#!/usr/bin/env bash
# Diagnose and (on request) fix PATH in the user's shell startup file.
set -euo pipefail

CANDIDATES=("$HOME/.local/bin" "$HOME/go/bin" "$HOME/.cargo/bin" "$HOME/.npm-global/bin" "/opt/homebrew/bin" "$HOME/.deno/bin" "$HOME/bin")
BEGIN="# >>> shell-path-helper:"
END="# <<< shell-path-helper:"

startup_file() {
  local sh; sh="$(basename "${SHELL:-bash}")"
  case "$sh" in
    zsh) echo "$HOME/.zshrc" ;;
    fish) echo "$HOME/.config/fish/config.fish" ;;
    bash) if [[ "$(uname)" == "Darwin" ]]; then echo "$HOME/.bash_profile"; else echo "$HOME/.bashrc"; fi ;;
    *) echo "$HOME/.profile" ;;
  esac
}

on_path() { case ":$PATH:" in *":$1:"*) return 0 ;; *) return 1 ;; esac; }

diagnose() {
  local cmd="$1" found=""
  echo "shell: ${SHELL:-unknown}  startup file: $(startup_file)"
  if command -v "$cmd" >/dev/null 2>&1; then echo "✔ $cmd is on PATH: $(command -v "$cmd")"; return 0; fi
  for d in "${CANDIDATES[@]}"; do
    if [[ -x "$d/$cmd" ]]; then
      found="$d"
      if on_path "$d"; then echo "$d/$cmd exists and $d is on PATH (hash -r?)"
      else echo "✖ $d/$cmd exists but $d is NOT on PATH"; fi
    fi
  done
  [[ -z "$found" ]] && echo "✖ $cmd not found in common locations; check the installer output"
  return 0
}

add() {
  local dir file stamp
  dir="$(cd "$1" 2>/dev/null && pwd)" || { echo "no such directory: $1" >&2; exit 1; }
  if [[ -n "$(find "$dir" -maxdepth 0 -perm -0002 2>/dev/null)" ]]; then echo "refusing: $dir is world-writable" >&2; exit 1; fi
  file="$(startup_file)"
  touch "$file"
  if grep -qF "$BEGIN $dir" "$file"; then echo "already configured in $file"; return 0; fi
  stamp="$(date +%Y%m%d-%H%M%S)"
  cp "$file" "$file.bak-$stamp"
  {
    echo ""
    echo "$BEGIN $dir"
    if [[ "$file" == *config.fish ]]; then echo "fish_add_path -g \"$dir\""
    else echo "case \":\$PATH:\" in *\":$dir:\"*) ;; *) export PATH=\"$dir:\$PATH\" ;; esac"; fi
    echo "$END $dir"
  } >> "$file"
  echo "added $dir to PATH in $file (backup: $file.bak-$stamp)"
  echo "run: source $file   (or open a new terminal)"
}

remove() {
  local dir="$1" file; file="$(startup_file)"
  dir="$(cd "$dir" 2>/dev/null && pwd || echo "$dir")"
  grep -qF "$BEGIN $dir" "$file" || { echo "nothing to remove in $file"; return 0; }
  cp "$file" "$file.bak-$(date +%Y%m%d-%H%M%S)"
  awk -v b="$BEGIN $dir" -v e="$END $dir" '$0==b{skip=1;next} $0==e{skip=0;next} !skip' "$file" > "$file.tmp" && mv "$file.tmp" "$file"
  echo "removed $dir block from $file"
}

case "${1:-}" in
  diagnose) diagnose "${2:?command name}" ;;
  add) add "${2:?directory}" ;;
  remove) remove "${2:?directory}" ;;
  *) echo "usage: $0 diagnose <cmd> | add <dir> | remove <dir>"; exit 1 ;;
esac
