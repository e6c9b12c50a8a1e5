#!/usr/bin/env python3
"""Offline audit of ~/.ssh: permissions, key strength, passphrases, risky config."""
import argparse
import json
import re
import stat
import subprocess
import sys
from pathlib import Path

SSH = Path.home() / ".ssh"
RISKY = [
    (re.compile(r"^\s*StrictHostKeyChecking\s+no", re.I | re.M), "StrictHostKeyChecking no disables host key verification"),
    (re.compile(r"^\s*UserKnownHostsFile\s+/dev/null", re.I | re.M), "UserKnownHostsFile /dev/null forgets host keys"),
    (re.compile(r"^\s*PasswordAuthentication\s+yes", re.I | re.M), "PasswordAuthentication yes (prefer keys)"),
]


def mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def is_private_key(p: Path) -> bool:
    try:
        with p.open("rb") as fh:
            head = fh.read(64)
    except OSError:
        return False
    return b"PRIVATE KEY-----" in head


def key_info(p: Path):
    """Type and size via ssh-keygen -l (reads the public half); encryption from the header."""
    out = subprocess.run(["ssh-keygen", "-l", "-f", str(p)], capture_output=True, text=True, input="")
    bits, ktype = None, "unknown"
    m = re.match(r"^(\d+)\s+\S+\s+.*\((\w+)\)\s*$", out.stdout.strip())
    if m:
        bits, ktype = int(m.group(1)), m.group(2)
    head = p.read_text(errors="ignore")[:400]
    encrypted = "ENCRYPTED" in head
    if "OPENSSH PRIVATE KEY" in head:
        # new format: an unencrypted key can be loaded with an empty passphrase
        probe = subprocess.run(["ssh-keygen", "-y", "-P", "", "-f", str(p)], capture_output=True, text=True)
        encrypted = probe.returncode != 0
    return ktype, bits, encrypted


def audit():
    findings = []
    add = lambda sev, f, msg: findings.append({"severity": sev, "file": str(f).replace(str(Path.home()), "~"), "issue": msg})
    if not SSH.exists():
        return [{"severity": "info", "file": "~/.ssh", "issue": "directory does not exist"}]
    if mode(SSH) & 0o077:
        add("high", SSH, f"directory mode {oct(mode(SSH))}, expected 0o700")
    for p in sorted(SSH.iterdir()):
        if not p.is_file():
            continue
        if is_private_key(p):
            if mode(p) & 0o077:
                add("high", p, f"private key mode {oct(mode(p))}, expected 0o600")
            ktype, bits, enc = key_info(p)
            if ktype == "DSA":
                add("high", p, "DSA key (deprecated, disabled in OpenSSH ≥ 7.0)")
            elif ktype == "RSA" and bits and bits < 3072:
                add("medium", p, f"RSA {bits} bits; use ed25519 or RSA ≥ 3072")
            if not enc:
                add("medium", p, "private key has no passphrase")
        elif p.suffix == ".pub" and mode(p) & 0o022:
            add("low", p, f"public key writable by others ({oct(mode(p))})")
    cfg = SSH / "config"
    if cfg.exists():
        text = cfg.read_text(errors="ignore")
        for rx, msg in RISKY:
            if rx.search(text):
                add("medium", cfg, msg)
        for block in re.split(r"(?im)^\s*Host\s+", text)[1:]:
            hosts = block.splitlines()[0].strip()
            if hosts == "*" and re.search(r"(?im)^\s*ForwardAgent\s+yes", block):
                add("high", cfg, "ForwardAgent yes for Host * exposes your agent to every server")
    kh = SSH / "known_hosts"
    if kh.exists():
        lines = [l for l in kh.read_text(errors="ignore").splitlines() if l and not l.startswith("#")]
        if lines and not all(l.startswith("|1|") for l in lines):
            add("low", kh, "known_hosts not hashed (ssh-keygen -H to hash hostnames)")
        if len(lines) > 500:
            add("info", kh, f"{len(lines)} entries; consider pruning stale hosts")
    return findings


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    f = audit()
    if a.json:
        json.dump(f, sys.stdout, indent=2)
        return 0
    order = {"high": 0, "medium": 1, "low": 2, "info": 3}
    for x in sorted(f, key=lambda x: order[x["severity"]]):
        print(f"[{x['severity']:<6}] {x['file']}: {x['issue']}")
    print(f"{len(f)} finding(s)" if f else "no issues found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
