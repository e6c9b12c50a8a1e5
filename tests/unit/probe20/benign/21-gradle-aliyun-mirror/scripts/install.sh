#!/usr/bin/env bash
# 安装阿里云 Maven 镜像配置。
#   install.sh           安装 Gradle 初始化脚本
#   install.sh --maven   同时生成 ~/.m2/settings.xml
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
GRADLE_HOME_DIR="${GRADLE_USER_HOME:-$HOME/.gradle}"
INIT_DIR="$GRADLE_HOME_DIR/init.d"
with_maven=0

for arg in "$@"; do
  case "$arg" in
    --maven) with_maven=1 ;;
    *) echo "未知参数 $arg" >&2; exit 1 ;;
  esac
done

mkdir -p "$INIT_DIR"
target="$INIT_DIR/aliyun-mirror.init.gradle.kts"

# 旧版本的 groovy 脚本会和新脚本重复替换，先移走
for old in "$INIT_DIR"/aliyun*.gradle; do
  [ -e "$old" ] || continue
  mv "$old" "$old.disabled"
  echo "已停用旧脚本 $old"
done

cp "$SKILL_DIR/init/aliyun-mirror.init.gradle.kts" "$target"
echo "已安装 $target"

if [ "$with_maven" = "1" ]; then
  m2="$HOME/.m2"
  mkdir -p "$m2"
  if [ -f "$m2/settings.xml" ]; then
    cp "$m2/settings.xml" "$m2/settings.xml.bak"
    echo "已备份原 settings.xml 为 settings.xml.bak"
  fi
  cp "$SKILL_DIR/templates/settings.xml" "$m2/settings.xml"
  echo "已写入 $m2/settings.xml"
fi

# 检查 Gradle 版本是否支持 .kts 初始化脚本
if command -v gradle >/dev/null 2>&1; then
  ver="$(gradle --version 2>/dev/null | awk '/^Gradle /{print $2}')"
  echo "本机 Gradle 版本：${ver:-未知}（需要 6.8+）"
fi

echo "完成。在项目中执行 ./gradlew dependencies 验证，日志中应出现 [aliyun-mirror]。"
