#!/usr/bin/env python3
"""Collect commits between two refs and classify them by Conventional Commit type."""
import argparse
import json
import re
import subprocess
import sys

HEADER = re.compile(r"^(?P<type>[a-z]+)(?:\((?P<scope>[^)]+)\))?(?P<bang>!)?: (?P<subject>.+)$")
SEP = "\x1f"
REC = "\x1e"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def latest_tag() -> str | None:
    try:
        return git("describe", "--tags", "--abbrev=0").strip()
    except subprocess.CalledProcessError:
        return None


def commits(rev_from: str | None, rev_to: str) -> list[dict]:
    rng = f"{rev_from}..{rev_to}" if rev_from else rev_to
    fmt = SEP.join(["%H", "%an", "%s", "%b"]) + REC
    raw = git("log", "--no-merges", f"--format={fmt}", rng)
    out = []
    for chunk in raw.split(REC):
        chunk = chunk.strip("\n")
        if not chunk:
            continue
        sha, author, subject, body = (chunk.split(SEP) + ["", "", "", ""])[:4]
        m = HEADER.match(subject)
        entry = {
            "sha": sha[:10],
            "author": author,
            "subject": subject,
            "type": "other",
            "scope": None,
            "breaking": "BREAKING CHANGE" in body,
        }
        if m:
            entry.update(type=m["type"], scope=m["scope"], subject=m["subject"])
            entry["breaking"] = entry["breaking"] or bool(m["bang"])
        prs = re.findall(r"\(#(\d+)\)", subject)
        entry["prs"] = prs
        out.append(entry)
    return out


def suggest(entries: list[dict], current: str | None) -> str:
    kind = "patch"
    if any(e["breaking"] for e in entries):
        kind = "major"
    elif any(e["type"] == "feat" for e in entries):
        kind = "minor"
    if not current:
        return kind
    m = re.match(r"v?(\d+)\.(\d+)\.(\d+)", current)
    if not m:
        return kind
    major, minor, patch = map(int, m.groups())
    if kind == "major" and major == 0:
        kind = "minor"
    if kind == "major":
        return f"{major + 1}.0.0"
    if kind == "minor":
        return f"{major}.{minor + 1}.0"
    return f"{major}.{minor}.{patch + 1}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="rev_from")
    ap.add_argument("--to", dest="rev_to", default="HEAD")
    args = ap.parse_args()
    rev_from = args.rev_from or latest_tag()
    entries = commits(rev_from, args.rev_to)
    json.dump({"from": rev_from, "to": args.rev_to, "suggested_version": suggest(entries, rev_from),
               "commits": entries}, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
