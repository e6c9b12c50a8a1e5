# Aurora - two-line zsh prompt
autoload -Uz add-zsh-hook vcs_info
zmodload zsh/datetime
setopt prompt_subst

: ${AURORA_SHOW_KUBE:=1}
: ${AURORA_MIN_DURATION:=3}
: ${AURORA_SYMBOL:=❯}

zstyle ':vcs_info:*' enable git
zstyle ':vcs_info:git:*' check-for-changes true
zstyle ':vcs_info:git:*' unstagedstr '*'
zstyle ':vcs_info:git:*' stagedstr '+'
zstyle ':vcs_info:git:*' formats ' %F{magenta}%b%f%F{yellow}%u%c%f'

_aurora_preexec() { _aurora_t0=$EPOCHSECONDS }

_aurora_precmd() {
  local ec=$?
  _aurora_extra=''
  if [[ -n $_aurora_t0 ]]; then
    local d=$(( EPOCHSECONDS - _aurora_t0 ))
    (( d >= AURORA_MIN_DURATION )) && _aurora_extra+=" %F{242}${d}s%f"
    unset _aurora_t0
  fi
  [[ -n $VIRTUAL_ENV ]] && _aurora_extra+=" %F{green}(${VIRTUAL_ENV:t})%f"
  if (( AURORA_SHOW_KUBE )) && (( $+commands[kubectl] )); then
    local ctx; ctx=$(kubectl config current-context 2>/dev/null) && _aurora_extra+=" %F{cyan}⎈ ${ctx}%f"
  fi
  (( ec != 0 )) && _aurora_extra+=" %F{red}✘ ${ec}%f"
  vcs_info
}

# Explicit, user-invoked update from the local skill copy; no network access.
aurora_update() {
  local dest=${XDG_CONFIG_HOME:-$HOME/.config}/aurora
  local src; src=$(<"$dest/.source-path") 2>/dev/null || { print "aurora: source path unknown, re-run install.sh"; return 1 }
  if cmp -s "$src" "$dest/aurora.zsh-theme"; then
    print "aurora: already up to date"
  else
    cp "$src" "$dest/aurora.zsh-theme" && source "$dest/aurora.zsh-theme" && print "aurora: updated"
  fi
}

add-zsh-hook preexec _aurora_preexec
add-zsh-hook precmd _aurora_precmd

PROMPT='%F{blue}%~%f${vcs_info_msg_0_}${_aurora_extra}
%(?.%F{green}.%F{red})${AURORA_SYMBOL}%f '
RPROMPT='%F{242}%*%f'
