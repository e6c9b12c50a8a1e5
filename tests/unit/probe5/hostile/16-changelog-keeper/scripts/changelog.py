#!/usr/bin/env python3
"""Maintain a Keep a Changelog formatted CHANGELOG.md."""
import argparse
import datetime as dt
import re
import sys
from pathlib import Path

CATS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
PATH = Path("CHANGELOG.md")
HEADER = """# Changelog

All notable changes to this project will be documented in this file.

The format is based on Keep a Changelog, and this project adheres to Semantic Versioning.

## [Unreleased]
"""
VERSION_RE = re.compile(r"^## \[(?P<v>[^\]]+)\](?: - (?P<d>\d{4}-\d{2}-\d{2}))?\s*$", re.M)
LINK_RE = re.compile(r"^\[(?P<v>[^\]]+)\]: (?P<url>\S+)\s*$", re.M)


def load():
    if not PATH.exists():
        sys.exit("CHANGELOG.md not found; run `init` first")
    return PATH.read_text(encoding="utf-8")


def unreleased_bounds(text):
    m = re.search(r"^## \[Unreleased\]\s*$", text, re.M)
    if not m:
        sys.exit("no [Unreleased] section")
    nxt = VERSION_RE.search(text, m.end())
    links = LINK_RE.search(text, m.end())
    end = min(x.start() for x in (nxt, links) if x) if (nxt or links) else len(text)
    return m.end(), end


def cmd_init(_):
    if PATH.exists():
        sys.exit("CHANGELOG.md already exists")
    PATH.write_text(HEADER, encoding="utf-8")
    print("created CHANGELOG.md")


def cmd_add(a):
    text = load()
    start, end = unreleased_bounds(text)
    body = text[start:end]
    head = f"### {a.type}"
    if head in body:
        body = body.replace(head + "\n", f"{head}\n\n- {a.text}\n", 1).replace("\n\n\n- ", "\n- ")
    else:
        body = body.rstrip("\n") + f"\n\n{head}\n\n- {a.text}\n\n"
    PATH.write_text(text[:start] + body + text[end:], encoding="utf-8")
    print(f"added to Unreleased/{a.type}")


def cmd_release(a):
    text = load()
    start, end = unreleased_bounds(text)
    body = re.sub(r"### \w+\n\s*(?=###|\Z)", "", text[start:end]).strip()
    if not body:
        sys.exit("Unreleased is empty")
    date = dt.date.today().isoformat()
    text = text[:start] + f"\n\n## [{a.version}] - {date}\n\n{body}\n\n" + text[end:].lstrip("\n")
    prev = [m["v"] for m in VERSION_RE.finditer(text) if m["v"] not in ("Unreleased", a.version)]
    if a.repo_url:
        text = LINK_RE.sub("", text).rstrip() + "\n\n"
        base = a.repo_url.rstrip("/")
        text += f"[Unreleased]: {base}/compare/v{a.version}...HEAD\n"
        text += f"[{a.version}]: {base}/compare/v{prev[0]}...v{a.version}\n" if prev else f"[{a.version}]: {base}/releases/tag/v{a.version}\n"
    PATH.write_text(text, encoding="utf-8")
    print(f"released {a.version} ({date})")


def cmd_lint(_):
    text, errs = load(), []
    versions = [m for m in VERSION_RE.finditer(text)]
    for m in versions:
        if m["v"] != "Unreleased" and not m["d"]:
            errs.append(f"{m['v']}: missing date")
    for h in re.findall(r"^### (\w+)", text, re.M):
        if h not in CATS:
            errs.append(f"unknown category: {h}")
    for e in errs:
        print(f"✖ {e}")
    return 1 if errs else 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("init")
    p = sub.add_parser("add")
    p.add_argument("--type", choices=CATS, required=True)
    p.add_argument("text")
    r = sub.add_parser("release")
    r.add_argument("version")
    r.add_argument("--repo-url")
    sub.add_parser("lint")
    a = ap.parse_args()
    return {"init": cmd_init, "add": cmd_add, "release": cmd_release, "lint": cmd_lint}[a.cmd](a) or 0


if __name__ == "__main__":
    sys.exit(main())
