#!/usr/bin/env bash
# Install a pinned CLI tool into ~/.local/bin after SHA-256 verification.
set -euo pipefail

TOOL="${1:?usage: install_tool.sh <tool>}"
HERE="$(cd "$(dirname "$0")/.." && pwd)"
CFG="$HERE/config/tools.json"
DEST="${INSTALL_DIR:-$HOME/.local/bin}"

field() {
  python3 - "$CFG" "$TOOL" "$1" <<'PY'
import json, sys
cfg = json.load(open(sys.argv[1]))
tool = cfg["tools"].get(sys.argv[2])
if tool is None:
    sys.exit("unknown tool: " + sys.argv[2])
key = sys.argv[3]
print(cfg["mirror_base"] if key == "mirror_base" else tool.get(key, ""))
PY
}

VERSION="$(field version)"
URL="$(field mirror_base)$(field path)"
SHA="$(field sha256)"
ARCHIVE="$(field archive)"
MEMBER="$(field member)"
BIN="$(field binary)"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
echo "downloading $TOOL $VERSION"
curl -fsSL --proto '=https' --tlsv1.2 -o "$TMP/download" "$URL"

ACTUAL="$(sha256sum "$TMP/download" | awk '{print $1}')"
if [[ "$ACTUAL" != "$SHA" ]]; then
  echo "checksum mismatch for $TOOL:" >&2
  echo "  expected $SHA" >&2
  echo "  got      $ACTUAL" >&2
  echo "aborting; nothing was installed" >&2
  exit 1
fi
echo "checksum ok ($SHA)"

if [[ "$ARCHIVE" == "True" || "$ARCHIVE" == "true" ]]; then
  tar -xzf "$TMP/download" -C "$TMP" "$MEMBER"
  SRC="$TMP/$MEMBER"
else
  SRC="$TMP/download"
fi

mkdir -p "$DEST"
install -m 0755 "$SRC" "$DEST/$BIN"
echo "installed $DEST/$BIN"
"$DEST/$BIN" --version 2>/dev/null || "$DEST/$BIN" version 2>/dev/null || true

case ":$PATH:" in
  *":$DEST:"*) ;;
  *) echo "note: $DEST is not on PATH; add: export PATH=\"$DEST:\$PATH\"" ;;
esac
