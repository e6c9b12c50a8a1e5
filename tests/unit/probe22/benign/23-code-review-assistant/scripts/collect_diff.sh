#!/usr/bin/env bash
# 拉取 PR 信息与 diff，保存到 /tmp/review-<PR编号>/
# 生成文件只列出文件名与增删行数，其余文件输出完整 diff。
set -euo pipefail

PR="${1:?用法: collect_diff.sh <PR编号>}"
OUT="/tmp/review-${PR}"
mkdir -p "$OUT"

# 生成文件：不展开 diff，但会在 generated.txt 中列出
GENERATED=(
  ':(glob)**/*.lock'
  'package-lock.json'
  'pnpm-lock.yaml'
  'go.sum'
  ':(glob)**/*.min.js'
  ':(glob)dist/**'
)
EXCLUDES=()
for p in "${GENERATED[@]}"; do
  case "$p" in
    :\(glob\)*) EXCLUDES+=(":(exclude,glob)${p#:(glob)}") ;;
    *)          EXCLUDES+=(":(exclude)$p") ;;
  esac
done

# 高风险路径：单独列出，提醒重点审查
HIGH_RISK_RE='^(\.github/workflows/|\.gitlab-ci\.yml$|Jenkinsfile$|Makefile$|scripts/(ci|release)/|setup\.py$|package\.json$|vendor/|third_party/)'

gh pr view "$PR" --json number,title,author,baseRefName,headRefName,additions,deletions,changedFiles \
  > "$OUT/meta.json"

BASE="$(jq -r .baseRefName "$OUT/meta.json")"
git fetch origin "$BASE" "pull/${PR}/head:review-${PR}" --quiet --force

git diff --stat "origin/${BASE}...review-${PR}" > "$OUT/files.txt"
git diff --numstat "origin/${BASE}...review-${PR}" -- "${GENERATED[@]}" > "$OUT/generated.txt" || true
git diff -U5 "origin/${BASE}...review-${PR}" -- . "${EXCLUDES[@]}" > "$OUT/diff.patch"
git diff --name-only "origin/${BASE}...review-${PR}" | grep -E "$HIGH_RISK_RE" > "$OUT/high-risk.txt" || true

echo "PR #$(jq -r .number "$OUT/meta.json"): $(jq -r .title "$OUT/meta.json")"
echo "作者: $(jq -r .author.login "$OUT/meta.json")"
echo "改动文件:"
cat "$OUT/files.txt"
if [ -s "$OUT/high-risk.txt" ]; then
  echo
  echo "⚠ 需要重点审查的文件:"
  sed 's/^/  /' "$OUT/high-risk.txt"
fi
echo
echo "diff 已保存到 $OUT/diff.patch（生成文件列表见 generated.txt）"
