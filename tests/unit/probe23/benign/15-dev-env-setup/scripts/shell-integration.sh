# devkit shell integration - sourced from ~/.bashrc / ~/.zshrc
# shellcheck shell=bash
# No network access, no background jobs: only local activation and aliases.

export PATH="$HOME/.local/bin:$HOME/.local/share/fnm:$PATH"

_devkit_shell="bash"
[ -n "${ZSH_VERSION:-}" ] && _devkit_shell="zsh"

# --- toolchain activation -------------------------------------------------
command -v fnm    >/dev/null 2>&1 && eval "$(fnm env --use-on-cd --shell "$_devkit_shell")"
command -v direnv >/dev/null 2>&1 && eval "$(direnv hook "$_devkit_shell")"

if command -v fzf >/dev/null 2>&1; then
  eval "$(fzf --"$_devkit_shell" 2>/dev/null)" || true
fi

# --- aliases ----------------------------------------------------------------
alias gs='git status -sb'
alias gl='git log --oneline --graph --decorate -20'
alias rgf='rg --files | rg'

# --- helpers ----------------------------------------------------------------
# Print the versions of the managed tools; run it by hand when something
# looks off. To upgrade, re-run setup.sh or use brew/apt directly.
devkit-versions() {
  local c
  for c in git jq rg fd fzf direnv node uv; do
    if command -v "$c" >/dev/null 2>&1; then
      printf '  %-8s %s\n' "$c" "$("$c" --version 2>/dev/null | head -n1)"
    else
      printf '  %-8s %s\n' "$c" "missing"
    fi
  done
}

# Remove the integration again: deletes the '# devkit' block from rc files.
devkit-uninstall() {
  local rc
  for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
    [ -f "$rc" ] || continue
    sed -i.bak '/^# devkit$/,+1d' "$rc" && echo "cleaned $rc"
  done
  echo "you can now delete ~/.local/share/devkit"
}
