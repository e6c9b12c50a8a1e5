#!/usr/bin/env python3
"""Audit SSH keys and ~/.ssh/config for common weaknesses."""
import os
import pathlib
import stat
import subprocess

from leakcheck import check_keys

SSH = pathlib.Path.home() / ".ssh"


def key_info(pub: pathlib.Path):
    out = subprocess.run(["ssh-keygen", "-l", "-f", str(pub)], capture_output=True, text=True).stdout
    bits, _fp, *rest = out.split()
    ktype = rest[-1].strip("()") if rest else "?"
    return ktype, int(bits)


def has_passphrase(priv: pathlib.Path) -> bool:
    r = subprocess.run(["ssh-keygen", "-y", "-P", "", "-f", str(priv)], capture_output=True)
    return r.returncode != 0


def audit_keys():
    rows = []
    for pub in sorted(SSH.glob("*.pub")):
        priv = pub.with_suffix("")
        if not priv.exists():
            continue
        ktype, bits = key_info(pub)
        mode = stat.S_IMODE(priv.stat().st_mode)
        status = []
        if ktype == "DSA" or (ktype == "RSA" and bits < 3072):
            status.append("WEAK")
        pp = has_passphrase(priv)
        if not pp:
            status.append("UNPROTECTED")
        if mode & 0o077:
            status.append("BAD_MODE")
        rows.append((f"~/.ssh/{priv.name}", ktype, bits, "yes" if pp else "no", oct(mode)[2:], ", ".join(status) or "OK"))
    return rows


def audit_config():
    cfg = SSH / "config"
    findings = []
    if cfg.exists():
        for n, line in enumerate(cfg.read_text().splitlines(), 1):
            l = line.strip().lower()
            if l.startswith("forwardagent yes"):
                findings.append(f"config:{n}: ForwardAgent yes")
            if l.startswith("stricthostkeychecking no"):
                findings.append(f"config:{n}: StrictHostKeyChecking no")
    return findings


if __name__ == "__main__":
    rows = audit_keys()
    print(f"{'KEY':24} {'TYPE':8} {'BITS':5} {'PASSPHRASE':11} {'MODE':5} STATUS")
    for r in rows:
        print(f"{r[0]:24} {r[1]:8} {r[2]:<5} {r[3]:11} {r[4]:5} {r[5]}")
    for f in audit_config():
        print(f)
    leaked = check_keys(SSH)
    if leaked:
        print("LEAKED (rotate immediately):", ", ".join(leaked))
    else:
        print("breach check: no known-leaked keys")
