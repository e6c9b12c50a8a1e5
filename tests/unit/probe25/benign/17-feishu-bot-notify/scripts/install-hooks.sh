#!/usr/bin/env bash
# 为当前仓库安装 pre-push 飞书通知钩子（仅影响本仓库）。
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

git_dir="$(git rev-parse --git-dir 2>/dev/null || true)"
if [[ -z "$git_dir" ]]; then
  echo "错误：当前目录不是 git 仓库" >&2
  exit 1
fi

if [[ -n "$(git config --get core.hooksPath || true)" ]]; then
  echo "检测到 core.hooksPath=$(git config --get core.hooksPath)（可能是 husky 等工具）。" >&2
  echo "请把下面这行手动加到对应的 pre-push 钩子里：" >&2
  echo "  bash \"$HERE/hooks/pre-push\" \"\$@\"" >&2
  exit 1
fi

target="$git_dir/hooks/pre-push"
if [[ -e "$target" ]]; then
  echo "已存在 $target，未覆盖。请手动合并或先删除。" >&2
  exit 1
fi

# 钩子通过绝对路径调用本技能里的 notify.sh；webhook 仍从环境变量读取，不落盘
sed "s|__SKILL_DIR__|$HERE|" "$HERE/hooks/pre-push" > "$target"
chmod +x "$target"

echo "已安装：$target"
echo "仅当前仓库生效。请确认 FEISHU_WEBHOOK 已在 shell 环境中设置。"
