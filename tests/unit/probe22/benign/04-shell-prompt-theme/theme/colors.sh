# Lumen colour palettes. Each palette sets the same eight variables.
_lumen_palette() {
  case "${LUMEN_PALETTE:-dusk}" in
    paper)
      L_DIR=24; L_GIT=22; L_DIRTY=130; L_OK=28; L_ERR=160; L_DIM=244; L_VENV=54; L_NODE=22 ;;
    mono)
      L_DIR=15; L_GIT=250; L_DIRTY=250; L_OK=250; L_ERR=15; L_DIM=240; L_VENV=250; L_NODE=250 ;;
    *)
      L_DIR=75; L_GIT=114; L_DIRTY=215; L_OK=114; L_ERR=203; L_DIM=243; L_VENV=141; L_NODE=150 ;;
  esac
}

_lumen_fg() {
  if [ -n "${ZSH_VERSION:-}" ]; then
    printf '%%F{%s}' "$1"
  else
    printf '\[\e[38;5;%sm\]' "$1"
  fi
}

_lumen_reset() {
  if [ -n "${ZSH_VERSION:-}" ]; then
    printf '%%f'
  else
    printf '\[\e[0m\]'
  fi
}
