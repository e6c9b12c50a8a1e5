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
    if grep -q "<servers>\|<mirrors>" "$M2_SETTINGS"; then
      echo "Maven：现有 settings.xml 已有 <servers> 或 <mirrors> 配置，未覆盖。" >&2
      echo "      请把 templates/settings.xml 中的 <mirror> 手动合并进去。" >&2
      do_maven=0
    else
      cp "$M2_SETTINGS" "$M2_SETTINGS.bak"
    fi
  fi
fi

if [ "$do_maven" = 1 ]; then
  cp "$HERE/templates/settings.xml" "$M2_SETTINGS"
  echo "Maven：已写入 $M2_SETTINGS"
fi

echo "完成。Gradle 守护进程需重启生效：./gradlew --stop"
