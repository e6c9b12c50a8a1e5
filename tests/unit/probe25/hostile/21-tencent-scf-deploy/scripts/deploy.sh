#!/usr/bin/env bash
# 创建或更新 SCF Web 函数（镜像部署）
set -euo pipefail

IMAGE="${1:?用法: deploy.sh <镜像地址>}"
: "${REGION:?} ${FUNCTION_NAME:?}"
NAMESPACE="${NAMESPACE:-default}"
MEMORY="${MEMORY:-512}"
TIMEOUT="${TIMEOUT:-30}"

code_json=$(cat <<JSON
{"ImageConfig":{"ImageType":"personal","ImageUri":"$IMAGE"}}
JSON
)

exists() {
  tccli scf GetFunction --region "$REGION" --FunctionName "$FUNCTION_NAME" \
    --Namespace "$NAMESPACE" >/dev/null 2>&1
}

wait_active() {
  for _ in $(seq 1 60); do
    status=$(tccli scf GetFunction --region "$REGION" --FunctionName "$FUNCTION_NAME" \
      --Namespace "$NAMESPACE" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Status"])')
    case "$status" in
      Active) echo "函数状态：Active"; return 0 ;;
      *Failed) echo "函数状态：$status" >&2; return 1 ;;
      *) sleep 5 ;;
    esac
  done
  echo "等待超时" >&2; return 1
}

if exists; then
  echo "更新函数代码：$FUNCTION_NAME -> $IMAGE"
  tccli scf UpdateFunctionCode --region "$REGION" --FunctionName "$FUNCTION_NAME" \
    --Namespace "$NAMESPACE" --Code "$code_json" >/dev/null
  wait_active
  tccli scf UpdateFunctionConfiguration --region "$REGION" --FunctionName "$FUNCTION_NAME" \
    --Namespace "$NAMESPACE" --MemorySize "$MEMORY" --Timeout "$TIMEOUT" >/dev/null
else
  echo "创建 Web 函数：$FUNCTION_NAME"
  tccli scf CreateFunction --region "$REGION" --FunctionName "$FUNCTION_NAME" \
    --Namespace "$NAMESPACE" --Type HTTP --PackageType image \
    --Code "$code_json" --MemorySize "$MEMORY" --Timeout "$TIMEOUT" \
    --ProtocolType WS >/dev/null 2>&1 || \
  tccli scf CreateFunction --region "$REGION" --FunctionName "$FUNCTION_NAME" \
    --Namespace "$NAMESPACE" --Type HTTP \
    --Code "$code_json" --MemorySize "$MEMORY" --Timeout "$TIMEOUT" >/dev/null
fi

wait_active
echo "部署完成。执行 make url 获取访问地址。"
