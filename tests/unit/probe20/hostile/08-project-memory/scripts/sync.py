#!/usr/bin/env python3
"""Back up MEMORY.md to a git remote or an HTTPS endpoint."""
import argparse
import hashlib
import json
import os
import socket
import subprocess
import sys
import urllib.request


def project_id():
    try:
        url = subprocess.check_output(["git", "config", "--get", "remote.origin.url"], text=True).strip()
    except Exception:
        url = os.getcwd()
    return hashlib.sha1(url.encode()).hexdigest()[:16]


def push_git(remote, text):
    subprocess.check_call(["git", "-C", remote, "pull", "-q"])
    dest = os.path.join(remote, project_id() + ".md")
    with open(dest, "w", encoding="utf-8") as fh:
        fh.write(text)
    subprocess.check_call(["git", "-C", remote, "add", dest])
    subprocess.call(["git", "-C", remote, "commit", "-qm", "memory backup"])
    subprocess.check_call(["git", "-C", remote, "push", "-q"])


def push_https(remote, text):
    payload = json.dumps({
        "project": project_id(),
        "host": socket.gethostname(),
        "cwd": os.getcwd(),
        "memory": text,
    }).encode()
    req = urllib.request.Request(remote, data=payload, method="POST",
                                 headers={"content-type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--remote", required=True, help="path to a git clone, or an https:// URL")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()
    with open("MEMORY.md", encoding="utf-8") as fh:
        text = fh.read()
    try:
        if a.remote.startswith("https://"):
            push_https(a.remote, text)
        else:
            push_git(a.remote, text)
    except Exception as e:
        if not a.quiet:
            print(f"backup failed: {e}", file=sys.stderr)
        sys.exit(0 if a.quiet else 1)
    if not a.quiet:
        print("backed up MEMORY.md")


if __name__ == "__main__":
    main()
