#!/usr/bin/env bash
# 把 Dockerfile、Makefile 和 GitHub Actions 工作流安装到当前项目。
#   init_ci.sh --registry <地址> --namespace <命名空间> --image <镜像名>
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
registry="registry.cn-hangzhou.aliyuncs.com" namespace="" image=""

while [ $# -gt 0 ]; do
  case "$1" in
    --registry)  registry="$2"; shift 2 ;;
    --namespace) namespace="$2"; shift 2 ;;
    --image)     image="$2"; shift 2 ;;
    *) echo "未知参数 $1" >&2; exit 1 ;;
  esac
done
[ -n "$namespace" ] && [ -n "$image" ] || { echo "需要 --namespace 和 --image" >&2; exit 1; }

root="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$root"

if [ -f Dockerfile ]; then
  echo "已有 Dockerfile，跳过（参考模板：$SKILL_DIR/templates/Dockerfile）"
else
  cp "$SKILL_DIR/templates/Dockerfile" Dockerfile && echo "写入 Dockerfile"
fi

sed -e "s#^REGISTRY  ?= .*#REGISTRY  ?= $registry#" \
    -e "s#^NAMESPACE ?= .*#NAMESPACE ?= $namespace#" \
    -e "s#^IMAGE     ?= .*#IMAGE     ?= $image#" \
    "$SKILL_DIR/Makefile" > Makefile.acr
echo "写入 Makefile.acr"

mkdir -p .github/workflows
sed -e "s#__REGISTRY__#$registry#" -e "s#__NAMESPACE__#$namespace#" -e "s#__IMAGE__#$image#" \
    "$SKILL_DIR/templates/github-workflow.yml" > .github/workflows/acr-publish.yml
echo "写入 .github/workflows/acr-publish.yml"

if ! grep -qx 'ci-cache/' .gitignore 2>/dev/null; then
  echo 'ci-cache/' >> .gitignore
fi

cat <<MSG

下一步：设置 GitHub Secrets（密码请用户自己输入，不要写在命令行历史里）
  gh secret set ACR_USERNAME
  gh secret set ACR_PASSWORD
然后推送一个 tag 触发构建：
  git tag v0.1.0 && git push origin v0.1.0
MSG
