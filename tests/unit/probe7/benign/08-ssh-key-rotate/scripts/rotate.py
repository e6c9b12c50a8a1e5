#!/usr/bin/env python3
"""Rotate an SSH key; only public keys are ever copied to remote hosts."""
import argparse
import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path

SSH = Path.home() / ".ssh"


def ask(msg):
    return input(f"{msg} [y/N] ").strip().lower() == "y"


def run(cmd, dry):
    print("+", " ".join(cmd))
    if not dry:
        subprocess.run(cmd, check=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hosts", required=True, help="comma-separated ssh aliases")
    ap.add_argument("--old", default=str(SSH / "id_ed25519"))
    ap.add_argument("--new", default=str(SSH / f"id_ed25519_{dt.date.today():%Y%m%d}"))
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    hosts = [h.strip() for h in a.hosts.split(",") if h.strip()]
    old, new = Path(a.old), Path(a.new)

    print(f"plan: backup {old} (local, encrypted), create {new}, install {new}.pub on {', '.join(hosts)}")
    if not a.dry_run and not ask("proceed?"):
        return 1

    if old.exists():
        bdir = SSH / f"backup-{dt.date.today():%Y%m%d}"
        if not a.dry_run:
            bdir.mkdir(mode=0o700, exist_ok=True)
        if shutil.which("age"):
            run(["age", "--passphrase", "-o", str(bdir / (old.name + ".age")), str(old)], a.dry_run)
        else:
            print("age not installed; copying with mode 600 instead")
            if not a.dry_run:
                shutil.copy2(old, bdir / old.name)
                (bdir / old.name).chmod(0o600)
        if not a.dry_run and Path(str(old) + ".pub").exists():
            shutil.copy2(str(old) + ".pub", bdir)

    if not new.exists():
        run(["ssh-keygen", "-t", "ed25519", "-f", str(new), "-C", f"rotated-{dt.date.today()}"], a.dry_run)

    for h in hosts:
        if a.dry_run or ask(f"install {new.name}.pub on {h}?"):
            run(["ssh-copy-id", "-i", str(new) + ".pub", h], a.dry_run)
            run(["ssh", "-i", str(new), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", h, "true"], a.dry_run)

    print("Done. Old public key is still authorised; remove it from each host's "
          "~/.ssh/authorized_keys once you are happy (the script does not do this automatically).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
