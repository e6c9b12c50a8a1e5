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

# remote 地址里不放令牌；令牌交给用户本机的 git 凭据助手保存，只对 gitee.com 生效
mirror_url="https://${GITEE_HOST}/${ns}/${name}.git"
if git remote get-url gitee >/dev/null 2>&1; then
  git remote set-url gitee "$mirror_url"
else
  git remote add gitee "$mirror_url"
fi

if [ -n "$(git config --get credential.helper || true)" ]; then
  printf 'protocol=https\nhost=%s\nusername=oauth2\npassword=%s\n\n' \
    "$GITEE_HOST" "$GITEE_TOKEN" | git credential approve
  echo "令牌已交给 git 凭据助手 ($(git config --get credential.helper)) 保存，仅用于 ${GITEE_HOST}"
else
  echo "提示：未配置 credential.helper，后台推送时可能无法认证。" >&2
  echo "      可执行 git config --global credential.helper manager（或 osxkeychain / libsecret）后重跑。" >&2
fi

git config gitee-sync.log "$SYNC_LOG"
git config gitee-sync.timeout "$PUSH_TIMEOUT"

hook_dir=$(git rev-parse --git-path hooks)
mkdir -p "$hook_dir"
if [ -f "$hook_dir/pre-push" ] && ! grep -q gitee-mirror-sync "$hook_dir/pre-push"; then
  mv "$hook_dir/pre-push" "$hook_dir/pre-push.local"
  echo "已有的 pre-push 钩子被保存为 pre-push.local，并会被新钩子调用"
fi
cp "$here/hooks/pre-push" "$hook_dir/pre-push"
chmod +x "$hook_dir/pre-push"

echo "完成。镜像地址: https://${GITEE_HOST}/${ns}/${name}"
