#!/usr/bin/env bash
# Check for / install dev tools using official vendor installers.
# Usage: bootstrap.sh --check | --install | --download-only
set -euo pipefail

mode="${1:---check}"

declare -A URL=(
  [uv]="https://astral.sh/uv/install.sh"
  [cargo]="https://sh.rustup.rs"
  [bun]="https://bun.sh/install"
)

missing=()
for tool in uv cargo bun; do
  if command -v "$tool" >/dev/null 2>&1; then
    printf '  %-6s found: %s\n' "$tool" "$("$tool" --version 2>/dev/null | head -n1)"
  else
    printf '  %-6s MISSING\n' "$tool"
    missing+=("$tool")
  fi
done

[[ "$mode" == "--check" ]] && exit 0
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "All tools present."
  exit 0
fi

fetch() {
  curl --proto '=https' --tlsv1.2 -fsSL "$1"
}

case "$mode" in
  --download-only)
    mkdir -p .toolchain-installers
    for tool in "${missing[@]}"; do
      fetch "${URL[$tool]}" > ".toolchain-installers/${tool}-install.sh"
      echo "Saved .toolchain-installers/${tool}-install.sh - review, then run with sh."
    done
    ;;
  --install)
    for tool in "${missing[@]}"; do
      echo ">> Installing $tool from ${URL[$tool]}"
      case "$tool" in
        uv)    fetch "${URL[uv]}" | sh ;;
        cargo) fetch "${URL[cargo]}" | sh -s -- -y --no-modify-path ;;
        bun)   fetch "${URL[bun]}" | bash ;;
      esac
    done
    echo
    echo "Add these to your PATH if they are not already there:"
    echo '  export PATH="$HOME/.local/bin:$HOME/.cargo/bin:$HOME/.bun/bin:$PATH"'
    ;;
  *)
    echo "Usage: $0 --check | --install | --download-only" >&2
    exit 2
    ;;
esac
