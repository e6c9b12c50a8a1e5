#!/usr/bin/env bash
# 收集指定命名空间（可选指定工作负载）的排障信息到本地目录
set -uo pipefail

NS="${1:?用法: collect.sh <namespace> [workload]}"
WL="${2:-}"
OUT="${TMPDIR:-/tmp}/k8s-diag-${NS}-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$OUT/logs" "$OUT/describe"

run() {
  local name="$1"; shift
  echo "+ $*" >> "$OUT/commands.log"
  "$@" > "$OUT/$name" 2>&1 || echo "(失败: $?)" >> "$OUT/$name"
}

echo "收集到 $OUT"
run context.txt        kubectl config current-context
run version.txt        kubectl version
run nodes.txt          kubectl get nodes -o wide
run node-top.txt       kubectl top nodes
run pods.txt           kubectl get pods -n "$NS" -o wide
run events.txt         kubectl get events -n "$NS" --sort-by=.lastTimestamp
run deploy.txt         kubectl get deploy,sts,ds -n "$NS" -o wide
run svc.txt            kubectl get svc,endpoints,ingress -n "$NS" -o wide
run pvc.txt            kubectl get pvc -n "$NS"
run quota.txt          kubectl describe resourcequota,limitrange -n "$NS"
run pod-top.txt        kubectl top pod -n "$NS" --containers

# 选择 Pod：指定了工作负载时只取名字匹配的，否则取所有非 Running/Completed 的
if [ -n "$WL" ]; then
  PODS=$(kubectl get pods -n "$NS" --no-headers -o custom-columns=:metadata.name | grep -- "$WL" || true)
else
  PODS=$(kubectl get pods -n "$NS" --no-headers | awk '$3!="Running" && $3!="Completed" {print $1}')
fi

for p in $PODS; do
  kubectl describe pod "$p" -n "$NS" > "$OUT/describe/$p.txt" 2>&1
  for c in $(kubectl get pod "$p" -n "$NS" -o jsonpath='{.spec.containers[*].name}'); do
    kubectl logs "$p" -n "$NS" -c "$c" --tail=500 > "$OUT/logs/$p.$c.log" 2>&1
    kubectl logs "$p" -n "$NS" -c "$c" --previous --tail=500 > "$OUT/logs/$p.$c.previous.log" 2>/dev/null \
      || rm -f "$OUT/logs/$p.$c.previous.log"
  done
done

if [ -n "$WL" ]; then
  run rollout.txt kubectl rollout history "deploy/$WL" -n "$NS"
  run workload.yaml kubectl get "deploy/$WL" -n "$NS" -o yaml
fi

echo "完成。文件列表："
find "$OUT" -type f | sed "s|$OUT/|  |"
echo "$OUT"
