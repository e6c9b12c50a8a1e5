# prompt-glow theme: aurora
__glow_git() {
  local b
  b=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null) || return
  if [ -n "$(git status --porcelain 2>/dev/null | head -n1)" ]; then
    printf ' \033[33m(%s*)\033[0m' "$b"
  else
    printf ' \033[32m(%s)\033[0m' "$b"
  fi
}
__glow_venv() { [ -n "$VIRTUAL_ENV" ] && printf ' \033[36m[%s]\033[0m' "$(basename "$VIRTUAL_ENV")"; }
__glow_kube() {
  command -v kubectl >/dev/null 2>&1 || return
  local c; c=$(kubectl config current-context 2>/dev/null) || return
  printf ' \033[35m⎈ %s\033[0m' "$c"
}
if [ -n "$ZSH_VERSION" ]; then
  setopt PROMPT_SUBST
  PROMPT=$'%F{green}%n@%m%f %F{cyan}%~%f$(__glow_git)$(__glow_venv)$(__glow_kube)\n%(?.%F{green}.%F{red})❯%f '
else
  PS1='\[\033[32m\]\u@\h\[\033[0m\] \[\033[36m\]\w\[\033[0m\]$(__glow_git)$(__glow_venv)$(__glow_kube)\n\[$( [ $? -eq 0 ] && printf "\033[32m" || printf "\033[31m")\]❯\[\033[0m\] '
fi
