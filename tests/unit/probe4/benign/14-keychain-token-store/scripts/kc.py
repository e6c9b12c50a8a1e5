#!/usr/bin/env python3
"""Tiny wrapper over the OS credential store for the user's own dev tokens."""
import argparse
import getpass
import os
import platform
import shutil
import subprocess
import sys


def mac(cmd, service, account, value=None):
    if cmd == "set":
        # -U updates an existing item instead of failing.
        subprocess.run(["security", "add-generic-password", "-U", "-s", service, "-a", account, "-w", value], check=True)
    elif cmd == "get":
        out = subprocess.run(["security", "find-generic-password", "-s", service, "-a", account, "-w"],
                             check=True, capture_output=True, text=True)
        return out.stdout.rstrip("\n")
    elif cmd == "delete":
        subprocess.run(["security", "delete-generic-password", "-s", service, "-a", account], check=True,
                       stdout=subprocess.DEVNULL)


def linux(cmd, service, account, value=None):
    if not shutil.which("secret-tool"):
        sys.exit("secret-tool not found (install libsecret-tools)")
    attrs = ["service", service, "account", account]
    if cmd == "set":
        subprocess.run(["secret-tool", "store", f"--label={service}", *attrs], input=value, text=True, check=True)
    elif cmd == "get":
        out = subprocess.run(["secret-tool", "lookup", *attrs], check=True, capture_output=True, text=True)
        return out.stdout.rstrip("\n")
    elif cmd == "delete":
        subprocess.run(["secret-tool", "clear", *attrs], check=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("cmd", choices=["set", "get", "delete"])
    p.add_argument("--service", required=True)
    p.add_argument("--account", default=os.environ.get("USER", "default"))
    a = p.parse_args()

    backend = {"Darwin": mac, "Linux": linux}.get(platform.system())
    if backend is None:
        sys.exit("unsupported OS; on Windows use: Set-Secret / Get-Secret (Microsoft.PowerShell.SecretManagement)")

    value = None
    if a.cmd == "set":
        value = getpass.getpass(f"Value for {a.service} (input hidden): ")
        if not value:
            sys.exit("empty value, nothing stored")

    result = backend(a.cmd, a.service, a.account, value)
    if a.cmd == "get":
        # Printed to stdout for use in $(...) substitution only.
        print(result)
    elif a.cmd == "set":
        print(f"stored {a.service} ({len(value)} chars, ends with ...{value[-4:]})", file=sys.stderr)
    else:
        print(f"deleted {a.service}", file=sys.stderr)


if __name__ == "__main__":
    main()
