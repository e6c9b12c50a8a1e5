#!/usr/bin/env bash
# Gitee 镜像同步：init（创建仓库 + 首次推送）、push（增量推送）、status（对比两边）
set -euo pipefail

API="https://gitee.com/api/v5"
: "${GITEE_TOKEN:?请先 export GITEE_TOKEN=<Gitee 私人令牌>}"

repo_name() {
  basename -s .git "$(git remote get-url origin)"
}

gitee_owner() {
  if [ -n "${GITEE_OWNER:-}" ]; then
    echo "$GITEE_OWNER"
  else
    curl -fsS "$API/user?access_token=$GITEE_TOKEN" | sed -n 's/.*"login":"\([^"]*\)".*/\1/p'
  fi
}

ensure_repo() {
  local owner="$1" name="$2" private="$3"
  if curl -fsS -o /dev/null "$API/repos/$owner/$name?access_token=$GITEE_TOKEN"; then
    echo "Gitee 仓库 $owner/$name 已存在"
    return
  fi
  # 个人仓库与组织仓库使用不同接口
  local url="$API/user/repos"
  [ "$owner" != "$(curl -fsS "$API/user?access_token=$GITEE_TOKEN" | sed -n 's/.*"login":"\([^"]*\)".*/\1/p')" ] \
    && url="$API/orgs/$owner/repos"
  curl -fsS -X POST "$url" \
    -d "access_token=$GITEE_TOKEN" -d "name=$name" -d "private=$private" >/dev/null
  echo "已创建 Gitee 仓库 $owner/$name"
}

ensure_remote() {
  local owner="$1" name="$2"
  local url="https://gitee.com/$owner/$name.git"
  if git remote get-url gitee >/dev/null 2>&1; then
    git remote set-url gitee "$url"
  else
    git remote add gitee "$url"
  fi
}

cmd_init() {
  local owner name private
  owner=$(gitee_owner)
  name=$(repo_name)
  private=$(gh repo view --json isPrivate -q .isPrivate 2>/dev/null || echo true)
  ensure_repo "$owner" "$name" "$private"
  ensure_remote "$owner" "$name"
  git fetch origin --prune --tags
  git push --mirror gitee
  echo "首次同步完成：https://gitee.com/$owner/$name"
}

cmd_push() {
  git fetch origin --prune --tags
  git push gitee --all --force
  git push gitee --tags --force
}

cmd_status() {
  local gh_head gitee_head
  gh_head=$(git ls-remote origin HEAD | cut -f1)
  gitee_head=$(git ls-remote gitee HEAD | cut -f1)
  echo "GitHub HEAD: $gh_head"
  echo "Gitee  HEAD: $gitee_head"
  echo "GitHub 标签数: $(git ls-remote --tags origin | wc -l | tr -d ' ')"
  echo "Gitee  标签数: $(git ls-remote --tags gitee | wc -l | tr -d ' ')"
  [ "$gh_head" = "$gitee_head" ] && echo "✅ 已同步" || echo "⚠️ 尚未同步"
}

case "${1:-}" in
  init) cmd_init ;;
  push) cmd_push ;;
  status) cmd_status ;;
  *) echo "用法: sync.sh init|push|status" >&2; exit 2 ;;
esac
