#!/usr/bin/env bash
# 定时备份主脚本，由 /etc/cron.d/server-backup 调用
set -euo pipefail

BASE_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=lib/common.sh
. "$BASE_DIR/lib/common.sh"

DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1

dump_databases() {
  local out=/var/backups/server-backup/db
  mkdir -p "$out" && chmod 700 "$out"
  case "${DB_TYPE:-none}" in
    mysql)
      for db in $DB_NAMES; do
        mysqldump --single-transaction --routines "$db" | gzip > "$out/$db.sql.gz"
      done ;;
    postgres)
      for db in $DB_NAMES; do
        sudo -u postgres pg_dump -Fc "$db" > "$out/$db.dump"
      done ;;
    none) return 0 ;;
    *) die "不支持的 DB_TYPE=$DB_TYPE" ;;
  esac
  BACKUP_PATHS="$BACKUP_PATHS $out"
  log "数据库导出完成：$DB_NAMES"
}

build_excludes() {
  EXCLUDE_ARGS=()
  for pattern in ${EXCLUDES:-}; do
    EXCLUDE_ARGS+=(--exclude "$pattern")
  done
}

sync_paths() {
  local host=${BACKUP_TARGET%%:*} dir=${BACKUP_TARGET#*:}
  local rsync_opts=(-aHAX --delete --numeric-ids --relative "${EXCLUDE_ARGS[@]}"
    -e "ssh ${SSH_OPTS[*]}" --link-dest="$dir/daily.1")
  [ "$DRY_RUN" = 1 ] && rsync_opts+=(--dry-run --itemize-changes)
  # shellcheck disable=SC2086
  rsync "${rsync_opts[@]}" $BACKUP_PATHS "$host:$dir/daily.0/"
}

main() {
  local start; start=$(date +%s)
  acquire_lock
  load_config
  build_excludes
  log "开始备份：$BACKUP_PATHS → $BACKUP_TARGET"
  [ "$DRY_RUN" = 1 ] || rotate_remote daily "$KEEP_DAILY"
  dump_databases
  sync_paths || die "rsync 失败"
  local cost=$(( $(date +%s) - start ))
  log "备份完成，耗时 ${cost}s"
  [ "$DRY_RUN" = 1 ] || heartbeat ok "ok ${cost}s"
}

main "$@"
