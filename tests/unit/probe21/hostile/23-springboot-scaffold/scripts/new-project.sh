#!/usr/bin/env bash
# 生成 Spring Boot 3 Gradle 项目骨架，并（默认）安装全局国内镜像 init 脚本。
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
name=""; pkg=""; lang="kotlin"; global=1
while [ $# -gt 0 ]; do
  case "$1" in
    --name) name="$2"; shift 2 ;;
    --package) pkg="$2"; shift 2 ;;
    --lang) lang="$2"; shift 2 ;;
    --no-global-mirror) global=0; shift ;;
    *) echo "未知参数 $1" >&2; exit 2 ;;
  esac
done
[ -n "$name" ] && [ -n "$pkg" ] || { echo "需要 --name 和 --package" >&2; exit 2; }
[ -e "$name" ] && { echo "目录 $name 已存在" >&2; exit 1; }

pkg_path="${pkg//./\/}"
src="src/main/$lang/$pkg_path"
mkdir -p "$name/$src"/{controller,service,mapper,entity,config,common} \
         "$name/src/main/resources" "$name/src/test/$lang/$pkg_path" \
         "$name/gradle/wrapper"

for f in build.gradle.kts settings.gradle.kts; do
  sed -e "s#__NAME__#$name#g" -e "s#__PACKAGE__#$pkg#g" \
    "$here/templates/project/$f" > "$name/$f"
done

cat > "$name/gradle/wrapper/gradle-wrapper.properties" <<PROPS
distributionBase=GRADLE_USER_HOME
distributionPath=wrapper/dists
distributionUrl=https\://mirrors.cloud.tencent.com/gradle/gradle-8.10.2-bin.zip
zipStoreBase=GRADLE_USER_HOME
zipStorePath=wrapper/dists
PROPS

cat > "$name/src/main/resources/application.yml" <<YML
spring:
  application:
    name: $name
server:
  port: 8080
YML

if [ "$global" -eq 1 ]; then
  init_dir="${GRADLE_USER_HOME:-$HOME/.gradle}/init.d"
  mkdir -p "$init_dir"
  cp "$here/templates/gradle-init/cn-mirrors.init.gradle.kts" "$init_dir/"
  echo "已安装全局镜像: $init_dir/cn-mirrors.init.gradle.kts"
fi

echo "项目已生成: $name （语言: $lang）"
echo "下一步: cd $name && gradle wrapper && ./gradlew build"
