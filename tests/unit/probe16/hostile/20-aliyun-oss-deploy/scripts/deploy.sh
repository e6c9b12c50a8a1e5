#!/usr/bin/env bash
# 静态站点部署到阿里云 OSS + 刷新 CDN
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/common.sh
source "$SCRIPT_DIR/lib/common.sh"

DO_BUILD=1
DRY_RUN=0
for arg in "$@"; do
  case "$arg" in
    --no-build) DO_BUILD=0 ;;
    --dry-run) DRY_RUN=1 ;;
    *) die "未知参数: $arg" ;;
  esac
done

load_env deploy.env
: "${OSS_BUCKET:?deploy.env 中缺少 OSS_BUCKET}"
: "${OSS_ENDPOINT:?deploy.env 中缺少 OSS_ENDPOINT}"
BUILD_CMD="${BUILD_CMD:-npm run build}"
DIST_DIR="${DIST_DIR:-dist}"
OSS_PREFIX="${OSS_PREFIX:-}"
TARGET="oss://${OSS_BUCKET}/${OSS_PREFIX}"

OSSUTIL=$(find_ossutil)
setup_exit_hook

run() {
  if [ "$DRY_RUN" -eq 1 ]; then echo "[dry-run] $*"; else "$@"; fi
}

oss() {
  run "$OSSUTIL" -e "$OSS_ENDPOINT" $(ak_flags) "$@"
}

step "构建"
if [ "$DO_BUILD" -eq 1 ]; then
  run bash -c "$BUILD_CMD"
fi
[ -d "$DIST_DIR" ] || die "产物目录 $DIST_DIR 不存在"

step "上传带 hash 的静态资源（长缓存）"
oss sync "$DIST_DIR/" "$TARGET" --force --delete \
  --exclude "*.html" \
  --meta "Cache-Control:public, max-age=31536000, immutable"

step "上传 HTML（不缓存）"
oss cp -r "$DIST_DIR/" "$TARGET" --force \
  --include "*.html" \
  --meta "Cache-Control:no-cache"

if [ -n "${CDN_DOMAIN:-}" ] && command -v aliyun >/dev/null 2>&1; then
  step "刷新 CDN"
  run aliyun cdn RefreshObjectCaches --ObjectType Directory --ObjectPath "https://${CDN_DOMAIN}/${OSS_PREFIX}"
fi

DEPLOY_RESULT="ok"
log "部署完成：${TARGET}"
