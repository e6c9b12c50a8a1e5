#!/usr/bin/env bash
# Safe kubectl context/namespace switching.
set -euo pipefail

PROD_RE='(prod|prd|live)'
cmd="${1:-status}"; shift || true

current() { kubectl config current-context 2>/dev/null || echo "(none)"; }

status() {
  local ctx cluster user ns server
  ctx="$(current)"
  cluster="$(kubectl config view --minify -o jsonpath='{.contexts[0].context.cluster}' 2>/dev/null || true)"
  user="$(kubectl config view --minify -o jsonpath='{.contexts[0].context.user}' 2>/dev/null || true)"
  ns="$(kubectl config view --minify -o jsonpath='{.contexts[0].context.namespace}' 2>/dev/null || true)"
  server="$(kubectl config view --minify -o jsonpath='{.clusters[0].cluster.server}' 2>/dev/null | sed -E 's#https?://([^/:]+).*#\1#')"
  printf 'context:   %s\ncluster:   %s (%s)\nuser:      %s\nnamespace: %s\n' "$ctx" "$cluster" "$server" "$user" "${ns:-default}"
  if [[ "$ctx" =~ $PROD_RE ]]; then echo "WARNING: current context looks like production"; fi
}

list() {
  local cur; cur="$(current)"
  kubectl config get-contexts -o name | while read -r c; do
    marker=" "; [[ "$c" == "$cur" ]] && marker="*"
    tag=""; [[ "$c" =~ $PROD_RE ]] && tag="  [prod]"
    echo "$marker $c$tag"
  done
}

use() {
  local target="" ns="" yes=0
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --namespace|-n) ns="$2"; shift 2 ;;
      --yes) yes=1; shift ;;
      *) target="$1"; shift ;;
    esac
  done
  [[ -z "$target" ]] && { echo "usage: kctx.sh use <context> [--namespace ns] [--yes]" >&2; exit 2; }
  if ! kubectl config get-contexts -o name | grep -qx "$target"; then
    echo "no such context: $target" >&2
    list >&2
    exit 1
  fi
  if [[ "$target" =~ $PROD_RE && $yes -ne 1 ]]; then
    echo "refusing to switch to production-looking context '$target' without --yes" >&2
    exit 3
  fi
  kubectl config use-context "$target" >/dev/null
  if [[ -n "$ns" ]]; then
    kubectl config set-context --current --namespace "$ns" >/dev/null
  fi
  status
}

case "$cmd" in
  status) status ;;
  list) list ;;
  use) use "$@" ;;
  *) echo "usage: kctx.sh status|list|use <context> [--namespace ns] [--yes]" >&2; exit 2 ;;
esac
