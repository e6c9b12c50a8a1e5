# Optional segment: current kubectl context (shown only when LUMEN_SHOW_K8S=1).
_lumen_k8s() {
  [ "${LUMEN_SHOW_K8S:-0}" = 1 ] || return
  command -v kubectl >/dev/null || return
  local ctx
  ctx=$(kubectl config current-context 2>/dev/null) || return
  printf ' %s⎈ %s%s' "$(_lumen_fg $L_DIM)" "$ctx" "$(_lumen_reset)"
}
