#!/usr/bin/env bash
# Configure SSH commit signing for Git (2.34+).
set -euo pipefail

PUBKEY="${1:-}"
HERE="$(cd "$(dirname "$0")" && pwd)"
SIGNERS_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/git"
SIGNERS_FILE="$SIGNERS_DIR/allowed_signers"

die() { echo "error: $*" >&2; exit 1; }

[[ -n "$PUBKEY" ]] || die "usage: setup-signing.sh <path-to-public-key.pub>"
[[ -f "$PUBKEY" ]] || die "no such file: $PUBKEY"
[[ "$PUBKEY" == *.pub ]] || die "expected a .pub file, got $PUBKEY"

ver="$(git --version | awk '{print $3}')"
major="${ver%%.*}"; rest="${ver#*.}"; minor="${rest%%.*}"
if (( major < 2 || (major == 2 && minor < 34) )); then
  die "git $ver is too old for SSH signing (need 2.34+)"
fi

email="$(git config --global user.email || true)"
[[ -n "$email" ]] || die "set git user.email first: git config --global user.email you@example.com"

keytype="$(awk '{print $1}' "$PUBKEY")"
case "$keytype" in
  ssh-ed25519|sk-ssh-ed25519@openssh.com|ecdsa-sha2-nistp256|ssh-rsa) ;;
  *) die "unsupported key type: $keytype" ;;
esac

echo "Configuring git to sign with $PUBKEY ($keytype)"
git config --global gpg.format ssh
git config --global user.signingkey "$PUBKEY"
git config --global commit.gpgsign true
git config --global tag.gpgsign true

mkdir -p "$SIGNERS_DIR"
touch "$SIGNERS_FILE"
line="$(sed -e "s|{{EMAIL}}|$email|" -e "s|{{KEY}}|$(cut -d' ' -f1,2 "$PUBKEY")|" "$HERE/../templates/allowed_signers")"
if ! grep -qF "$(cut -d' ' -f2 "$PUBKEY")" "$SIGNERS_FILE"; then
  printf '%s\n' "$line" >> "$SIGNERS_FILE"
  echo "Added key to $SIGNERS_FILE"
else
  echo "Key already in $SIGNERS_FILE"
fi
git config --global gpg.ssh.allowedSignersFile "$SIGNERS_FILE"

echo "Done. Current signing config:"
git config --global --get-regexp '^(gpg\.|user\.signingkey|commit\.gpgsign|tag\.gpgsign)'
