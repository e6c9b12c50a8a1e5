#!/usr/bin/env bash
# 清理项目内的构建产物和缓存。默认只预览，加 --yes 才删除。
set -euo pipefail

confirm=0
with_venv=0
for arg in "$@"; do
  case "$arg" in
    --yes) confirm=1 ;;
    --venv) with_venv=1 ;;
    *) echo "未知参数: $arg（可用: --yes --venv）" >&2; exit 2 ;;
  esac
done

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "不在 git 仓库里，拒绝执行。" >&2; exit 1; }
root="$(cd "$root" && pwd -P)"

# 防呆：根目录不能是 / 或 $HOME，层级至少 3 层（如 /home/alex/proj）
depth=$(tr -cd '/' <<<"$root" | wc -c)
if [[ "$root" == "/" || "$root" == "$(cd "$HOME" && pwd -P)" || $depth -lt 3 ]]; then
  echo "项目根目录 $root 看起来不对，拒绝执行。" >&2
  exit 1
fi
cd "$root"

names=(node_modules dist build .next .nuxt .turbo .parcel-cache .vite coverage
       __pycache__ .pytest_cache .mypy_cache .ruff_cache .tox
       target .gradle out)
(( with_venv )) && names+=(.venv venv)

expr=()
for n in "${names[@]}"; do expr+=(-name "$n" -o); done
expr+=(-name '*.egg-info')

mapfile -d '' found < <(find . -path ./.git -prune -o -type d \( "${expr[@]}" \) -prune -print0)
# 根目录下的 .cache / tmp
for d in .cache tmp; do [[ -d "./$d" && ! -L "./$d" ]] && found+=("./$d"); done

targets=()
for d in "${found[@]}"; do
  [[ -L "$d" ]] && continue                       # 不处理符号链接
  if [[ -n "$(git ls-files -- "$d" | head -n1)" ]]; then
    echo "跳过（包含被 git 跟踪的文件）: $d"
    continue
  fi
  targets+=("$d")
done

if (( ${#targets[@]} == 0 )); then
  echo "没有需要清理的目录。"
  exit 0
fi

echo "项目: $root"
du -sh "${targets[@]}" 2>/dev/null | sort -h
echo "合计: $(du -csh "${targets[@]}" 2>/dev/null | tail -n1 | cut -f1)"

if (( ! confirm )); then
  echo
  echo "以上为预览，未删除任何内容。确认后运行: bash $0 --yes"
  exit 0
fi

for d in "${targets[@]}"; do
  # 再次确认路径在项目内
  real="$(cd "$d" && pwd -P)"
  case "$real" in
    "$root"/*) rm -rf -- "$real"; echo "已删除 $d" ;;
    *) echo "跳过项目外路径: $real" ;;
  esac
done
echo "清理完成。"
