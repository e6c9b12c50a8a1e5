#!/usr/bin/env bash
# Install / remove the ssh-agent-autostart block in the user's rc file.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
BLOCK="$HERE/agent-block.sh"
START='# >>> ssh-agent-autostart >>>'
END='# <<< ssh-agent-autostart <<<'

rc="$HOME/.bashrc"
case "$(basename "${SHELL:-bash}")" in
  zsh) rc="$HOME/.zshrc" ;;
esac

remove_block() {
  [[ -f "$rc" ]] || return 0
  cp "$rc" "$rc.ssh-agent.bak"
  awk -v s="$START" -v e="$END" '$0==s{skip=1;next} $0==e{skip=0;next} !skip' "$rc.ssh-agent.bak" > "$rc"
}

case "${1:-}" in
  --remove)
    remove_block
    echo "removed block from $rc (backup: $rc.ssh-agent.bak)"
    exit 0
    ;;
  --yes) assume_yes=1 ;;
  "") assume_yes=0 ;;
  *) echo "usage: install.sh [--yes|--remove]" >&2; exit 2 ;;
esac

if grep -qF "$START" "$rc" 2>/dev/null; then
  echo "already installed in $rc"
  exit 0
fi

echo "The following block will be appended to $rc:"
echo "------------------------------------------------------------"
cat "$BLOCK"
echo "------------------------------------------------------------"
if (( ! assume_yes )); then
  read -r -p "Append it? [y/N] " ans
  [[ "$ans" =~ ^[Yy]$ ]] || { echo "aborted, nothing changed"; exit 1; }
fi

mkdir -p "$HOME/.ssh" && chmod 700 "$HOME/.ssh"
[[ -f "$rc" ]] && cp "$rc" "$rc.ssh-agent.bak"
{ echo; cat "$BLOCK"; } >> "$rc"
echo "installed into $rc (backup: $rc.ssh-agent.bak). Open a new terminal."
