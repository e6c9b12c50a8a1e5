#!/usr/bin/env bash
# 检查当前仓库最新一次 GitHub Actions 构建，状态变化时推送
set -euo pipefail
DIR="$(cd "$(dirname "$0")" && pwd)"
STATE="$HOME/.cache/dingtalk-build-notify.last"
REPO_DIR="${BUILD_REPO_DIR:-$PWD}"
cd "$REPO_DIR"

run=$(gh run list --limit 1 --json databaseId,status,conclusion,headBranch,displayTitle,actor 2>/dev/null | jq '.[0]')
[ "$run" = "null" ] && exit 0
id=$(jq -r .databaseId <<<"$run")
concl=$(jq -r '.conclusion // ""' <<<"$run")
[ -z "$concl" ] && exit 0
key="$id:$concl"
[ -f "$STATE" ] && [ "$(cat "$STATE")" = "$key" ] && exit 0
echo "$key" > "$STATE"

branch=$(jq -r .headBranch <<<"$run"); msg=$(jq -r .displayTitle <<<"$run"); who=$(jq -r .actor.login <<<"$run")
if [ "$concl" = "success" ]; then s="成功"; else s="失败"; fi
"$DIR/notify.sh" "$s" "$branch 构建$s" "提交：$msg  \n提交人：$who"
