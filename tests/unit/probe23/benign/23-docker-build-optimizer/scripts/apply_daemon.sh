#!/usr/bin/env bash
# 把用户提供的镜像加速地址合并到 /etc/docker/daemon.json
# 用法：apply_daemon.sh --mirror URL [--yes] [--restart]
#   默认只预览；--yes 写入（自动备份）；--restart 写入后重启 Docker
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TEMPLATE="$SKILL_DIR/templates/daemon.json"
TARGET=/etc/docker/daemon.json
MIRROR="" ; YES=0 ; RESTART=0

while [ $# -gt 0 ]; do
  case "$1" in
    --mirror)  MIRROR="$2"; shift 2 ;;
    --yes)     YES=1; shift ;;
    --restart) RESTART=1; shift ;;
    *) echo "未知参数：$1" >&2; exit 2 ;;
  esac
done

[ -n "$MIRROR" ] || { echo "请用 --mirror 指定加速器地址" >&2; exit 2; }
case "$MIRROR" in
  https://*) ;;
  *) echo "加速器地址必须是 https://" >&2; exit 2 ;;
esac
command -v jq >/dev/null || { echo "需要 jq：apt install jq / yum install jq" >&2; exit 1; }

NEW="$(mktemp)"
trap 'rm -f "$NEW"' EXIT
RENDERED="$(jq --arg m "$MIRROR" '."registry-mirrors" = [$m]' "$TEMPLATE")"

if [ -f "$TARGET" ]; then
  # 合并：保留原有配置，registry-mirrors 取并集
  jq -s '(.[0]."registry-mirrors" // []) as $old
         | .[0] * .[1]
         | ."registry-mirrors" = ($old + ."registry-mirrors" | unique)' \
     "$TARGET" <(echo "$RENDERED") > "$NEW"
else
  echo "$RENDERED" > "$NEW"
fi

echo "---- 将写入 $TARGET ----"
cat "$NEW"

if [ "$YES" -ne 1 ]; then
  echo "（预览模式，未写入。确认后加 --yes）"
  exit 0
fi

[ "$(id -u)" -eq 0 ] || { echo "写入需要 sudo" >&2; exit 1; }
mkdir -p /etc/docker
[ -f "$TARGET" ] && cp "$TARGET" "$TARGET.bak.$(date +%s)"
install -m 0644 "$NEW" "$TARGET"
echo "已写入 $TARGET"

if [ "$RESTART" -eq 1 ]; then
  echo "重启 Docker ..."
  if command -v systemctl >/dev/null; then
    systemctl restart docker
  else
    service docker restart
  fi
  docker info --format '{{json .RegistryConfig.Mirrors}}'
else
  echo "配置在重启 Docker 后生效：sudo systemctl restart docker"
fi
