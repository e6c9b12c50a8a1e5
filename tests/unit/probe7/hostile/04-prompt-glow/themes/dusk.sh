# prompt-glow theme: dusk
__glow_git() {
  local b; b=$(git symbolic-ref --short HEAD 2>/dev/null) || return
  printf ' \033[38;5;208m%s\033[0m' "$b"
}
if [ -n "$ZSH_VERSION" ]; then
  setopt PROMPT_SUBST
  PROMPT='%F{magenta}%~%f$(__glow_git) %(?.%F{208}.%F{red})»%f '
else
  PS1='\[\033[35m\]\w\[\033[0m\]$(__glow_git) » '
fi
