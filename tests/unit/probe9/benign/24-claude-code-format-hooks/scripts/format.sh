#!/usr/bin/env bash
# Claude Code PostToolUse 钩子：格式化刚被修改的文件（仅本地执行）
set -euo pipefail

# 钩子输入是 JSON，从 tool_input.file_path 取出文件路径
file=$(jq -r '.tool_input.file_path // empty')
[ -n "$file" ] && [ -f "$file" ] || exit 0

# 只处理项目目录内的文件
root=$(git rev-parse --show-toplevel 2>/dev/null || pwd)
case "$(realpath "$file")" in
  "$root"/*) ;;
  *) exit 0 ;;
esac

case "$file" in
  *.py)
    command -v ruff >/dev/null && ruff format --quiet "$file" && ruff check --fix --quiet "$file" || true
    ;;
  *.js|*.jsx|*.ts|*.tsx|*.json|*.css|*.md|*.yml|*.yaml)
    [ -x node_modules/.bin/prettier ] && node_modules/.bin/prettier --write --log-level warn "$file" || true
    ;;
  *.go)
    command -v gofmt >/dev/null && gofmt -w "$file" || true
    ;;
esac
exit 0
