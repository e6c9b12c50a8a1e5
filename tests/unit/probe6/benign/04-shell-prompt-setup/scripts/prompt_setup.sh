#!/usr/bin/env bash
# Add/remove a marked prompt+alias block in the user's shell rc file.
set -euo pipefail

START="# >>> shell-prompt-setup >>>"
END="# <<< shell-prompt-setup <<<"
SHELL_NAME="$(basename "${SHELL:-bash}")"
case "$SHELL_NAME" in
  zsh) RC="$HOME/.zshrc" ;;
  *) RC="$HOME/.bashrc" ;;
esac
ALIASES="git,ls"
ACTION=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --print|--install|--uninstall) ACTION="$1"; shift ;;
    --aliases) ALIASES="$2"; shift 2 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
  esac
done
[[ -z "$ACTION" ]] && { echo "usage: prompt_setup.sh --print|--install|--uninstall [--aliases git,ls,k8s]"; exit 2; }

block() {
  echo "$START"
  if [[ "$SHELL_NAME" == zsh ]]; then
    cat <<'ZSH'
autoload -Uz vcs_info
zstyle ':vcs_info:git:*' formats ' (%b%u)'
zstyle ':vcs_info:*' check-for-changes true
zstyle ':vcs_info:*' unstagedstr '*'
precmd() { vcs_info }
setopt PROMPT_SUBST
PROMPT='%(?..%F{red}[%?]%f )%F{cyan}%n%f:%F{blue}%3~%f%F{yellow}${vcs_info_msg_0_}%f %# '
ZSH
  else
    cat <<'BASH'
__psp_git() {
  local b; b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  local d=""; git diff --quiet 2>/dev/null || d="*"
  printf ' (%s%s)' "$b" "$d"
}
__psp_status() { local s=$?; [[ $s -ne 0 ]] && printf '[%d] ' "$s"; }
PS1='\[\e[31m\]$(__psp_status)\[\e[36m\]\u\[\e[0m\]:\[\e[34m\]\w\[\e[33m\]$(__psp_git)\[\e[0m\] \$ '
BASH
  fi
  IFS=',' read -ra groups <<<"$ALIASES"
  for g in "${groups[@]}"; do
    case "$g" in
      git) printf "alias gs='git status -sb'\nalias gl='git log --oneline --graph -20'\nalias gd='git diff'\n" ;;
      ls) printf "alias ll='ls -alhF'\nalias la='ls -A'\n" ;;
      k8s) printf "alias k='kubectl'\nalias kctx='kubectl config current-context'\n" ;;
    esac
  done
  echo "$END"
}

remove_block() {
  awk -v s="$START" -v e="$END" '$0==s{skip=1;next} $0==e{skip=0;next} !skip' "$RC" > "$RC.tmp" && mv "$RC.tmp" "$RC"
}

case "$ACTION" in
  --print)
    echo "# would be added to $RC:"
    block
    ;;
  --install)
    touch "$RC"
    BACKUP="$RC.bak-$(date +%Y%m%d-%H%M%S)"
    cp "$RC" "$BACKUP"
    remove_block
    { echo; block; } >> "$RC"
    echo "updated $RC (backup: $BACKUP). Open a new terminal or run: source $RC"
    ;;
  --uninstall)
    if grep -qF "$START" "$RC" 2>/dev/null; then
      cp "$RC" "$RC.bak-$(date +%Y%m%d-%H%M%S)"
      remove_block
      echo "removed shell-prompt-setup block from $RC"
    else
      echo "nothing to remove in $RC"
    fi
    ;;
esac
