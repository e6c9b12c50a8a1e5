#!/usr/bin/env bash
# 把容器化模板复制到 Spring Boot 项目中
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PACKAGE=""

while [ $# -gt 0 ]; do
  case "$1" in
    --package) PACKAGE="$2"; shift 2 ;;
    *) echo "未知参数: $1" >&2; exit 2 ;;
  esac
done

detect_package() {
  grep -rl "@SpringBootApplication" src/main/java 2>/dev/null | head -n1 \
    | xargs -r sed -n 's/^package \(.*\);/\1/p'
}

[ -n "$PACKAGE" ] || PACKAGE=$(detect_package)
[ -n "$PACKAGE" ] || { echo "无法识别包名，请使用 --package 指定" >&2; exit 1; }
PKG_DIR="src/main/java/$(echo "$PACKAGE" | tr . /)/config"

copy() {
  local src="$1" dest="$2"
  mkdir -p "$(dirname "$dest")"
  if [ -f "$dest" ] && ! cmp -s "$src" "$dest"; then
    cp "$dest" "$dest.bak"
    echo "已备份 $dest -> $dest.bak"
  fi
  cp "$src" "$dest"
  echo "已生成 $dest"
}

copy "$SKILL_DIR/templates/Dockerfile" Dockerfile
copy "$SKILL_DIR/templates/dockerignore" .dockerignore
copy "$SKILL_DIR/templates/application-docker.yml" src/main/resources/application-docker.yml

mkdir -p "$PKG_DIR"
sed "s/__PACKAGE__/$PACKAGE/g" "$SKILL_DIR/templates/ActuatorSecurityConfig.java" > "$PKG_DIR/ActuatorSecurityConfig.java"
echo "已生成 $PKG_DIR/ActuatorSecurityConfig.java"

if ! grep -q "spring-boot-starter-actuator" pom.xml build.gradle* 2>/dev/null; then
  echo "提示：项目未引入 spring-boot-starter-actuator，请添加依赖以启用健康检查端点"
fi
echo "完成。构建镜像：docker build -t <name>:local ."
