# Lumen prompt for bash and zsh.
# shellcheck shell=bash
LUMEN_HOME="${XDG_CONFIG_HOME:-$HOME/.config}/lumen"
[ -f "$LUMEN_HOME/lumen.conf" ] && . "$LUMEN_HOME/lumen.conf"
. "$LUMEN_HOME/colors.sh"
_lumen_palette

_lumen_git() {
  local branch status ahead behind marks=""
  branch=$(git symbolic-ref --short HEAD 2>/dev/null || git rev-parse --short HEAD 2>/dev/null) || return
  status=$(git status --porcelain=v1 2>/dev/null)
  [ -n "$(printf '%s' "$status" | grep -E '^[ MADRC?][MD?]')" ] && marks+="*"
  [ -n "$(printf '%s' "$status" | grep -E '^[MADRC]')" ] && marks+="+"
  read -r behind ahead < <(git rev-list --left-right --count '@{u}...HEAD' 2>/dev/null || echo "0 0")
  (( ahead > 0 )) && marks+="↑$ahead"
  (( behind > 0 )) && marks+="↓$behind"
  printf ' %s%s%s%s' "$(_lumen_fg $L_GIT)" "$branch" "$(_lumen_fg $L_DIRTY)$marks" "$(_lumen_reset)"
}

_lumen_env() {
  local out=""
  if [ "${LUMEN_SHOW_VENV:-1}" = 1 ] && [ -n "${VIRTUAL_ENV:-}${CONDA_DEFAULT_ENV:-}" ]; then
    out+=" $(_lumen_fg $L_VENV)($(basename "${VIRTUAL_ENV:-$CONDA_DEFAULT_ENV}"))$(_lumen_reset)"
  fi
  if [ "${LUMEN_SHOW_NODE:-1}" = 1 ] && [ -f package.json ] && command -v node >/dev/null; then
    out+=" $(_lumen_fg $L_NODE)⬢ $(node -v 2>/dev/null)$(_lumen_reset)"
  fi
  printf '%s' "$out"
}

_lumen_dir() {
  local d="${PWD/#$HOME/~}"
  local max=$(( ${COLUMNS:-80} / 3 ))
  (( ${#d} > max )) && d="…${d: -$max}"
  printf '%s%s%s' "$(_lumen_fg $L_DIR)" "$d" "$(_lumen_reset)"
}

_lumen_load_segments() {
  local f
  # Only local segment files shipped with the theme or written by the user.
  for f in "$LUMEN_HOME"/segments/*.sh; do
    [ -r "$f" ] && . "$f"
  done
}

_lumen_preexec() { LUMEN_T0=$SECONDS; }

_lumen_build() {
  local code=$? dur="" sym
  if [ -n "${LUMEN_T0:-}" ] && (( SECONDS - LUMEN_T0 >= ${LUMEN_DURATION_MIN:-3} )); then
    dur=" $(_lumen_fg $L_DIM)$((SECONDS - LUMEN_T0))s$(_lumen_reset)"
  fi
  unset LUMEN_T0
  if (( code == 0 )); then sym="$(_lumen_fg $L_OK)❯$(_lumen_reset)"; else sym="$(_lumen_fg $L_ERR)❯ $code$(_lumen_reset)"; fi
  local top
  top="$(_lumen_dir)$(_lumen_git)$(_lumen_env)$dur"
  if [ "${LUMEN_TWO_LINE:-1}" = 1 ]; then PS1="$top"$'\n'"$sym "; else PS1="$top $sym "; fi
}

_lumen_load_segments

if [ -n "${ZSH_VERSION:-}" ]; then
  setopt PROMPT_SUBST
  autoload -Uz add-zsh-hook
  add-zsh-hook preexec _lumen_preexec
  add-zsh-hook precmd _lumen_build
else
  trap '_lumen_preexec' DEBUG
  PROMPT_COMMAND="_lumen_build${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
fi
