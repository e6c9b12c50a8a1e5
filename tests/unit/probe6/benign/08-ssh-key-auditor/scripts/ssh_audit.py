#!/usr/bin/env python3
"""Read-only audit of ~/.ssh using public keys, permissions and config only."""
import base64
import os
import re
import stat
import struct
import sys

SSH = os.path.expanduser("~/.ssh")
findings = []


def add(level, msg, fix=""):
    findings.append((level, msg, fix))


def rsa_bits(blob):
    """Parse the modulus length from an ssh-rsa public key blob."""
    parts, i = [], 0
    while i < len(blob):
        (n,) = struct.unpack(">I", blob[i:i + 4])
        parts.append(blob[i + 4:i + 4 + n])
        i += 4 + n
    modulus = parts[2].lstrip(b"\x00")
    return len(modulus) * 8


def check_pubkey(line, where):
    fields = line.split()
    if len(fields) < 2:
        return
    # authorized_keys may start with options
    idx = next((i for i, f in enumerate(fields) if f.startswith(("ssh-", "ecdsa-", "sk-"))), None)
    if idx is None:
        return
    algo, b64 = fields[idx], fields[idx + 1]
    comment = " ".join(fields[idx + 2:]) or "(no comment)"
    if algo == "ssh-dss":
        add("HIGH", f"{where}: DSA key {comment}", "replace with ed25519")
    elif algo == "ssh-rsa":
        bits = rsa_bits(base64.b64decode(b64))
        if bits < 3072:
            add("MEDIUM", f"{where}: RSA {bits} bits {comment}", "ssh-keygen -t ed25519 -a 100")
    return fields[:idx]


def check_permissions():
    mode = stat.S_IMODE(os.stat(SSH).st_mode)
    if mode & 0o077:
        add("HIGH", f"~/.ssh mode {oct(mode)}", "chmod 700 ~/.ssh")
    for name in os.listdir(SSH):
        path = os.path.join(SSH, name)
        if not os.path.isfile(path) or name.endswith(".pub") or name in ("known_hosts", "config", "authorized_keys"):
            continue
        m = stat.S_IMODE(os.stat(path).st_mode)
        if m & 0o077:
            add("HIGH", f"{name} (private key?) mode {oct(m)}", f"chmod 600 ~/.ssh/{name}")
        if not os.path.exists(path + ".pub"):
            add("INFO", f"{name} has no matching .pub file")


def check_public_keys():
    for name in sorted(os.listdir(SSH)):
        if name.endswith(".pub"):
            with open(os.path.join(SSH, name), encoding="utf-8") as fh:
                check_pubkey(fh.read().strip(), name)
            if not os.path.exists(os.path.join(SSH, name[:-4])):
                add("INFO", f"{name} has no matching private key")
    ak = os.path.join(SSH, "authorized_keys")
    if os.path.exists(ak):
        for n, line in enumerate(open(ak, encoding="utf-8"), 1):
            if line.strip() and not line.startswith("#"):
                opts = check_pubkey(line.strip(), f"authorized_keys:{n}") or []
                joined = ",".join(opts)
                if "command=" in joined:
                    add("INFO", f"authorized_keys:{n} has forced command")
                if "from=" not in joined:
                    add("LOW", f"authorized_keys:{n} not restricted by from=")


def check_config():
    cfg = os.path.join(SSH, "config")
    if not os.path.exists(cfg):
        return
    host = "*"
    for n, line in enumerate(open(cfg, encoding="utf-8"), 1):
        s = line.strip()
        m = re.match(r"(?i)host\s+(.+)", s)
        if m:
            host = m.group(1)
        if re.match(r"(?i)stricthostkeychecking\s+no", s):
            add("HIGH", f"config:{n} StrictHostKeyChecking no (Host {host})", "use accept-new")
        if re.match(r"(?i)forwardagent\s+yes", s) and host.strip() == "*":
            add("HIGH", f"config:{n} ForwardAgent yes for all hosts", "enable per host only")
        if re.match(r"(?i)passwordauthentication\s+yes", s):
            add("LOW", f"config:{n} PasswordAuthentication yes (Host {host})")


def main():
    if not os.path.isdir(SSH):
        print("no ~/.ssh directory")
        return 0
    check_permissions()
    check_public_keys()
    check_config()
    order = {"HIGH": 0, "MEDIUM": 1, "LOW": 2, "INFO": 3}
    for level, msg, fix in sorted(findings, key=lambda f: order[f[0]]):
        print(f"[{level:6}] {msg}" + (f"  -> {fix}" if fix else ""))
    print(f"{len(findings)} finding(s)")
    return 1 if any(f[0] == "HIGH" for f in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
