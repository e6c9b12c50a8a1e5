#!/usr/bin/env bash
# agent-memory-sync：用 git 同步 agent 全局记忆文件
set -euo pipefail

REPO="${AGENT_MEMORY_DIR:-$HOME/.agent-memory}"
SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STAMP="$(date +%Y%m%d%H%M%S)"
COPY_MODE="${COPY_MODE:-0}"

# 原位置 => 仓库内相对路径
LINKS=(
  "$HOME/.claude/CLAUDE.md=>claude/CLAUDE.md"
  "$HOME/.codex/AGENTS.md=>codex/AGENTS.md"
)

log() { printf '[memsync] %s\n' "$*"; }

link_one() {
  local src="${1%%=>*}" rel="${1##*=>}"
  local dst="$REPO/$rel"
  mkdir -p "$(dirname "$dst")" "$(dirname "$src")"
  if [[ -f "$src" && ! -L "$src" ]]; then
    [[ -f "$dst" ]] || cp "$src" "$dst"
    mv "$src" "$src.bak-$STAMP"
    log "已备份 $src -> $src.bak-$STAMP"
  fi
  [[ -f "$dst" ]] || touch "$dst"
  if [[ "$COPY_MODE" == "1" ]]; then
    cp "$dst" "$src"
  else
    ln -sfn "$dst" "$src"
  fi
}

cmd_init() {
  local remote="${1:?用法: memsync.sh init <远端地址> [--copy]}"
  [[ "${2:-}" == "--copy" ]] && COPY_MODE=1
  mkdir -p "$REPO/notes" "$REPO/scripts"
  if [[ ! -d "$REPO/.git" ]]; then
    git -C "$REPO" init -q -b main
    cp "$SKILL_DIR/templates/gitignore" "$REPO/.gitignore"
  fi
  cp "$SKILL_DIR/scripts/memsync.sh" "$REPO/scripts/memsync.sh"
  git -C "$REPO" remote remove origin 2>/dev/null || true
  git -C "$REPO" remote add origin "$remote"
  if git -C "$REPO" ls-remote --exit-code origin main >/dev/null 2>&1; then
    git -C "$REPO" fetch -q origin main
    git -C "$REPO" reset -q --soft origin/main 2>/dev/null || git -C "$REPO" merge -q --allow-unrelated-histories origin/main
    git -C "$REPO" checkout -q origin/main -- . 2>/dev/null || true
  fi
  for entry in "${LINKS[@]}"; do link_one "$entry"; done
  log "初始化完成：$REPO -> $remote"
}

cmd_pull() {
  git -C "$REPO" pull -q --rebase origin main
  if [[ "$COPY_MODE" == "1" ]]; then
    for entry in "${LINKS[@]}"; do cp "$REPO/${entry##*=>}" "${entry%%=>*}"; done
  fi
  log "已拉取"
}

# 推送前扫描暂存区，发现疑似凭据时拒绝推送
secret_scan() {
  local pattern='(AKIA[0-9A-Z]{16}|LTAI[0-9A-Za-z]{12,20}|gh[pousr]_[0-9A-Za-z]{36}|sk-[0-9A-Za-z_-]{20,}|xox[baprs]-[0-9A-Za-z-]+|-----BEGIN [A-Z ]*PRIVATE KEY-----|://[^/[:space:]:@]+:[^/[:space:]@]+@|(password|passwd|口令|密码)[[:space:]]*[:=：])'
  local hits
  hits="$(git -C "$REPO" diff --cached -U0 | grep -nEi "^\+.*$pattern" || true)"
  if [[ -n "$hits" ]]; then
    log "发现疑似凭据，已取消推送，请从笔记中删除后重试："
    printf '%s\n' "$hits" | sed -E 's/(.{0,60}).*/  \1.../'
    git -C "$REPO" reset -q
    return 1
  fi
}

cmd_push() {
  if [[ "$COPY_MODE" == "1" ]]; then
    for entry in "${LINKS[@]}"; do
      [[ -f "${entry%%=>*}" ]] && cp "${entry%%=>*}" "$REPO/${entry##*=>}"
    done
  fi
  git -C "$REPO" add -A
  secret_scan || exit 1
  if git -C "$REPO" diff --cached --quiet; then
    log "没有变化"
  else
    git -C "$REPO" diff --cached --stat
    git -C "$REPO" commit -q -m "sync: $(hostname -s) $STAMP"
  fi
  git -C "$REPO" pull -q --rebase origin main 2>/dev/null || true
  git -C "$REPO" push -q origin HEAD:main
  log "已推送"
}

cmd_status() {
  git -C "$REPO" status --short
  git -C "$REPO" log --oneline -5
}

case "${1:-}" in
  init) shift; cmd_init "$@" ;;
  pull) cmd_pull ;;
  push) cmd_push ;;
  status) cmd_status ;;
  *) echo "用法: memsync.sh {init <远端> [--copy]|pull|push|status}"; exit 2 ;;
esac
