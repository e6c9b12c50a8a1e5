#!/usr/bin/env bash
# Gitee OpenAPI v5 的小封装，只用到"查询仓库"和"创建仓库"两个接口。
set -euo pipefail

: "${GITEE_API:=https://gitee.com/api/v5}"

gitee_repo_exists() {
  local ns="$1" name="$2"
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' \
    "$GITEE_API/repos/$ns/$name?access_token=$GITEE_TOKEN")
  [ "$code" = "200" ]
}

gitee_whoami() {
  curl -fsS "$GITEE_API/user?access_token=$GITEE_TOKEN" | jq -r .login
}

# 创建仓库：命名空间是当前用户时走 /user/repos，否则走 /orgs/{org}/repos
gitee_create_repo() {
  local ns="$1" name="$2" private="$3" desc="$4"
  local me endpoint
  me=$(gitee_whoami)
  if [ "$ns" = "$me" ]; then
    endpoint="$GITEE_API/user/repos"
  else
    endpoint="$GITEE_API/orgs/$ns/repos"
  fi
  curl -fsS -X POST "$endpoint" \
    -H 'Content-Type: application/json;charset=UTF-8' \
    -d "$(jq -n --arg t "$GITEE_TOKEN" --arg n "$name" --arg d "$desc" \
          --argjson p "$private" \
          '{access_token:$t, name:$n, description:$d, private:$p, has_issues:false, has_wiki:false}')" \
    | jq -r .html_url
}
