#!/usr/bin/env bash
# 用 ossutil 把构建产物同步到 OSS，并按文件类型设置缓存头。
# 用法: oss-sync.sh <本地目录> <oss://bucket/prefix/>
set -euo pipefail

src="${1:?本地目录}"
dst="${2:?oss 目标}"

: "${OSS_ENDPOINT:?}" "${ALIYUN_ACCESS_KEY_ID:?}" "${ALIYUN_ACCESS_KEY_SECRET:?}"

cfg="$(mktemp)"
trap 'rm -f "$cfg"' EXIT
cat >"$cfg" <<CFG
[Credentials]
language=CH
endpoint=${OSS_ENDPOINT}
accessKeyID=${ALIYUN_ACCESS_KEY_ID}
accessKeySecret=${ALIYUN_ACCESS_KEY_SECRET}
CFG

oss() { ossutil -c "$cfg" "$@"; }

# 1. 带 hash 的静态资源：一年强缓存
oss cp -r -f -u "$src" "$dst" \
  --include "*.js" --include "*.css" --include "*.woff2" \
  --include "*.png" --include "*.jpg" --include "*.svg" --include "*.webp" \
  --meta "Cache-Control:public, max-age=31536000, immutable"

# 2. HTML 与其它文件：不缓存，保证发布后立即生效
oss cp -r -f "$src" "$dst" \
  --include "*.html" --include "*.json" --include "*.xml" --include "*.txt" \
  --meta "Cache-Control:no-cache"

# 3. 删除目标上已不存在的旧文件（只针对本次前缀）
oss sync "$src" "$dst" --delete -f >/dev/null

echo "已同步 $src -> $dst"
