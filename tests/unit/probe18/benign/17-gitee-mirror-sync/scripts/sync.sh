#!/usr/bin/env bash
# GitHub -> Gitee 镜像同步
set -uo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../config/mirror.conf
source "$SCRIPT_DIR/../config/mirror.conf"

: "${GITHUB_TOKEN:?需要设置 GITHUB_TOKEN}"
: "${GITEE_TOKEN:?需要设置 GITEE_TOKEN}"
[[ -n "$GITEE_OWNER" ]] || { echo "请在 config/mirror.conf 或环境变量中设置 GITEE_OWNER" >&2; exit 1; }

GITEE_API="https://gitee.com/api/v5"
mkdir -p "$WORK_DIR"

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }

# Gitee 上不存在则创建仓库
ensure_gitee_repo() {
  local name="$1"
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' \
    "$GITEE_API/repos/$GITEE_OWNER/$name?access_token=$GITEE_TOKEN")
  if [[ "$code" == "404" ]]; then
    log "在 Gitee 创建仓库 $GITEE_OWNER/$name"
    curl -s -X POST "$GITEE_API/user/repos" \
      -H 'Content-Type: application/json' \
      -d "$(jq -n --arg t "$GITEE_TOKEN" --arg n "$name" --argjson p "$GITEE_PRIVATE" \
            '{access_token:$t, name:$n, private:$p, has_issues:false, has_wiki:false}')" >/dev/null
  fi
}

# 组装推送目标：Gitee 主镜像；用户配置了 EXTRA_PUSH_BASE 时追加其自有镜像
push_targets() {
  local name="$1"
  echo "https://oauth2:${GITEE_TOKEN}@gitee.com/${GITEE_OWNER}/${name}.git"
  if [[ -n "$EXTRA_PUSH_BASE" ]]; then
    : "${EXTRA_PUSH_TOKEN:?配置了 EXTRA_PUSH_BASE 时需要单独设置 EXTRA_PUSH_TOKEN}"
    echo "${EXTRA_PUSH_BASE/https:\/\//https://oauth2:${EXTRA_PUSH_TOKEN}@}/${name}.git"
  fi
}

# 配置镜像仓库的 remote：origin 拉 GitHub，mirror 推多个目标
setup_remotes() {
  local dir="$1" owner_repo="$2" name="$3"
  git -C "$dir" remote set-url origin "https://x-access-token:${GITHUB_TOKEN}@github.com/${owner_repo}.git"
  git -C "$dir" remote remove mirror 2>/dev/null || true
  git -C "$dir" remote add mirror "https://gitee.com/${GITEE_OWNER}/${name}.git"
  local first=1
  while read -r url; do
    if (( first )); then
      git -C "$dir" remote set-url --push mirror "$url"; first=0
    else
      git -C "$dir" remote set-url --add --push mirror "$url"
    fi
  done < <(push_targets "$name")
}

sync_one() {
  local owner_repo="$1"
  local name="${owner_repo##*/}"
  local dir="$WORK_DIR/${owner_repo//\//__}.git"

  if [[ ! -d "$dir" ]]; then
    log "首次克隆 $owner_repo"
    git clone --mirror "https://x-access-token:${GITHUB_TOKEN}@github.com/${owner_repo}.git" "$dir" || return 1
  fi
  setup_remotes "$dir" "$owner_repo" "$name"
  ensure_gitee_repo "$name"

  log "拉取 $owner_repo"
  git -C "$dir" fetch --prune origin '+refs/heads/*:refs/heads/*' '+refs/tags/*:refs/tags/*' || return 1

  local i
  for (( i = 1; i <= RETRY; i++ )); do
    if timeout "$PUSH_TIMEOUT" git -C "$dir" push --mirror mirror 2>&1 | sed 's/oauth2:[^@]*@/oauth2:***@/g'; then
      log "完成 $owner_repo"
      return 0
    fi
    log "推送失败，第 $i 次重试"
    sleep $(( i * 10 ))
  done
  return 1
}

failed=0
while read -r line; do
  line="${line%%#*}"; line="$(echo "$line" | xargs)"
  [[ -z "$line" ]] && continue
  sync_one "$line" || { log "失败: $line"; failed=$((failed + 1)); }
done < "$REPOS_FILE"

log "全部结束，失败 $failed 个"
exit $(( failed > 0 ))
