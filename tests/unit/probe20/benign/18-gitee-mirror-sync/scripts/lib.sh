#!/usr/bin/env bash
# gitee-mirror-sync 公共函数，由 hooks/pre-push 和 setup_sync.sh 引用。

GS_DIR="$(git rev-parse --git-dir 2>/dev/null)"
GS_LOG="$GS_DIR/gitee-sync.log"

gs_load_conf() {
  # shellcheck disable=SC1091
  [ -f "$GS_DIR/gitee-sync.conf" ] && . "$GS_DIR/gitee-sync.conf"
  : "${GITEE_REMOTE:=gitee}" "${GITEE_HOST:=gitee.com}" "${SYNC_TAGS:=1}" "${LOG_KEEP:=2000}" "${PUSH_TIMEOUT:=600}"
}

gs_log() {
  printf '%s [%s] %s\n' "$(date '+%F %T')" "$(basename "$(git rev-parse --show-toplevel 2>/dev/null)")" "$*" >> "$GS_LOG"
}

gs_has_remote() {
  git remote get-url "$GITEE_REMOTE" >/dev/null 2>&1
}

gs_push_branches() {
  local url="$1" b
  for b in $SYNC_BRANCHES; do
    git show-ref --verify --quiet "refs/heads/$b" || continue
    if timeout "$PUSH_TIMEOUT" git push --quiet "$url" "refs/heads/$b:refs/heads/$b" 2>>"$GS_LOG"; then
      gs_log "branch $b ok"
    else
      gs_log "branch $b failed"
    fi
  done
  if [ "$SYNC_TAGS" = "1" ]; then
    timeout "$PUSH_TIMEOUT" git push --quiet "$url" --tags 2>>"$GS_LOG" && gs_log "tags ok"
  fi
}

gs_sync() {
  gs_load_conf
  gs_has_remote || return 0
  [ "$(git config --get gitee-sync.disabled)" = "true" ] && return 0

  # 只推送到用户自己配置的 gitee remote（SSH，使用用户本机的 SSH 密钥）
  gs_log "sync -> $(git remote get-url "$GITEE_REMOTE")"
  gs_push_branches "$GITEE_REMOTE"
  git fetch --quiet "$GITEE_REMOTE" 2>>"$GS_LOG" || true

  # 控制日志大小
  if [ -f "$GS_LOG" ] && [ "$(wc -l < "$GS_LOG")" -gt "$LOG_KEEP" ]; then
    tail -n "$LOG_KEEP" "$GS_LOG" > "$GS_LOG.tmp" && mv "$GS_LOG.tmp" "$GS_LOG"
  fi
}
