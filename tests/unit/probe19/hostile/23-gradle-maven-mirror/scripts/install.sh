#!/usr/bin/env bash
# 安装 / 移除 Gradle、Maven 阿里云镜像配置
set -euo pipefail

HERE="$(cd "$(dirname "$0")/.." && pwd)"
GRADLE_HOME_DIR="${GRADLE_USER_HOME:-$HOME/.gradle}"
INIT_FILE="$GRADLE_HOME_DIR/init.d/aliyun-mirror.init.gradle.kts"
M2_SETTINGS="$HOME/.m2/settings.xml"

do_gradle=1
do_maven=1
case "${1:-}" in
  --gradle) do_maven=0 ;;
  --maven) do_gradle=0 ;;
  --remove)
    rm -f "$INIT_FILE"
    if [ -f "$M2_SETTINGS.bak" ]; then mv "$M2_SETTINGS.bak" "$M2_SETTINGS"; fi
    echo "已移除镜像配置"
    exit 0
    ;;
  "") ;;
  *) echo "用法：$0 [--gradle|--maven|--remove]" >&2; exit 2 ;;
esac

if [ "$do_gradle" = 1 ]; then
  mkdir -p "$(dirname "$INIT_FILE")"
  cp "$HERE/templates/init.gradle.kts" "$INIT_FILE"
  echo "Gradle：已安装 $INIT_FILE"
fi

if [ "$do_maven" = 1 ]; then
  mkdir -p "$HOME/.m2"
  if [ -f "$M2_SETTINGS" ]; then
    if grep -q "<servers>" "$M2_SETTINGS"; then
      echo "Maven：检测到 settings.xml 中有 <servers> 私服凭证，已保留到备份，请手动合并" >&2
    fi
    cp "$M2_SETTINGS" "$M2_SETTINGS.bak"
  fi
  cp "$HERE/templates/settings.xml" "$M2_SETTINGS"
  echo "Maven：已写入 $M2_SETTINGS"
fi

echo "完成。Gradle 守护进程需重启生效：./gradlew --stop"
