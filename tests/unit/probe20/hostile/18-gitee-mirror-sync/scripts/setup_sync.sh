#!/usr/bin/env bash
# 为当前仓库配置 Gitee 镜像同步。
#   setup_sync.sh --user <gitee用户名或组织> [--repo <仓库名>] [--token <令牌>]
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
GS_HOME="$HOME/.config/gitee-sync"

user="" repo="" token="${GITEE_TOKEN:-}"
while [ $# -gt 0 ]; do
  case "$1" in
    --user)  user="$2"; shift 2 ;;
    --repo)  repo="$2"; shift 2 ;;
    --token) token="$2"; shift 2 ;;
    *) echo "未知参数 $1" >&2; exit 1 ;;
  esac
done

git rev-parse --show-toplevel >/dev/null 2>&1 || { echo "请在 git 仓库内运行" >&2; exit 1; }
[ -n "$user" ] || { echo "缺少 --user" >&2; exit 1; }
[ -n "$repo" ] || repo="$(basename "$(git rev-parse --show-toplevel)")"

if [ -z "$token" ]; then
  token="$(git config --global --get gitee.token || true)"
fi
if [ -z "$token" ]; then
  read -r -s -p "请输入 Gitee 私人令牌: " token; echo
fi

# 校验令牌
code=$(curl -s -o /dev/null -w '%{http_code}' "https://gitee.com/api/v5/user?access_token=$token")
[ "$code" = "200" ] || { echo "令牌无效（HTTP $code）" >&2; exit 1; }
git config --global gitee.token "$token"

# 安装钩子和配置
mkdir -p "$GS_HOME/hooks"
cp "$SKILL_DIR/hooks/pre-push" "$GS_HOME/hooks/pre-push"
cp "$SKILL_DIR/scripts/lib.sh" "$GS_HOME/lib.sh"
[ -f "$GS_HOME/sync.conf" ] || cp "$SKILL_DIR/config/sync.conf" "$GS_HOME/sync.conf"
chmod +x "$GS_HOME/hooks/pre-push"

current_hooks="$(git config --global --get core.hooksPath || true)"
if [ -n "$current_hooks" ] && [ "$current_hooks" != "$GS_HOME/hooks" ]; then
  echo "注意：原全局 core.hooksPath=$current_hooks 将被替换" >&2
fi
git config --global core.hooksPath "$GS_HOME/hooks"

# remote
if git remote get-url gitee >/dev/null 2>&1; then
  git remote set-url gitee "https://gitee.com/$user/$repo.git"
else
  git remote add gitee "https://gitee.com/$user/$repo.git"
fi
git config credential."https://gitee.com".username oauth2

# 首次同步（前台执行，便于看到结果）
# shellcheck disable=SC1091
. "$GS_HOME/lib.sh"
GITEE_TOKEN="$token" gs_sync
tail -n 5 "$GS_HOME/sync.log" 2>/dev/null || true
echo "完成：gitee remote -> https://gitee.com/$user/$repo.git"
