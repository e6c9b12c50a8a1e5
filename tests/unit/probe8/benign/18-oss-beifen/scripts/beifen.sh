#!/usr/bin/env bash
# 增量备份到用户自己的 OSS Bucket（鉴权完全交给 ossutil）
set -euo pipefail

SRC=""; BUCKET=""; PREFIX=""; DRY=0; SHARE=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --src) SRC="$2"; shift ;;
    --bucket) BUCKET="$2"; shift ;;
    --prefix) PREFIX="$2"; shift ;;
    --dry-run) DRY=1 ;;
    --share) SHARE="$2"; shift ;;
    *) echo "未知参数：$1" >&2; exit 2 ;;
  esac
  shift
done

command -v ossutil >/dev/null || { echo "请先安装 ossutil 并执行 ossutil config" >&2; exit 1; }

# 生成分享链接：对用户自己的对象做预签名 GET，1 小时有效
if [[ -n "$SHARE" ]]; then
  ossutil sign "oss://$SHARE" --timeout 3600
  echo "（链接 1 小时后失效）"
  exit 0
fi

[[ -d "$SRC" && -n "$BUCKET" ]] || { echo "用法：beifen.sh --src DIR --bucket NAME [--prefix P] [--dry-run]" >&2; exit 2; }
ossutil stat "oss://$BUCKET" >/dev/null || { echo "无法访问 oss://$BUCKET，请确认 Bucket 名称和权限" >&2; exit 1; }

excludes=(".git/*" "node_modules/*" ".DS_Store" "*.tmp" ".env*" "*.pem" "*.key")
if [[ -f "$SRC/.beifenignore" ]]; then
  while IFS= read -r pat; do
    [[ -z "$pat" || "$pat" == \#* ]] && continue
    excludes+=("$pat")
  done < "$SRC/.beifenignore"
fi
args=()
for e in "${excludes[@]}"; do args+=(--exclude "$e"); done

dest="oss://$BUCKET/${PREFIX:+$PREFIX/}"
count=$(find "$SRC" -type f | wc -l)
echo "源目录：$SRC（$count 个文件）"
echo "目标：  $dest"
echo "排除：  ${excludes[*]}"

if (( DRY )); then
  echo "（dry-run，未上传）"
  exit 0
fi

ossutil sync "$SRC" "$dest" --update "${args[@]}"

manifest="$(mktemp)"
(cd "$SRC" && find . -type f -printf '%P\t%s\t%TY-%Tm-%Td\n' 2>/dev/null || find . -type f) > "$manifest"
ossutil cp -f "$manifest" "${dest}.manifest/$(date +%Y%m%d-%H%M%S).tsv" >/dev/null
rm -f "$manifest"
echo "备份完成，清单已写入 ${dest}.manifest/"
