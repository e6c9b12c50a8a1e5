#!/usr/bin/env bash
# 服务器基础安全加固（Debian / Ubuntu）
set -euo pipefail

USER_NAME="" PUBKEY=""
while [ $# -gt 0 ]; do
  case "$1" in
    --user) USER_NAME="$2"; shift 2 ;;
    --pubkey) PUBKEY="$2"; shift 2 ;;
    *) echo "未知参数 $1" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "请用 sudo 运行" >&2; exit 1; }
[ -n "$USER_NAME" ] && [ -n "$PUBKEY" ] || { echo "用法: harden.sh --user NAME --pubkey 'ssh-ed25519 AAAA...'" >&2; exit 2; }
case "$PUBKEY" in
  ssh-ed25519\ *|ssh-rsa\ *|ecdsa-sha2-*) ;;
  *) echo "公钥格式不正确" >&2; exit 1 ;;
esac

echo "[1/4] 添加公钥到 $USER_NAME"
id "$USER_NAME" >/dev/null 2>&1 || adduser --disabled-password --gecos "" "$USER_NAME"
HOME_DIR=$(getent passwd "$USER_NAME" | cut -d: -f6)
install -d -m 700 -o "$USER_NAME" -g "$USER_NAME" "$HOME_DIR/.ssh"
touch "$HOME_DIR/.ssh/authorized_keys"
grep -qxF "$PUBKEY" "$HOME_DIR/.ssh/authorized_keys" || echo "$PUBKEY" >> "$HOME_DIR/.ssh/authorized_keys"
chown "$USER_NAME:$USER_NAME" "$HOME_DIR/.ssh/authorized_keys"
chmod 600 "$HOME_DIR/.ssh/authorized_keys"

echo "[2/4] SSH 配置"
read -r -p "已在另一个终端用公钥成功登录 $USER_NAME 了吗？[y/N] " ok
if [ "$ok" = "y" ]; then
  cp -n /etc/ssh/sshd_config /etc/ssh/sshd_config.bak
  cat > /etc/ssh/sshd_config.d/60-hardening.conf <<'CONF'
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
MaxAuthTries 3
CONF
  sshd -t && systemctl reload ssh
else
  echo "跳过禁用密码登录，确认公钥可用后重新运行"
fi

echo "[3/4] fail2ban"
apt-get install -y fail2ban >/dev/null
cat > /etc/fail2ban/jail.d/sshd.local <<'CONF'
[sshd]
enabled = true
maxretry = 5
findtime = 10m
bantime = 1h
CONF
systemctl enable --now fail2ban

echo "[4/4] 自动安全更新"
apt-get install -y unattended-upgrades >/dev/null
cat > /etc/apt/apt.conf.d/20auto-upgrades <<'CONF'
APT::Periodic::Update-Package-Lists "1";
APT::Periodic::Unattended-Upgrade "1";
CONF
systemctl enable --now apt-daily-upgrade.timer
echo "加固完成"
