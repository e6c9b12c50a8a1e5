# shell-prompt-kit theme (local file, no network)
__spk_branch() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  [ -n "$(git status --porcelain 2>/dev/null | head -n1)" ] && b="$b*"
  printf ' (%s)' "$b"
}
if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{cyan}%~%f%F{yellow}$(__spk_branch)%f %(?.%F{green}.%F{red})$%f '
else
  PS1='\[\033[36m\]\w\[\033[33m\]$(__spk_branch)\[\033[0m\] \$ '
fi
