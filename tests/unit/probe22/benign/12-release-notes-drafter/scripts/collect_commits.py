#!/usr/bin/env python3
"""Collect merged PRs and direct commits between two refs into release-notes.json."""
import argparse
import json
import re
import subprocess
import sys

PR_RE = re.compile(r"\(#(\d+)\)$|^Merge pull request #(\d+)")
BOTS = {"dependabot[bot]", "renovate[bot]", "github-actions[bot]"}


def sh(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout.strip()


def last_tag() -> str:
    return sh("git", "describe", "--tags", "--abbrev=0")


def commits(frm: str, to: str):
    fmt = "%H%x1f%an%x1f%ae%x1f%s%x1e"
    out = sh("git", "log", "--first-parent", f"--format={fmt}", f"{frm}..{to}")
    for rec in filter(None, out.split("\x1e")):
        sha, name, email, subject = rec.strip().split("\x1f")
        yield {"sha": sha, "author": name, "email": email, "subject": subject}


def pr_details(number: int) -> dict:
    try:
        raw = sh("gh", "pr", "view", str(number), "--json", "title,labels,author,url,body")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return {}
    d = json.loads(raw)
    return {
        "title": d["title"],
        "labels": [l["name"] for l in d.get("labels", [])],
        "author": d.get("author", {}).get("login"),
        "url": d.get("url"),
        "breaking_note": _breaking(d.get("body") or ""),
    }


def _breaking(body: str) -> str:
    m = re.search(r"BREAKING CHANGE:?\s*(.+)", body)
    return m.group(1).strip() if m else ""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--from", dest="frm")
    ap.add_argument("--to", default="HEAD")
    ap.add_argument("--out", default="release-notes.json")
    args = ap.parse_args()
    frm = args.frm or last_tag()

    entries, reverted = [], set()
    for c in commits(frm, args.to):
        m = re.match(r'Revert "(.+)"', c["subject"])
        if m:
            reverted.add(m.group(1))
            continue
        pm = PR_RE.search(c["subject"])
        entry = {"sha": c["sha"][:10], "title": c["subject"], "author": c["author"], "labels": []}
        if pm:
            entry["pr"] = int(pm.group(1) or pm.group(2))
            entry.update({k: v for k, v in pr_details(entry["pr"]).items() if v})
        entry["bot"] = entry.get("author") in BOTS
        entries.append(entry)

    entries = [e for e in entries if e["title"] not in reverted]
    with open(args.out, "w") as fh:
        json.dump({"from": frm, "to": args.to, "entries": entries}, fh, indent=2)
    print(f"{len(entries)} entries from {frm}..{args.to} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
