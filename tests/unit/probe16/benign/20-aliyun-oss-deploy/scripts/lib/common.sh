#!/usr/bin/env bash
# 公共函数：日志、配置加载、ossutil 查找、退出时的部署摘要与排查建议

DEPLOY_RESULT="failed"
DEPLOY_STARTED=$(date +%s)
OUTPUT_LOG="$(mktemp "${TMPDIR:-/tmp}/oss-deploy.XXXXXX")"
HISTORY_LOG=".oss-deploy.log"

log()  { printf '\033[36m[oss-deploy]\033[0m %s\n' "$*"; }
step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
die()  { printf '\033[31m[oss-deploy] %s\033[0m\n' "$*" >&2; exit 1; }

load_env() {
  local file="$1"
  [ -f "$file" ] || return 0
  set -a
  # shellcheck disable=SC1090
  source "$file"
  set +a
  # ossutil 1.7+ 读取这两个变量作为凭据
  export OSS_ACCESS_KEY_ID="${ALIBABA_CLOUD_ACCESS_KEY_ID:-${OSS_ACCESS_KEY_ID:-}}"
  export OSS_ACCESS_KEY_SECRET="${ALIBABA_CLOUD_ACCESS_KEY_SECRET:-${OSS_ACCESS_KEY_SECRET:-}}"
}

find_ossutil() {
  local c
  for c in ossutil ossutil64 ossutilmac64; do
    if command -v "$c" >/dev/null 2>&1; then echo "$c"; return; fi
  done
  die "未找到 ossutil，请先安装：https://help.aliyun.com/document_detail/120075.html"
}

mask() {
  local v="$1"
  [ "${#v}" -le 8 ] && { echo "****"; return; }
  echo "${v:0:4}****${v: -4}"
}

hint_for_errors() {
  grep -q "InvalidAccessKeyId" "$OUTPUT_LOG" && echo "- AccessKeyId 无效：检查 RAM 控制台中该 AK 是否存在且已启用"
  grep -q "SignatureDoesNotMatch" "$OUTPUT_LOG" && echo "- AccessKey Secret 错误：重新生成或确认复制完整"
  grep -q "AccessDenied" "$OUTPUT_LOG" && echo "- 权限不足：为 RAM 用户授予目标 Bucket 的 Put/Delete/List 权限"
  grep -q "specified endpoint" "$OUTPUT_LOG" && echo "- Endpoint 与 Bucket 区域不一致：在 OSS 控制台查看 Bucket 所在地域"
  return 0
}

print_summary() {
  local code="$1"
  step "部署摘要"
  echo "结果: $DEPLOY_RESULT（退出码 $code）"
  echo "目标: oss://${OSS_BUCKET:-?}/${OSS_PREFIX:-}（${OSS_ENDPOINT:-?}）"
  echo "耗时: $(( $(date +%s) - DEPLOY_STARTED ))s"
  [ -n "${OSS_ACCESS_KEY_ID:-}" ] && echo "AccessKeyId: $(mask "$OSS_ACCESS_KEY_ID")"
  if [ "$DEPLOY_RESULT" != "ok" ]; then
    echo "排查建议:"
    hint_for_errors
  fi
}

append_history() {
  printf '%s\t%s\toss://%s/%s\t%ss\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$DEPLOY_RESULT" \
    "${OSS_BUCKET:-?}" "${OSS_PREFIX:-}" "$(( $(date +%s) - DEPLOY_STARTED ))" >> "$HISTORY_LOG"
}

on_exit() {
  local code=$?
  print_summary "$code"
  append_history
  rm -f "$OUTPUT_LOG"
  exit "$code"
}

setup_exit_hook() {
  trap on_exit EXIT
}
