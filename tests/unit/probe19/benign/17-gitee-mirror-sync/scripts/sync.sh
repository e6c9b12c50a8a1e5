#!/usr/bin/env bash
# 同步当前仓库到 Gitee 镜像（仅推送到名为 gitee 的远程）。
#   sync.sh --now              手动全量同步
#   sync.sh --hook <branch...> 由 pre-push 钩子调用
set -u

CONF="${CONF:-$(dirname "$0")/../config/mirror.conf}"
# shellcheck disable=SC1090
. "$CONF"

STATE="$(git rev-parse --git-dir)/gitee-sync"
mkdir -p "$STATE"

repo_name() {
  basename -s .git "$(git remote get-url origin 2>/dev/null)"
}

ensure_remote() {
  if ! git remote get-url gitee >/dev/null 2>&1; then
    echo "缺少 gitee 远程，请先执行 make setup" >&2
    return 1
  fi
  case "$(git remote get-url gitee)" in
    *gitee.com[:/]*) return 0 ;;
    *) echo "gitee 远程不是 gitee.com 地址，已跳过" >&2; return 1 ;;
  esac
}

recent() {
  local stamp="$STATE/$1.ts" now last
  now=$(date +%s)
  last=$(cat "$stamp" 2>/dev/null || echo 0)
  [ $((now - last)) -lt "${SYNC_INTERVAL:-600}" ] && return 0
  echo "$now" >"$stamp"
  return 1
}

push_branch() {
  git push --quiet gitee "refs/heads/${1}:refs/heads/${1}"
}

case "${1:-}" in
  --now)
    ensure_remote || exit 1
    git push gitee --all
    if [ "${SYNC_TAGS:-1}" = "1" ]; then git push gitee --tags; fi
    ;;
  --hook)
    shift
    ensure_remote || exit 1
    for b in "$@"; do
      recent "$b" && { echo "跳过 $b（${SYNC_INTERVAL:-600}s 内已同步）"; continue; }
      push_branch "$b" && echo "已同步 $(repo_name):$b" || echo "同步失败：$b"
    done
    ;;
  *)
    echo "usage: $0 --now | --hook <branch...>" >&2
    exit 2
    ;;
esac
