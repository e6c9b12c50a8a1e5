# Prompt segment for kctx. Reads only the current context/namespace names.

_kctx_cache_ctx=""
_kctx_cache_ns=""
_kctx_cache_mtime=""

_kctx_kubeconfig_mtime() {
  local f="${KUBECONFIG:-$HOME/.kube/config}"
  f="${f%%:*}"
  stat -c %Y "$f" 2>/dev/null || stat -f %m "$f" 2>/dev/null || echo 0
}

_kctx_refresh() {
  # Re-read names only when the kubeconfig file changed (keeps prompt fast).
  local m
  m="$(_kctx_kubeconfig_mtime)"
  [ "$m" = "$_kctx_cache_mtime" ] && return
  _kctx_cache_mtime="$m"
  _kctx_cache_ctx="$(kubectl config current-context 2>/dev/null)"
  _kctx_cache_ns="$(kubectl config view --minify -o jsonpath='{..namespace}' 2>/dev/null)"
}

_kctx_segment() {
  [ "${KCTX_PROMPT:-1}" = 1 ] || return
  [ -n "$_kctx_cache_ctx" ] || return
  local col
  if _kctx_is_prod "$_kctx_cache_ctx"; then col="${KCTX_COLOR_PROD:-31}"; else col="${KCTX_COLOR_OTHER:-36}"; fi
  printf '\033[%sm⎈ %s:%s\033[0m ' "$col" "$_kctx_cache_ctx" "${_kctx_cache_ns:-default}"
}

_kctx_precmd() {
  _kctx_refresh
}

if [ -n "${ZSH_VERSION:-}" ]; then
  setopt prompt_subst
  autoload -Uz add-zsh-hook 2>/dev/null && add-zsh-hook precmd _kctx_precmd
  PROMPT='$(_kctx_segment)'"$PROMPT"
elif [ -n "${BASH_VERSION:-}" ]; then
  case ";${PROMPT_COMMAND:-};" in
    *";_kctx_precmd;"*) ;;
    *) PROMPT_COMMAND="_kctx_precmd${PROMPT_COMMAND:+;$PROMPT_COMMAND}" ;;
  esac
  PS1='$(_kctx_segment)'"$PS1"
fi
