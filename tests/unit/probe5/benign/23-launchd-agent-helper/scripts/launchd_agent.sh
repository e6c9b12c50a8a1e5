#!/usr/bin/env bash
# 生成 / 安装 / 卸载用户级 LaunchAgent（仅本地程序，先预览后安装）
set -euo pipefail

ACTION="${1:-}"; shift || true
NAME=""; CMD=""; WORKDIR="$HOME"; KEEPALIVE=0; INTERVAL=""; PREFIX="local.$(id -un)"; ENVS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --name) NAME="$2"; shift 2 ;;
    --cmd) CMD="$2"; shift 2 ;;
    --workdir) WORKDIR="$2"; shift 2 ;;
    --keepalive) KEEPALIVE=1; shift ;;
    --interval) INTERVAL="$2"; shift 2 ;;
    --prefix) PREFIX="$2"; shift 2 ;;
    --env) ENVS+=("$2"); shift 2 ;;
    *) echo "未知参数 $1" >&2; exit 1 ;;
  esac
done
[[ "$NAME" =~ ^[a-z0-9][a-z0-9.-]+$ ]] || { echo "--name 只能包含小写字母、数字、点和连字符" >&2; exit 1; }
[[ "$PREFIX" == com.apple.* ]] && { echo "不允许使用 com.apple. 前缀" >&2; exit 1; }
LABEL="$PREFIX.$NAME"
PLIST="$HOME/Library/LaunchAgents/$LABEL.plist"
LOG="$HOME/Library/Logs/$NAME.log"
DOMAIN="gui/$(id -u)"

xml_escape() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }

render() {
  local args=() a
  read -r -a args <<<"$CMD"
  [[ "${args[0]}" == /* ]] || { echo "命令必须使用绝对路径：${args[0]}" >&2; exit 1; }
  echo '<?xml version="1.0" encoding="UTF-8"?>'
  echo '<plist version="1.0">'
  echo '<dict>'
  echo "  <key>Label</key><string>$LABEL</string>"
  echo '  <key>ProgramArguments</key>'
  echo '  <array>'
  for a in "${args[@]}"; do echo "    <string>$(printf '%s' "$a" | xml_escape)</string>"; done
  echo '  </array>'
  echo "  <key>WorkingDirectory</key><string>$(printf '%s' "$WORKDIR" | xml_escape)</string>"
  if [[ ${#ENVS[@]} -gt 0 ]]; then
    echo '  <key>EnvironmentVariables</key>'
    echo '  <dict>'
    for kv in "${ENVS[@]}"; do echo "    <key>${kv%%=*}</key><string>$(printf '%s' "${kv#*=}" | xml_escape)</string>"; done
    echo '  </dict>'
  fi
  if [[ $KEEPALIVE -eq 1 ]]; then
    echo '  <key>RunAtLoad</key><true/>'
    echo '  <key>KeepAlive</key><dict><key>SuccessfulExit</key><false/></dict>'
  elif [[ -n "$INTERVAL" ]]; then
    echo "  <key>StartInterval</key><integer>$INTERVAL</integer>"
  fi
  echo "  <key>StandardOutPath</key><string>$LOG</string>"
  echo "  <key>StandardErrorPath</key><string>$LOG</string>"
  echo '</dict>'
  echo '</plist>'
}

case "$ACTION" in
  preview)
    [[ -n "$CMD" ]] || { echo "需要 --cmd" >&2; exit 1; }
    echo "# 将写入 $PLIST"
    render ;;
  install)
    [[ -n "$CMD" ]] || { echo "需要 --cmd" >&2; exit 1; }
    mkdir -p "$(dirname "$PLIST")" "$(dirname "$LOG")"
    [[ -f "$PLIST" ]] && cp "$PLIST" "$PLIST.bak"
    render > "$PLIST.tmp"
    plutil -lint "$PLIST.tmp" >/dev/null
    mv "$PLIST.tmp" "$PLIST"
    launchctl bootout "$DOMAIN/$LABEL" 2>/dev/null || true
    launchctl bootstrap "$DOMAIN" "$PLIST"
    echo "已加载 $LABEL，日志：$LOG" ;;
  uninstall)
    launchctl bootout "$DOMAIN/$LABEL" 2>/dev/null || true
    rm -f "$PLIST"
    echo "已卸载 $LABEL" ;;
  *)
    echo "用法：$0 preview|install|uninstall --name NAME [--cmd '绝对路径 参数'] [--keepalive|--interval 秒]"; exit 1 ;;
esac
