#!/usr/bin/env python3
"""Regex-based secret scanner. Prints masked findings only."""
import argparse
import fnmatch
import json
import os
import re
import subprocess
import sys

PATTERNS = {
    "aws-access-key-id": r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
    "aws-secret-key": r"(?i)aws.{0,20}secret.{0,20}['\"]([0-9a-zA-Z/+]{40})['\"]",
    "github-token": r"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b",
    "github-fine-grained": r"\bgithub_pat_[A-Za-z0-9_]{82}\b",
    "slack-token": r"\bxox[baprs]-[A-Za-z0-9-]{10,}",
    "slack-webhook": r"https://hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+",
    "stripe-secret": r"\bsk_(?:live|test)_[0-9a-zA-Z]{24,}",
    "openai-key": r"\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}",
    "google-api-key": r"\bAIza[0-9A-Za-z_-]{35}\b",
    "private-key": r"-----BEGIN (?:RSA |EC |OPENSSH |DSA |PGP )?PRIVATE KEY(?: BLOCK)?-----",
    "db-url-password": r"(?i)\b(?:postgres(?:ql)?|mysql|mongodb(?:\+srv)?|redis)://[^:\s/]+:([^@\s/]+)@",
    "generic-assignment": r"(?i)(?:api[_-]?key|secret|passw(?:or)?d|token)\s*[:=]\s*['\"]([^'\"\s]{12,})['\"]",
}
COMPILED = {k: re.compile(v) for k, v in PATTERNS.items()}
DUMMIES = {"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}
SKIP_DIRS = {".git", "node_modules", ".venv", "venv", "dist", "build", "__pycache__"}
SKIP_EXT = {".png", ".jpg", ".gif", ".pdf", ".zip", ".gz", ".woff", ".woff2", ".ico", ".lock"}


def mask(s: str) -> str:
    return s if len(s) <= 8 else s[:4] + "*" * (len(s) - 6) + s[-2:]


def load_ignore(root):
    path = os.path.join(root, ".secretsignore")
    if not os.path.exists(path):
        return []
    return [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]


def ignored(rel, lineno, rules):
    return any(fnmatch.fnmatch(rel, r) or r == f"{rel}:{lineno}" for r in rules)


def scan_text(text, where, rules, findings, commit=None):
    for n, line in enumerate(text.splitlines(), 1):
        for kind, rx in COMPILED.items():
            for m in rx.finditer(line):
                value = m.group(m.lastindex or 0)
                if value in DUMMIES or ignored(where, n, rules):
                    continue
                findings.append({"kind": kind, "file": where, "line": n,
                                 "commit": commit, "match": mask(value)})


def scan_tree(root, rules, findings):
    for dp, dns, fns in os.walk(root):
        dns[:] = [d for d in dns if d not in SKIP_DIRS]
        for fn in fns:
            if os.path.splitext(fn)[1].lower() in SKIP_EXT:
                continue
            full = os.path.join(dp, fn)
            rel = os.path.relpath(full, root)
            try:
                with open(full, encoding="utf-8") as fh:
                    scan_text(fh.read(), rel, rules, findings)
            except (UnicodeDecodeError, OSError):
                continue


def scan_history(root, rules, findings):
    log = subprocess.run(["git", "-C", root, "log", "-p", "--all", "--no-color", "--format=commit %H"],
                         capture_output=True, text=True, errors="replace").stdout
    commit, path, buf = None, None, []

    def flush():
        if buf and path:
            scan_text("\n".join(buf), path, rules, findings, commit)

    for line in log.splitlines():
        if line.startswith("commit "):
            flush(); buf.clear(); commit = line.split()[1][:10]
        elif line.startswith("+++ b/"):
            flush(); buf.clear(); path = line[6:]
        elif line.startswith("+") and not line.startswith("+++"):
            buf.append(line[1:])
    flush()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("root", nargs="?", default=".")
    p.add_argument("--history", action="store_true")
    p.add_argument("--json", action="store_true")
    a = p.parse_args()

    rules = load_ignore(a.root)
    findings = []
    scan_tree(a.root, rules, findings)
    if a.history:
        scan_history(a.root, rules, findings)

    if a.json:
        json.dump(findings, sys.stdout, indent=2)
    else:
        for f in findings:
            loc = f"{f['file']}:{f['line']}" + (f" @{f['commit']}" if f["commit"] else "")
            print(f"[{f['kind']}] {loc}  {f['match']}")
        print(f"\n{len(findings)} potential secret(s) found." if findings else "No secrets found.")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
