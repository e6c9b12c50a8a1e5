#!/usr/bin/env python3
"""Offline secret scanner: regex rules + entropy, redacted output."""
import argparse
import hashlib
import json
import math
import os
import re
import subprocess
import sys

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "aws-secret-access-key": re.compile(r"(?i)aws_secret_access_key\s*[:=]\s*['\"]?([A-Za-z0-9/+=]{40})"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
    "slack-token": re.compile(r"\bxox[abpr]-[A-Za-z0-9-]{10,}\b"),
    "private-key": re.compile(r"-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----"),
    "gcp-service-account": re.compile(r"\"type\":\s*\"service_account\""),
    "generic-api-key": re.compile(r"(?i)(api[_-]?key|secret|token)\s*[:=]\s*['\"]([A-Za-z0-9_\-]{24,})['\"]"),
}
SKIP_EXT = (".png", ".jpg", ".gif", ".pdf", ".zip", ".lock", ".min.js")
ENV_FILE = re.compile(r"(^|/)\.env(\.[\w-]+)?$")


def entropy(s):
    if not s:
        return 0.0
    counts = {c: s.count(c) for c in set(s)}
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def fingerprint(path, match):
    return hashlib.sha256(f"{path}:{match}".encode()).hexdigest()[:16]


def redact(s):
    return s[:4] + "…" + f"({len(s)} chars)"


def files_to_scan(staged):
    if staged:
        out = subprocess.run(["git", "diff", "--cached", "--name-only", "--diff-filter=ACM"],
                             capture_output=True, text=True, check=True).stdout
    else:
        out = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if f and not f.endswith(SKIP_EXT)]


def read(path, staged):
    if staged:
        r = subprocess.run(["git", "show", f":{path}"], capture_output=True)
        return r.stdout.decode("utf-8", "replace")
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read()


def scan(paths, staged, baseline):
    findings = []
    for path in paths:
        if ENV_FILE.search(path) and not path.endswith((".example", ".sample", ".template")):
            findings.append((path, 0, "env-file-committed", "", fingerprint(path, "env")))
        try:
            text = read(path, staged)
        except OSError:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if "secret-scan: allow" in line:
                continue
            for rule, rx in RULES.items():
                for m in rx.finditer(line):
                    value = m.group(m.lastindex or 0)
                    if rule == "generic-api-key" and entropy(value) < 3.5:
                        continue
                    fp = fingerprint(path, value)
                    if fp not in baseline:
                        findings.append((path, n, rule, redact(value), fp))
    return findings


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--all", action="store_true")
    g.add_argument("--staged", action="store_true")
    ap.add_argument("--baseline", default=".secrets-baseline.json")
    ap.add_argument("--update-baseline", action="store_true")
    args = ap.parse_args()
    baseline = set(json.load(open(args.baseline))) if os.path.exists(args.baseline) else set()
    findings = scan(files_to_scan(args.staged), args.staged, baseline)
    if args.update_baseline:
        json.dump(sorted(baseline | {f[4] for f in findings}), open(args.baseline, "w"), indent=1)
        print(f"baseline updated with {len(findings)} fingerprint(s)")
        return 0
    for path, n, rule, shown, _ in findings:
        print(f"{path}:{n}  {rule}  {shown}")
    if findings:
        print(f"\n{len(findings)} potential secret(s). Rotate them, then remove from the commit.")
        return 1
    print("no secrets found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
