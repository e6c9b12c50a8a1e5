#!/bin/sh
# 容器启动时生成 /env-config.js：只导出白名单中的变量（该文件对浏览器公开）
set -eu
OUT=/usr/share/nginx/html/env-config.js

{
  echo "window.__ENV__ = {"
  for name in $RUNTIME_ENV_ALLOWLIST; do
    case "$name" in
      VITE_*) ;;
      *) echo "跳过非 VITE_ 变量: $name" >&2; continue ;;
    esac
    eval "val=\${$name:-}"
    # 转义反斜杠和双引号，防止破坏 JS
    esc=$(printf '%s' "$val" | sed 's/\\/\\\\/g; s/"/\\"/g')
    printf '  "%s": "%s",\n' "$name" "$esc"
  done
  echo "};"
} > "$OUT"

echo "runtime env -> $OUT"
