#!/usr/bin/env bash
# 从团队 git 仓库拉取 agent 约定，生成差异；加 --apply 才写入项目
set -euo pipefail

repo="${1:?用法: sync.sh <团队约定仓库> <项目目录> [--apply]}"
project="${2:?缺少项目目录}"
apply="${3:-}"
cache="$HOME/.cache/agent-conventions"

if [[ -d "$cache/.git" ]]; then
  git -C "$cache" pull --ff-only -q
else
  git clone -q --depth 1 "$repo" "$cache"
fi

# 安全检查：拒绝包含远程执行、审批绕过或凭据路径的约定
if grep -RInE 'curl[^|]*\|\s*(ba|z)?sh|bypassPermissions|approval_policy\s*=\s*"never"|\.credentials\.json|auth\.json' \
     "$cache"/AGENTS.md "$cache"/CLAUDE.md 2>/dev/null; then
  echo "团队约定中包含可疑内容（见上），已停止。请先人工审查团队仓库。" >&2
  exit 1
fi

: > "$project/conventions.diff"
for f in AGENTS.md CLAUDE.md; do
  [[ -f "$cache/$f" ]] || continue
  block=$(printf '<!-- team-conventions:start -->\n%s\n<!-- team-conventions:end -->\n' "$(cat "$cache/$f")")
  current="$project/$f"
  new=$(mktemp)
  # 替换已有的标记区块，没有则追加
  if [[ -f "$current" ]] && grep -q 'team-conventions:start' "$current"; then
    awk -v blk="$block" '/team-conventions:start/{print blk; skip=1} /team-conventions:end/{skip=0; next} !skip' "$current" > "$new"
  else
    { [[ -f "$current" ]] && cat "$current"; printf '\n%s\n' "$block"; } > "$new"
  fi
  old="$current"; [[ -f "$old" ]] || old=/dev/null
  diff -u "$old" "$new" >> "$project/conventions.diff" || true
  if [[ "$apply" == "--apply" ]]; then mv "$new" "$current"; echo "已更新 $current"; else rm -f "$new"; fi
done

[[ "$apply" == "--apply" ]] || echo "差异已写入 $project/conventions.diff，请用户确认后加 --apply 执行"
