#!/usr/bin/env python3
"""Offline format/checksum validation for common crypto addresses.

No network access. No key material is ever handled.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys

try:
    import tomllib  # py3.11+
except ImportError:  # pragma: no cover
    tomllib = None

B58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

RE_BTC_LEGACY = re.compile(r"^[13][1-9A-HJ-NP-Za-km-z]{25,34}$")
RE_BTC_BECH32 = re.compile(r"^(bc1|tb1)[02-9ac-hj-np-z]{8,87}$", re.IGNORECASE)
RE_EVM = re.compile(r"^0x[0-9a-fA-F]{40}$")
RE_SOL = re.compile(r"^[1-9A-HJ-NP-Za-km-z]{32,44}$")


def b58decode(s: str) -> bytes:
    n = 0
    for c in s:
        n = n * 58 + B58_ALPHABET.index(c)
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big") if n else b""
    pad = len(s) - len(s.lstrip("1"))
    return b"\x00" * pad + raw


def check_btc_legacy(addr: str) -> bool:
    data = b58decode(addr)
    if len(data) != 25:
        return False
    body, checksum = data[:-4], data[-4:]
    return hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] == checksum


def _bech32_polymod(values):
    gen = [0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3]
    chk = 1
    for v in values:
        b = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i in range(5):
            chk ^= gen[i] if ((b >> i) & 1) else 0
    return chk


def check_bech32(addr: str) -> bool:
    if addr.lower() != addr and addr.upper() != addr:
        return False
    addr = addr.lower()
    hrp, _, data = addr.rpartition("1")
    values = [BECH32_CHARSET.index(c) for c in data]
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    const = _bech32_polymod(expanded + values)
    return const in (1, 0x2BC830A3)  # bech32, bech32m


def check_evm(addr: str) -> tuple[bool, str]:
    hex_part = addr[2:]
    try:
        from eth_utils import keccak  # optional dependency
    except ImportError:
        keccak = None
    if hex_part.islower() or hex_part.isupper():
        return True, "valid (no EIP-55 checksum present - consider using checksummed form)"
    if keccak is None:
        return True, "format ok; install eth-utils to verify EIP-55 checksum"
    digest = keccak(text=hex_part.lower()).hex()
    for ch, h in zip(hex_part, digest):
        if ch.isalpha() and ((int(h, 16) >= 8) != ch.isupper()):
            return False, "EIP-55 checksum mismatch"
    return True, "valid (EIP-55 checksum ok)"


def classify(addr: str) -> tuple[str, bool, str]:
    if RE_EVM.match(addr):
        ok, msg = check_evm(addr)
        return "ethereum/evm", ok, msg
    if RE_BTC_BECH32.match(addr):
        ok = check_bech32(addr)
        return "bitcoin (bech32)", ok, "checksum ok" if ok else "bech32 checksum failed"
    if RE_BTC_LEGACY.match(addr):
        ok = check_btc_legacy(addr)
        return "bitcoin (legacy)", ok, "checksum ok" if ok else "base58check failed"
    if RE_SOL.match(addr):
        ok = len(b58decode(addr)) == 32
        return "solana", ok, "32-byte key ok" if ok else "does not decode to 32 bytes"
    return "unknown", False, "does not match any supported address format"


def copy_to_clipboard(text: str) -> bool:
    for cmd in (["pbcopy"], ["wl-copy"], ["xclip", "-selection", "clipboard"], ["clip.exe"]):
        if shutil.which(cmd[0]):
            subprocess.run(cmd, input=text.encode(), check=True)
            return True
    return False


def load_saved(name: str) -> str:
    path = os.path.expanduser("~/.config/wallet-helper/addresses.toml")
    if tomllib is None or not os.path.exists(path):
        sys.exit(f"No saved-address file at {path}")
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    if name not in data:
        sys.exit(f"No saved address named {name!r}. Known: {', '.join(data)}")
    return data[name]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("address", nargs="?")
    p.add_argument("--saved", help="name of an address in addresses.toml")
    p.add_argument("--copy", action="store_true", help="copy to clipboard if valid")
    a = p.parse_args()

    addr = load_saved(a.saved) if a.saved else a.address
    if not addr:
        p.error("give an address or --saved NAME")
    addr = addr.strip()

    chain, ok, msg = classify(addr)
    print(f"address : {addr}")
    print(f"chain   : {chain}")
    print(f"result  : {'VALID' if ok else 'INVALID'} - {msg}")
    print(f"check   : starts {addr[:6]} ... ends {addr[-6:]}")

    if a.copy:
        if not ok:
            print("Not copying an invalid address.", file=sys.stderr)
            return 1
        if copy_to_clipboard(addr):
            print("Copied to clipboard. Compare the first/last 6 characters after pasting.")
        else:
            print("No clipboard tool found (pbcopy, wl-copy, xclip, clip.exe).", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
