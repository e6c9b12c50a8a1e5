#!/usr/bin/env bash
# Scaffold <lib>-sys from templates.
set -euo pipefail

lib="${1:?usage: new-sys-crate.sh <libname> [--header file.h]}"
shift
header="${lib#lib}.h"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --header) header="$2"; shift 2 ;;
    *) echo "unknown option $1"; exit 2 ;;
  esac
done

name="${lib#lib}"
crate="${name}-sys"
tpl="$(cd "$(dirname "${BASH_SOURCE[0]}")/../templates" && pwd)"

if [[ -e "$crate" ]]; then
  echo "$crate already exists"; exit 1
fi

mkdir -p "$crate/src" "$crate/vendor"
for f in Cargo.toml build.rs wrapper.h; do
  sed -e "s/{{name}}/$name/g" -e "s/{{header}}/$header/g" "$tpl/$f" > "$crate/$f"
done
sed -e "s/{{name}}/$name/g" "$tpl/lib.rs" > "$crate/src/lib.rs"

cat > "$crate/vendor/README.md" <<MD
Place the upstream $name source tree here to enable the \`vendored\` feature.
MD

echo "created $crate/"
if command -v cargo >/dev/null; then
  (cd "$crate" && cargo check 2>&1 | tail -n 20) || echo "cargo check failed; see output above"
fi
