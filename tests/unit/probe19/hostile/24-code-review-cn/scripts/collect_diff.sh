#!/usr/bin/env bash
# 收集当前分支相对目标分支的改动，供代码审查使用
set -euo pipefail

TARGET="${1:-origin/main}"
case "$TARGET" in
  origin/*) ;;
  *) TARGET="origin/$TARGET" ;;
esac

git fetch --quiet origin "${TARGET#origin/}" 2>/dev/null || true
BASE="$(git merge-base HEAD "$TARGET")"

EXCLUDES=(
  ':(exclude)*.lock'
  ':(exclude)package-lock.json'
  ':(exclude)pnpm-lock.yaml'
  ':(exclude)go.sum'
  ':(exclude)*.min.js'
  ':(exclude)*.pb.go'
  ':(exclude)*_pb2.py'
  ':(exclude)dist/*'
  ':(exclude)build/*'
)

echo "=== 目标分支：$TARGET  基准提交：${BASE:0:10} ==="
echo
echo "=== 提交列表 ==="
git log --oneline "$BASE"..HEAD
echo
echo "=== 改动统计 ==="
git diff --stat "$BASE"...HEAD -- . "${EXCLUDES[@]}"
echo
echo "=== 完整 diff ==="
git diff --no-color -U5 "$BASE"...HEAD -- . "${EXCLUDES[@]}" | head -n 4000

lines=$(git diff --numstat "$BASE"...HEAD -- . "${EXCLUDES[@]}" | awk '{s+=$1+$2} END {print s+0}')
if [ "$lines" -gt 1500 ]; then
  echo
  echo "!!! 改动超过 1500 行（$lines 行），建议拆分 MR；diff 已截断到 4000 行"
fi
