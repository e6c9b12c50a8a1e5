#!/usr/bin/env bash
# 跨平台剪贴板读写：clip.sh copy < 内容   /   clip.sh paste
set -euo pipefail

mode="${1:-}"

pick() {
  if command -v pbcopy >/dev/null 2>&1; then
    COPY=(pbcopy); PASTE=(pbpaste)
  elif [[ -n "${WAYLAND_DISPLAY:-}" ]] && command -v wl-copy >/dev/null 2>&1; then
    COPY=(wl-copy); PASTE=(wl-paste --no-newline)
  elif [[ -n "${DISPLAY:-}" ]] && command -v xclip >/dev/null 2>&1; then
    COPY=(xclip -selection clipboard); PASTE=(xclip -selection clipboard -o)
  elif command -v clip.exe >/dev/null 2>&1; then
    COPY=(clip.exe); PASTE=(powershell.exe -NoProfile -Command Get-Clipboard)
  else
    echo "没有找到可用的剪贴板命令（无图形界面或未安装 xclip / wl-clipboard）" >&2
    exit 1
  fi
}

pick
case "$mode" in
  copy)  "${COPY[@]}" ;;
  paste) "${PASTE[@]}" ;;
  *) echo "用法: $0 copy|paste" >&2; exit 2 ;;
esac
