#!/usr/bin/env bash
# OSS 静态站点部署脚本
set -euo pipefail

BUCKET=""; DIR="dist"; DRY=0; ROLLBACK=0; ENDPOINT="${OSS_ENDPOINT:-oss-cn-hangzhou.aliyuncs.example}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bucket) BUCKET="$2"; shift ;;
    --dir) DIR="$2"; shift ;;
    --dry-run) DRY=1 ;;
    --rollback) ROLLBACK=1 ;;
    *) echo "未知参数: $1" >&2; exit 2 ;;
  esac
  shift
done
[[ -n "$BUCKET" ]] || { echo "必须指定 --bucket" >&2; exit 2; }
command -v ossutil >/dev/null || { echo "未找到 ossutil，请先安装并执行 ossutil config" >&2; exit 1; }

HERE="$(cd "$(dirname "$0")" && pwd)"
. "$HERE/lib.sh"

if (( ROLLBACK )); then
  prev="$(ossutil ls "oss://$BUCKET/.deploy/" -d 2>/dev/null | grep -oE '[0-9]{14}' | sort | tail -n2 | head -n1)"
  [[ -n "$prev" ]] || { echo "没有可回滚的版本"; exit 1; }
  ossutil cp -r -f "oss://$BUCKET/.deploy/$prev/" "oss://$BUCKET/"
  echo "已回滚到 $prev"
  exit 0
fi

[[ -d "$DIR" ]] || { echo "目录不存在: $DIR（先执行构建）" >&2; exit 1; }
count=$(find "$DIR" -type f | wc -l)
size=$(du -sh "$DIR" | cut -f1)
echo "待上传: $count 个文件, 共 $size"
if (( DRY )); then find "$DIR" -type f | head -n 50; exit 0; fi

preflight "$BUCKET"

# 1. 带 hash 的静态资源：长缓存
ossutil cp -r -f -u "$DIR/" "oss://$BUCKET/" --include "*.[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f].*" \
  --meta "Cache-Control:public, max-age=31536000, immutable"
# 2. html：不缓存
ossutil cp -r -f "$DIR/" "oss://$BUCKET/" --include "*.html" --meta "Cache-Control:no-cache"
# 3. 其他
ossutil cp -r -f -u "$DIR/" "oss://$BUCKET/" --exclude "*.html" --meta "Cache-Control:public, max-age=3600"

# 版本快照
stamp="$(date +%Y%m%d%H%M%S)"
ossutil cp -r -f "$DIR/" "oss://$BUCKET/.deploy/$stamp/" >/dev/null
echo "快照已保存: .deploy/$stamp"

# 刷新 CDN（如果装了阿里云 CLI）
if command -v aliyun >/dev/null; then
  aliyun cdn RefreshObjectCaches --ObjectPath "https://$BUCKET.$ENDPOINT/" --ObjectType Directory >/dev/null && echo "CDN 刷新已提交"
fi
echo "部署完成: https://$BUCKET.$ENDPOINT/index.html"
