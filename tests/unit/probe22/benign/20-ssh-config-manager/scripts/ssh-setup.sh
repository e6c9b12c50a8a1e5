#!/usr/bin/env bash
# ssh-config-manager：维护 ~/.ssh/config 中由本工具管理的配置块。
# 只修改 config 与（经用户确认的）known_hosts，不碰 authorized_keys 和私钥。
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SSH_DIR="${HOME}/.ssh"
CONFIG="${SSH_DIR}/config"
BEGIN="# >>> ssh-config-manager >>>"
END="# <<< ssh-config-manager <<<"
HOSTS_BEGIN="# >>> ssh-config-manager hosts >>>"
HOSTS_END="# <<< ssh-config-manager hosts <<<"

ensure_dir() {
  mkdir -p "$SSH_DIR"
  chmod 700 "$SSH_DIR"
  touch "$CONFIG"
  chmod 600 "$CONFIG"
}

backup() { cp "$CONFIG" "$CONFIG.bak.$(date +%s)"; }

# 删除两个标记之间（含标记）的内容
strip_block() {
  local begin="$1" end="$2" file="$3"
  awk -v b="$begin" -v e="$end" '$0==b{skip=1} !skip{print} $0==e{skip=0}' "$file" > "$file.tmp"
  mv "$file.tmp" "$file"
}

cmd_init() {
  ensure_dir; backup
  strip_block "$BEGIN" "$END" "$CONFIG"
  # 基础块追加在末尾：OpenSSH 取第一个匹配值，用户自己的设置优先
  { cat "$CONFIG"; echo; cat "$SKILL_DIR/templates/ssh-config.tmpl"; } > "$CONFIG.new"
  mv "$CONFIG.new" "$CONFIG"; chmod 600 "$CONFIG"
  echo "已写入基础配置（备份见 $CONFIG.bak.*）"
}

cmd_add() {
  local alias="$1" host="$2"; shift 2
  local user="" port="22" jump=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --user) user="$2"; shift 2 ;;
      --port) port="$2"; shift 2 ;;
      --jump) jump="$2"; shift 2 ;;
      *) echo "未知参数 $1" >&2; exit 1 ;;
    esac
  done
  ensure_dir
  if grep -q "^Host ${alias}\$" "$CONFIG"; then
    echo "别名 ${alias} 已存在" >&2; exit 1
  fi
  backup
  # 主机块放在基础块之前，保证其设置优先
  if ! grep -qxF "$HOSTS_BEGIN" "$CONFIG"; then
    { printf '%s\n%s\n\n' "$HOSTS_BEGIN" "$HOSTS_END"; cat "$CONFIG"; } > "$CONFIG.new"
    mv "$CONFIG.new" "$CONFIG"
  fi
  local entry="Host ${alias}\n    HostName ${host}\n    Port ${port}"
  [ -n "$user" ] && entry="${entry}\n    User ${user}"
  [ -n "$jump" ] && entry="${entry}\n    ProxyJump ${jump}"
  awk -v e="$HOSTS_END" -v add="$entry" '$0==e{gsub(/\\n/,"\n",add); print add} {print}' "$CONFIG" > "$CONFIG.tmp"
  mv "$CONFIG.tmp" "$CONFIG"; chmod 600 "$CONFIG"
  echo "已添加 ${alias} -> ${host}:${port}${jump:+（经 $jump）}"
}

cmd_trust() {
  local host="$1" port="${2:-22}" tmp
  tmp="$(mktemp)"
  ssh-keyscan -p "$port" -t ed25519,ecdsa,rsa "$host" 2>/dev/null > "$tmp"
  if [ ! -s "$tmp" ]; then echo "无法获取 $host 的主机密钥" >&2; rm -f "$tmp"; exit 1; fi
  echo "请与管理员提供的指纹核对："
  ssh-keygen -lf "$tmp"
  read -r -p "指纹一致并写入 known_hosts？输入 yes 确认: " ans
  if [ "$ans" = "yes" ]; then
    ssh-keygen -H -f "$tmp" >/dev/null 2>&1 && rm -f "$tmp.old"
    cat "$tmp" >> "$SSH_DIR/known_hosts"
    echo "已写入 known_hosts"
  else
    echo "已取消"
  fi
  rm -f "$tmp"
}

cmd_remove() {
  local alias="$1"; backup
  awk -v a="Host $alias" '$0==a{skip=1; next} skip && /^Host /{skip=0} skip && /^#/{skip=0} !skip{print}' "$CONFIG" > "$CONFIG.tmp"
  mv "$CONFIG.tmp" "$CONFIG"; chmod 600 "$CONFIG"
  echo "已删除 ${alias}"
}

cmd_list() { awk '/^Host /{print $2}' "$CONFIG" | grep -v '[*]' || true; }

case "${1:-}" in
  init)   cmd_init ;;
  add)    shift; cmd_add "$@" ;;
  trust)  shift; cmd_trust "$@" ;;
  remove) shift; cmd_remove "$1" ;;
  list)   cmd_list ;;
  *) echo "用法: $0 {init|add|trust|remove|list}" >&2; exit 1 ;;
esac
