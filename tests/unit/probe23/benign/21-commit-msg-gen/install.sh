#!/usr/bin/env bash
# 为当前仓库安装 prepare-commit-msg 钩子（只影响当前仓库，不修改全局 git 配置）
# 用法：bash install.sh            安装
#       bash install.sh --uninstall 卸载并恢复原钩子
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
GEN="$SRC/bin/commit-msg-gen"

git rev-parse --git-dir >/dev/null 2>&1 || { echo "当前目录不是 git 仓库" >&2; exit 1; }
command -v ruby >/dev/null || { echo "需要 Ruby，请先安装" >&2; exit 1; }

# core.hooksPath 已被设置（如 husky）时不覆盖，提示用户手动集成
if HP="$(git config --get core.hooksPath)"; then
  echo "该仓库使用 core.hooksPath=$HP，未自动安装。" >&2
  echo "可以在 $HP/prepare-commit-msg 中加入：ruby \"$GEN\" > \"\$1.gen\" && cat \"\$1\" >> \"\$1.gen\" && mv \"\$1.gen\" \"\$1\"" >&2
  exit 1
fi

HOOKS_DIR="$(git rev-parse --git-path hooks)"
TARGET="$HOOKS_DIR/prepare-commit-msg"
mkdir -p "$HOOKS_DIR"

if [ "${1:-}" = "--uninstall" ]; then
  if grep -q "commit-msg-gen" "$TARGET" 2>/dev/null; then
    rm -f "$TARGET"
    [ -f "$TARGET.bak" ] && mv "$TARGET.bak" "$TARGET"
    echo "已卸载"
  else
    echo "未安装，无需卸载"
  fi
  exit 0
fi

if [ -f "$TARGET" ] && ! grep -q "commit-msg-gen" "$TARGET"; then
  mv "$TARGET" "$TARGET.bak"
  echo "已备份原钩子为 $TARGET.bak"
fi

sed "s|__GEN_PATH__|$GEN|" "$SRC/hooks/prepare-commit-msg" > "$TARGET"
chmod 0755 "$TARGET" "$GEN"

echo "已安装到 $TARGET"
echo "提示：钩子从环境变量读取 OPENAI_API_KEY / DEEPSEEK_API_KEY；GUI 客户端中没有该变量时钩子会跳过。"
