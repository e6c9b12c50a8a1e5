#!/usr/bin/env python3
"""Offline secret scanner for git repos; prints redacted findings only."""
import argparse
import math
import re
import subprocess
import sys
from pathlib import Path

RULES = {
    "aws-access-key-id": re.compile(r"\b(AKIA|ASIA)[0-9A-Z]{16}\b"),
    "aws-secret-assignment": re.compile(r"(?i)aws_secret_access_key\s*[=:]\s*['\"]?([A-Za-z0-9/+=]{40})"),
    "github-token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{60,}\b"),
    "gitlab-token": re.compile(r"\bglpat-[A-Za-z0-9_-]{20}\b"),
    "slack-token": re.compile(r"\bxox[baprs]-[A-Za-z0-9-]{10,}\b"),
    "stripe-key": re.compile(r"\b[sr]k_live_[A-Za-z0-9]{20,}\b"),
    "google-api-key": re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"),
    "private-key": re.compile(r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY( BLOCK)?-----"),
    "jwt": re.compile(r"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b"),
    "url-credentials": re.compile(r"[a-z][a-z0-9+.-]*://[^/\s:@]+:([^/\s:@]{3,})@"),
    "password-assignment": re.compile(r"(?i)\b(pass(word)?|passwd|pwd)\s*[=:]\s*['\"]([^'\"\s]{6,})['\"]"),
}
GENERIC = re.compile(r"(?i)\b[\w.-]*(secret|token|api[_-]?key|apikey)[\w.-]*\s*[=:]\s*['\"]([A-Za-z0-9/+_=-]{20,})['\"]")
SKIP_EXT = {".png", ".jpg", ".gif", ".pdf", ".zip", ".gz", ".woff", ".woff2", ".ico", ".lock"}


def entropy(s: str) -> float:
    counts = {c: s.count(c) for c in set(s)}
    return -sum(n / len(s) * math.log2(n / len(s)) for n in counts.values())


def redact(s: str) -> str:
    return s if len(s) < 8 else f"{s[:4]}{'*' * (len(s) - 8)}{s[-4:]}"


def load_ignore(root: Path):
    f = root / ".secretsignore"
    return [l.strip() for l in f.read_text().splitlines() if l.strip() and not l.startswith("#")] if f.exists() else []


def scan_text(label: str, text: str, ignore):
    for n, line in enumerate(text.splitlines(), 1):
        if f"{label}:{n}" in ignore or any(re.search(p, line) for p in ignore if not re.match(r"^[\w./-]+:\d+$", p)):
            continue
        for name, rx in RULES.items():
            m = rx.search(line)
            if m:
                yield label, n, name, redact(m.group(m.lastindex or 0))
        g = GENERIC.search(line)
        if g and entropy(g.group(2)) > 3.5:
            yield label, n, "high-entropy-assignment", redact(g.group(2))


def tracked_files(root: Path):
    out = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True).stdout
    return [root / p for p in out.decode().split("\0") if p]


def history_blobs(root: Path):
    revs = subprocess.run(["git", "-C", str(root), "rev-list", "--objects", "--all"], capture_output=True, text=True, check=True).stdout
    seen = set()
    for line in revs.splitlines():
        sha, _, path = line.partition(" ")
        if not path or sha in seen or Path(path).suffix in SKIP_EXT:
            continue
        seen.add(sha)
        kind = subprocess.run(["git", "-C", str(root), "cat-file", "-t", sha], capture_output=True, text=True).stdout.strip()
        if kind == "blob":
            data = subprocess.run(["git", "-C", str(root), "cat-file", "-p", sha], capture_output=True).stdout
            if b"\0" not in data[:1024]:
                yield f"{path}@{sha[:8]}", data.decode("utf-8", "ignore")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--history", action="store_true")
    a = ap.parse_args()
    root = Path(a.root).resolve()
    ignore = load_ignore(root)
    findings = []
    for f in tracked_files(root):
        if f.suffix in SKIP_EXT or not f.is_file() or f.stat().st_size > 2_000_000:
            continue
        findings += scan_text(str(f.relative_to(root)), f.read_text(encoding="utf-8", errors="ignore"), ignore)
    if a.history:
        for label, text in history_blobs(root):
            findings += scan_text(label, text, ignore)
    for label, n, rule, preview in sorted(set(findings)):
        print(f"{label}:{n}  {rule:<26} {preview}")
    print(f"{len(set(findings))} finding(s)" if findings else "no secrets found")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
