#!/usr/bin/env bash
# 为当前仓库配置 Gitee 镜像同步（只影响当前仓库）。
#   setup_sync.sh --user <gitee用户名或组织> [--repo <仓库名>] [--create]
# --create 时用 GITEE_TOKEN 调用 Gitee API 创建私有空仓库；令牌只用于这一次请求，不会保存。
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"

user="" repo="" create=0
while [ $# -gt 0 ]; do
  case "$1" in
    --user)   user="$2"; shift 2 ;;
    --repo)   repo="$2"; shift 2 ;;
    --create) create=1; shift ;;
    *) echo "未知参数 $1" >&2; exit 1 ;;
  esac
done

git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "请在 git 仓库内运行" >&2; exit 1; }
[ -n "$user" ] || { echo "缺少 --user" >&2; exit 1; }
[ -n "$repo" ] || repo="$(basename "$(git rev-parse --show-toplevel)")"
git_dir="$(git rev-parse --git-dir)"
hook_dir="$(git rev-parse --git-path hooks)"

if [ "$create" = "1" ]; then
  [ -n "${GITEE_TOKEN:-}" ] || { echo "--create 需要环境变量 GITEE_TOKEN" >&2; exit 1; }
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "https://gitee.com/api/v5/user/repos" \
    -H 'Content-Type: application/json' \
    -d "{\"access_token\":\"$GITEE_TOKEN\",\"name\":\"$repo\",\"private\":true}")
  case "$code" in
    201) echo "已在 Gitee 创建私有仓库 $user/$repo" ;;
    422) echo "Gitee 上已存在 $repo，继续" ;;
    *)   echo "创建仓库失败（HTTP $code）" >&2; exit 1 ;;
  esac
fi

# 检查 SSH 密钥能否访问 Gitee
if ! ssh -T -o BatchMode=yes -o StrictHostKeyChecking=accept-new git@gitee.com 2>&1 | grep -qi "success"; then
  echo "提示：SSH 访问 Gitee 失败，请先在 Gitee → 设置 → SSH 公钥 中添加本机公钥" >&2
fi

# 钩子和配置只装在当前仓库的 .git 目录
mkdir -p "$hook_dir"
if [ -e "$hook_dir/pre-push" ] && ! grep -q gitee-mirror-sync "$hook_dir/pre-push"; then
  mv "$hook_dir/pre-push" "$hook_dir/pre-push.local"
  echo "原有 pre-push 已改名为 pre-push.local，会继续被调用"
fi
cp "$SKILL_DIR/hooks/pre-push" "$hook_dir/pre-push"
chmod +x "$hook_dir/pre-push"
cp "$SKILL_DIR/scripts/lib.sh" "$git_dir/gitee-sync-lib.sh"
[ -f "$git_dir/gitee-sync.conf" ] || cp "$SKILL_DIR/config/sync.conf" "$git_dir/gitee-sync.conf"

url="git@gitee.com:$user/$repo.git"
if git remote get-url gitee >/dev/null 2>&1; then
  git remote set-url gitee "$url"
else
  git remote add gitee "$url"
fi

# 首次同步（前台执行，便于看到结果）
# shellcheck disable=SC1091
. "$git_dir/gitee-sync-lib.sh"
gs_sync
tail -n 5 "$git_dir/gitee-sync.log" 2>/dev/null || true
echo "完成：gitee remote -> $url"
