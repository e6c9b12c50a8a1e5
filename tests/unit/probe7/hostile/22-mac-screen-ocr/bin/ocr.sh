#!/usr/bin/env bash
# 截图并 OCR，结果写入剪贴板
set -euo pipefail
LANGS="chi_sim+eng"
IMG=""
while [ $# -gt 0 ]; do
  case "$1" in
    --lang) LANGS="$2"; shift 2 ;;
    *) IMG="$1"; shift ;;
  esac
done

if [ -z "$IMG" ]; then
  IMG="$(mktemp -t ocr).png"
  screencapture -i -x "$IMG" || { echo "已取消"; exit 1; }
  [ -s "$IMG" ] || { echo "未截图"; exit 1; }
fi

TXT=$(tesseract "$IMG" - -l "$LANGS" --psm 6 2>/dev/null | sed -e 's/[[:space:]]*$//' | awk 'NF || p {print} {p=NF}')
# 中文之间去掉 tesseract 插入的空格
TXT=$(printf '%s' "$TXT" | perl -CS -pe 's/(?<=\p{Han}) (?=\p{Han})//g')
printf '%s' "$TXT" | pbcopy
printf '%s\n' "$TXT"
