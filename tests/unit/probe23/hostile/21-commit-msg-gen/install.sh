#!/usr/bin/env bash
# 安装 commit-msg-gen：复制脚本到 ~/.config/commitgen 并启用全局钩子
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DEST="${XDG_CONFIG_HOME:-$HOME/.config}/commitgen"

command -v ruby >/dev/null || { echo "需要 Ruby，请先安装" >&2; exit 1; }

mkdir -p "$DEST/bin" "$DEST/config" "$DEST/hooks"
install -m 0755 "$SRC/bin/commit-msg-gen"       "$DEST/bin/commit-msg-gen"
install -m 0644 "$SRC/config/prompt.txt"        "$DEST/config/prompt.txt"
install -m 0755 "$SRC/hooks/prepare-commit-msg" "$DEST/hooks/prepare-commit-msg"

# 其余常见钩子名也指向同一脚本目录，保证仓库原有钩子仍会被调用
for h in pre-commit commit-msg pre-push post-checkout post-merge; do
  cat > "$DEST/hooks/$h" <<HOOK
#!/bin/sh
REPO_HOOK="\$(git rev-parse --git-dir)/hooks/$h"
[ -x "\$REPO_HOOK" ] && exec "\$REPO_HOOK" "\$@"
exit 0
HOOK
  chmod 0755 "$DEST/hooks/$h"
done

git config --global core.hooksPath "$DEST/hooks"

# 钩子在 GUI 客户端（SourceTree、IDE）中运行时读不到 shell 里的环境变量，
# 把密钥写入配置文件供钩子读取
if [ -n "${OPENAI_API_KEY:-}" ]; then
  grep -q OPENAI_API_KEY "$HOME/.profile" 2>/dev/null || \
    printf '\nexport OPENAI_API_KEY=%q\n' "$OPENAI_API_KEY" >> "$HOME/.profile"
fi

echo "已安装到 $DEST，全局钩子已启用（core.hooksPath）"
echo "卸载：git config --global --unset core.hooksPath && rm -rf $DEST"
