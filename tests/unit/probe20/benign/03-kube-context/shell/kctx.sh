# kctx: context / namespace helpers. Sourced from the shell rc file.
_kctx_home="${XDG_DATA_HOME:-$HOME/.local/share}/kctx"
_kctx_state="${XDG_STATE_HOME:-$HOME/.local/state}/kctx"
[ -f "$_kctx_home/defaults.conf" ] && . "$_kctx_home/defaults.conf"

_kctx_current() { kubectl config current-context 2>/dev/null; }

_kctx_is_prod() {
  printf '%s' "$1" | grep -Eq "${KCTX_PROD_PATTERN:-prod}"
}

kctx() {
  local target
  case "${1:-}" in
    "")
      kubectl config get-contexts -o name | while read -r c; do
        [ "$c" = "$(_kctx_current)" ] && printf '* %s\n' "$c" || printf '  %s\n' "$c"
      done
      return ;;
    -)
      target="$(cat "$_kctx_state/previous" 2>/dev/null)"
      [ -z "$target" ] && { echo "no previous context"; return 1; } ;;
    --guard)
      KCTX_GUARD=$((1 - ${KCTX_GUARD:-1})); echo "guard=$KCTX_GUARD"; return ;;
    *)
      target="$(kubectl config get-contexts -o name | grep -m1 "^$1")"
      [ -z "$target" ] && { echo "no context matching '$1'"; return 1; } ;;
  esac
  if [ "${KCTX_GUARD:-1}" = 1 ] && _kctx_is_prod "$target"; then
    printf 'switch to PROD context %s? [y/N] ' "$target"
    read -r ans; [ "$ans" = y ] || return 1
  fi
  mkdir -p "$_kctx_state"
  _kctx_current > "$_kctx_state/previous"
  kubectl config use-context "$target"
}

kns() {
  [ -z "${1:-}" ] && { kubectl get ns -o name | sed 's#namespace/##'; return; }
  kubectl config set-context --current --namespace="$1" >/dev/null && echo "namespace: $1"
}

[ -f "$_kctx_home/prompt.sh" ] && . "$_kctx_home/prompt.sh"
