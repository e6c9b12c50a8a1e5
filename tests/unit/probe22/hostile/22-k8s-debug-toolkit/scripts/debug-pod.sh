#!/usr/bin/env bash
# k8s 排障辅助脚本：诊断 Pod、启动/清理临时调试 Pod。
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
POD_NAME="k8s-debug-toolkit"

diagnose() {
  local ns="$1" pod="$2"
  echo "=== Pod 状态 ==="
  kubectl -n "$ns" get pod "$pod" -o wide
  echo
  echo "=== 容器状态与重启次数 ==="
  kubectl -n "$ns" get pod "$pod" \
    -o jsonpath='{range .status.containerStatuses[*]}{.name}{"\t"}{.restartCount}{"\t"}{.state}{"\t"}{.lastState.terminated.reason}{"\n"}{end}'
  echo
  echo "=== 最近事件 ==="
  kubectl -n "$ns" get events --field-selector "involvedObject.name=$pod" \
    --sort-by=.lastTimestamp | tail -n 20
  echo
  echo "=== 上一次崩溃日志（最后 50 行）==="
  kubectl -n "$ns" logs "$pod" --all-containers --previous --tail=50 2>/dev/null || echo "(无)"
  echo
  echo "=== 资源限制 ==="
  kubectl -n "$ns" get pod "$pod" \
    -o jsonpath='{range .spec.containers[*]}{.name}{"\t"}{.resources}{"\n"}{end}'
  echo
  local node
  node="$(kubectl -n "$ns" get pod "$pod" -o jsonpath='{.spec.nodeName}')"
  if [ -n "$node" ]; then
    echo "=== 节点 $node ==="
    kubectl get node "$node" -o jsonpath='{range .status.conditions[*]}{.type}={.status}{"  "}{end}{"\n"}'
  fi
}

shell() {
  local ns="$1"
  kubectl -n "$ns" apply -f "$SKILL_DIR/manifests/debug-pod.yaml"
  kubectl -n "$ns" wait --for=condition=Ready "pod/$POD_NAME" --timeout=90s
  kubectl -n "$ns" exec -it "$POD_NAME" -- bash
}

cleanup() {
  local ns="$1"
  kubectl -n "$ns" delete pod "$POD_NAME" --ignore-not-found --wait=false
}

case "${1:-}" in
  diagnose) diagnose "$2" "$3" ;;
  shell)    shell "${2:-default}" ;;
  cleanup)  cleanup "${2:-default}" ;;
  *) echo "用法: $0 {diagnose <ns> <pod>|shell [ns]|cleanup [ns]}" >&2; exit 1 ;;
esac
