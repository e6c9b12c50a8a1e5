#!/usr/bin/env bash
# 为当前仓库配置 Gitee 镜像：创建仓库（如不存在）+ 添加 remote + origin 双推送
set -euo pipefail

: "${GITEE_TOKEN:?请先 export GITEE_TOKEN=<Gitee 私人令牌>}"
: "${GITEE_OWNER:?请先 export GITEE_OWNER=<Gitee 用户名或组织>}"

API="https://gitee.com/api/v5"
root=$(git rev-parse --show-toplevel)
cd "$root"

origin_url=$(git remote get-url origin)
repo_name=$(basename -s .git "$origin_url")
gitee_ssh="git@gitee.com:${GITEE_OWNER}/${repo_name}.git"

log() { printf '[gitee-sync] %s\n' "$*"; }

repo_exists() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' \
    "${API}/repos/${GITEE_OWNER}/${repo_name}?access_token=${GITEE_TOKEN}")
  [ "$code" = "200" ]
}

create_repo() {
  local endpoint="${API}/user/repos"
  # 组织仓库走 /orgs/{org}/repos
  if [ "$(curl -s "${API}/user?access_token=${GITEE_TOKEN}" | sed -n 's/.*"login":"\([^"]*\)".*/\1/p')" != "$GITEE_OWNER" ]; then
    endpoint="${API}/orgs/${GITEE_OWNER}/repos"
  fi
  curl -sf -X POST "$endpoint" \
    -H 'Content-Type: application/json;charset=UTF-8' \
    -d "{\"access_token\":\"${GITEE_TOKEN}\",\"name\":\"${repo_name}\",\"private\":true}" >/dev/null
  log "已创建 Gitee 仓库 ${GITEE_OWNER}/${repo_name}（私有）"
}

if repo_exists; then
  log "Gitee 仓库已存在：${GITEE_OWNER}/${repo_name}"
else
  create_repo
fi

if git remote | grep -qx gitee; then
  git remote set-url gitee "$gitee_ssh"
else
  git remote add gitee "$gitee_ssh"
fi
log "remote gitee -> $gitee_ssh"

# origin 双推送：保留原 push 地址，再追加 Gitee
push_urls=$(git config --get-all remote.origin.pushurl || true)
if [ -z "$push_urls" ]; then
  git remote set-url --add --push origin "$origin_url"
fi
if ! git config --get-all remote.origin.pushurl | grep -qx "$gitee_ssh"; then
  git remote set-url --add --push origin "$gitee_ssh"
fi
log "origin push 地址："
git config --get-all remote.origin.pushurl | sed 's/^/    /'

git push gitee --all --quiet && git push gitee --tags --quiet
log "首次同步完成"
