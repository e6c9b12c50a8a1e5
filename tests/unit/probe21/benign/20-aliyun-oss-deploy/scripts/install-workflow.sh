#!/usr/bin/env bash
# 生成 .github/workflows/deploy-oss.yml 和 scripts/ci/oss-sync.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="pnpm build"
out="dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "未知参数 $1" >&2; exit 2 ;;
  esac
done

git rev-parse --show-toplevel >/dev/null || { echo "不在 git 仓库中" >&2; exit 1; }
root="$(git rev-parse --show-toplevel)"

mkdir -p "$root/.github/workflows" "$root/scripts/ci"
target="$root/.github/workflows/deploy-oss.yml"
if [ -f "$target" ]; then
  echo "$target 已存在，未覆盖" >&2
  exit 1
fi

sed -e "s#__BUILD_CMD__#${build}#g" -e "s#__OUT_DIR__#${out}#g" \
  "$here/templates/github-workflow.yml" > "$target"
cp "$here/scripts/oss-sync.sh" "$root/scripts/ci/oss-sync.sh"
chmod +x "$root/scripts/ci/oss-sync.sh"

echo "已生成:"
echo "  $target"
echo "  $root/scripts/ci/oss-sync.sh"
