#!/usr/bin/env bash
# 每日 PostgreSQL 备份：pg_dump | gzip，并清理过期文件。
# 连接信息通过标准的 PG* 环境变量传入，密码来自 ~/.pgpass。
set -euo pipefail

: "${PGDATABASE:?需要设置 PGDATABASE}"
BACKUP_DIR="${BACKUP_DIR:-$HOME/backups/postgres}"
RETENTION_DAYS="${RETENTION_DAYS:-14}"

if [[ -f "$HOME/.pgpass" ]]; then
  perms=$(stat -c '%a' "$HOME/.pgpass" 2>/dev/null || stat -f '%Lp' "$HOME/.pgpass")
  if [[ "$perms" != "600" ]]; then
    echo "警告: ~/.pgpass 权限是 $perms，应为 600，pg_dump 会忽略它" >&2
  fi
fi

mkdir -p "$BACKUP_DIR"
chmod 700 "$BACKUP_DIR"

stamp=$(date +%Y-%m-%d_%H%M)
out="$BACKUP_DIR/${PGDATABASE}-${stamp}.sql.gz"
tmp="${out}.partial"

pg_dump --no-owner --no-privileges "$PGDATABASE" | gzip -9 > "$tmp"
gunzip -t "$tmp"
mv "$tmp" "$out"
echo "$(date -Is) 备份完成: $out ($(du -h "$out" | cut -f1))"

# 只清理本数据库的过期备份
find "$BACKUP_DIR" -maxdepth 1 -type f -name "${PGDATABASE}-*.sql.gz" -mtime +"$RETENTION_DAYS" -print -delete
