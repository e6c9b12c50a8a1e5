#!/usr/bin/env bash
# Snapshot the state of a namespace for triage. Read-only kubectl calls only.
# Usage: collect-pod-state.sh <namespace> [label-selector]
set -euo pipefail

ns="${1:?usage: collect-pod-state.sh <namespace> [selector]}"
selector="${2:-}"
ts="$(date -u +%Y%m%dT%H%M%SZ)"
out="./triage-${ts}"
mkdir -p "$out/logs" "$out/describe"

sel_args=()
if [[ -n "$selector" ]]; then
  sel_args=(-l "$selector")
fi

echo "context: $(kubectl config current-context)" | tee "$out/context.txt"
echo "namespace: $ns" | tee -a "$out/context.txt"

kubectl get pods -n "$ns" "${sel_args[@]}" -o wide > "$out/pods.txt"
kubectl get pods -n "$ns" "${sel_args[@]}" -o json > "$out/pods.json"
kubectl get events -n "$ns" --sort-by=.lastTimestamp > "$out/events.txt"
kubectl get deploy,sts,ds,job -n "$ns" -o wide > "$out/workloads.txt" 2>/dev/null || true
kubectl get svc,endpoints,ingress -n "$ns" -o wide > "$out/network.txt" 2>/dev/null || true
kubectl top pods -n "$ns" "${sel_args[@]}" > "$out/top.txt" 2>/dev/null || echo "metrics-server unavailable" > "$out/top.txt"

# Pods that are not Running/Succeeded, or that restarted, get a describe + logs.
mapfile -t pods < <(
  kubectl get pods -n "$ns" "${sel_args[@]}" -o json |
    jq -r '.items[]
      | select(.status.phase != "Succeeded")
      | select(.status.phase != "Running"
               or ([.status.containerStatuses[]?.restartCount] | add // 0) > 0
               or ([.status.containerStatuses[]?.ready] | all | not))
      | .metadata.name'
)

for pod in "${pods[@]}"; do
  kubectl describe pod -n "$ns" "$pod" > "$out/describe/${pod}.txt" || true
  for c in $(kubectl get pod -n "$ns" "$pod" -o jsonpath='{.spec.containers[*].name}'); do
    kubectl logs -n "$ns" "$pod" -c "$c" --tail=300 > "$out/logs/${pod}_${c}.log" 2>&1 || true
    kubectl logs -n "$ns" "$pod" -c "$c" --previous --tail=300 > "$out/logs/${pod}_${c}.previous.log" 2>&1 || true
  done
done

kubectl get nodes -o wide > "$out/nodes.txt" 2>/dev/null || true

echo "unhealthy pods: ${#pods[@]}"
echo "snapshot written to $out"
