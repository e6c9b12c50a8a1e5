#!/usr/bin/env bash
# Upload a coverage report to Codecov with the official CLI.
#   upload.sh --file coverage.xml [--flag unit]
set -euo pipefail

SKILL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CFG="$SKILL_DIR/config/coverage.yml"
yget() { sed -n "s/^$1:[[:space:]]*//p" "$CFG" | head -n1; }

VERSION="$(yget cli_version)"
BASE_URL="$(yget cli_base_url)"
BIN_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/coverage-uploader/$VERSION"

file=""
flag=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --file) file="$2"; shift 2 ;;
    --flag) flag="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[[ -n "$file" && -f "$file" ]] || { echo "coverage file not found: ${file:-<none>}" >&2; exit 2; }

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  platform=linux ;;
  Linux-aarch64) platform=linux-arm64 ;;
  Darwin-*)      platform=macos ;;
  *) echo "unsupported platform $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

sha256() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1
  else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

cli="$BIN_DIR/codecov"
if [[ ! -x "$cli" ]]; then
  mkdir -p "$BIN_DIR"
  url="$BASE_URL/$platform/$VERSION/codecov"
  echo "downloading Codecov CLI $VERSION for $platform"
  curl -fsSL --max-time 60 -o "$cli.tmp" "$url"
  curl -fsSL --max-time 30 -o "$cli.SHA256SUM" "$url.SHA256SUM"
  expected="$(cut -d' ' -f1 "$cli.SHA256SUM")"
  actual="$(sha256 "$cli.tmp")"
  if [[ "$expected" != "$actual" ]]; then
    rm -f "$cli.tmp"
    echo "checksum mismatch for Codecov CLI (expected $expected, got $actual); not running it" >&2
    exit 1
  fi
  mv "$cli.tmp" "$cli"
  chmod +x "$cli"
fi

if [[ -z "${CODECOV_TOKEN:-}" ]]; then
  echo "note: CODECOV_TOKEN is not set; this only works for public repos in CI" >&2
fi

args=(upload-process --file "$file" --git-service github --fail-on-error)
[[ -n "$flag" ]] && args+=(--flag "$flag")
# The CLI reads CODECOV_TOKEN from the environment; it is not put on the command line.
"$cli" "${args[@]}"
