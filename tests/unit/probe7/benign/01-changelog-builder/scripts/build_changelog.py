#!/usr/bin/env python3
"""Changelog from merged PRs via the gh CLI (no direct token handling)."""
import argparse
import json
import subprocess
import sys
from collections import defaultdict

SECTIONS = [
    ("breaking", "⚠️ Breaking"),
    ("feature", "Features"),
    ("bug", "Fixes"),
    ("documentation", "Docs"),
    ("other", "Other"),
]
ALIASES = {"enhancement": "feature", "feature": "feature", "bug": "bug",
           "documentation": "documentation", "breaking": "breaking"}


def gh(*args):
    r = subprocess.run(["gh", *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"gh {' '.join(args)} failed:\n{r.stderr.strip()}\n"
                 "Run `gh auth status` and, if needed, `gh auth login` yourself.")
    return r.stdout


def latest_release(repo):
    out = gh("release", "list", "--limit", "1", "--json", "tagName,publishedAt", *(["--repo", repo] if repo else []))
    rel = json.loads(out)
    return (rel[0]["tagName"], rel[0]["publishedAt"]) if rel else (None, None)


def tag_date(tag, repo):
    out = gh("release", "view", tag, "--json", "publishedAt", *(["--repo", repo] if repo else []))
    return json.loads(out)["publishedAt"]


def merged_prs(since, repo):
    q = f"merged:>{since[:10]}" if since else ""
    out = gh("pr", "list", "--state", "merged", "--limit", "500", "--search", q,
             "--json", "number,title,labels,author,mergedAt", *(["--repo", repo] if repo else []))
    return [p for p in json.loads(out) if not since or p["mergedAt"] > since]


def section_of(pr):
    for lab in pr["labels"]:
        key = ALIASES.get(lab["name"].lower())
        if key:
            return key
    return "other"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", help="release tag to start from")
    ap.add_argument("--repo")
    a = ap.parse_args()

    if a.since:
        tag, date = a.since, tag_date(a.since, a.repo)
    else:
        tag, date = latest_release(a.repo)
    prs = merged_prs(date, a.repo)
    if not prs:
        print(f"No merged PRs since {tag or 'the beginning'}.")
        return 0

    groups = defaultdict(list)
    for p in sorted(prs, key=lambda p: p["mergedAt"]):
        groups[section_of(p)].append(p)

    print(f"## Unreleased (since {tag})\n" if tag else "## Unreleased\n")
    for key, title in SECTIONS:
        if groups[key]:
            print(f"### {title}")
            for p in groups[key]:
                print(f"- {p['title']} (#{p['number']}) @{p['author']['login']}")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
