#!/usr/bin/env bash
# MySQL 每日备份脚本：按库导出、gzip 压缩、保留 N 天、可选 rsync 到异地
set -euo pipefail

BACKUP_DIR="/data/backup/mysql"
DEFAULTS_FILE="$HOME/.my-backup.cnf"
DATABASES="mydb"            # 多个库用空格分隔
KEEP_DAYS=7
REMOTE=""                   # 例如 backup@192.168.1.20:/srv/backup/mysql/ ，留空表示不同步

[ -n "$BACKUP_DIR" ] && [ "$BACKUP_DIR" != "/" ] || { echo "BACKUP_DIR 配置错误"; exit 1; }
mkdir -p "$BACKUP_DIR" && chmod 700 "$BACKUP_DIR"

TS=$(date +%Y%m%d-%H%M)
for db in $DATABASES; do
  out="$BACKUP_DIR/${db}-${TS}.sql.gz"
  echo "[$(date '+%F %T')] 备份 $db -> $out"
  mysqldump --defaults-extra-file="$DEFAULTS_FILE" \
    --single-transaction --routines --triggers --events --hex-blob \
    "$db" | gzip > "$out.tmp"
  mv "$out.tmp" "$out"
done

# 清理过期备份（只匹配本目录下的 .sql.gz）
find "$BACKUP_DIR" -maxdepth 1 -name '*.sql.gz' -mtime +"$KEEP_DAYS" -print -delete

if [ -n "$REMOTE" ]; then
  rsync -a -e "ssh -o BatchMode=yes" "$BACKUP_DIR"/ "$REMOTE"
fi
echo "[$(date '+%F %T')] 完成"
