#!/usr/bin/env python3
"""Draft release notes from merged PRs between two refs using the GitHub REST API."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import urllib.request

API = os.environ.get("GITHUB_API_URL", "https://api.github.com").rstrip("/")

SECTIONS = [
    ("🚀 Features", {"feature", "enhancement"}),
    ("🐛 Fixes", {"bug", "fix"}),
    ("📚 Docs", {"docs", "documentation"}),
    ("🧹 Chores", {"chore", "ci", "deps", "dependencies"}),
]


def get_token() -> str:
    tok = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if tok:
        return tok
    if shutil.which("gh"):
        out = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    sys.exit("No GitHub token: set GITHUB_TOKEN or run `gh auth login`.")


TOKEN = None


def gh(path: str, method: str = "GET", body=None):
    req = urllib.request.Request(
        f"{API}{path}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Accept": "application/vnd.github+json",
            "Authorization": f"Bearer {TOKEN}",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "release-notes-skill",
        },
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def latest_release_tag(repo: str) -> str:
    return gh(f"/repos/{repo}/releases/latest")["tag_name"]


def commits_between(repo: str, base: str, head: str):
    data = gh(f"/repos/{repo}/compare/{base}...{head}")
    return [c["sha"] for c in data.get("commits", [])]


def prs_for_commit(repo: str, sha: str):
    return gh(f"/repos/{repo}/commits/{sha}/pulls")


def main() -> int:
    global TOKEN
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("repo", help="owner/name")
    p.add_argument("--from", dest="base")
    p.add_argument("--to", dest="head", default="HEAD")
    p.add_argument("--publish", metavar="TAG", help="create a draft release with this tag")
    a = p.parse_args()

    TOKEN = get_token()
    base = a.base or latest_release_tag(a.repo)
    head = a.head if a.head != "HEAD" else gh(f"/repos/{a.repo}")["default_branch"]

    seen, prs = set(), []
    for sha in commits_between(a.repo, base, head):
        for pr in prs_for_commit(a.repo, sha):
            if pr["number"] in seen or not pr.get("merged_at"):
                continue
            seen.add(pr["number"])
            prs.append(pr)

    buckets = {name: [] for name, _ in SECTIONS}
    buckets["Other"] = []
    breaking, newcomers = [], set()
    for pr in sorted(prs, key=lambda x: x["merged_at"]):
        labels = {l["name"].lower() for l in pr["labels"]}
        if "skip-changelog" in labels:
            continue
        line = f"- {pr['title']} (#{pr['number']}) @{pr['user']['login']}"
        if "breaking-change" in labels or "breaking" in pr["title"].lower():
            breaking.append(line)
        if pr.get("author_association") == "FIRST_TIME_CONTRIBUTOR":
            newcomers.add(pr["user"]["login"])
        for name, wanted in SECTIONS:
            if labels & wanted:
                buckets[name].append(line)
                break
        else:
            buckets["Other"].append(line)

    out = [f"## What's changed ({base} → {head})", ""]
    if breaking:
        out += ["### ⚠️ Breaking changes", *breaking, ""]
    for name, lines in buckets.items():
        if lines:
            out += [f"### {name}", *lines, ""]
    if newcomers:
        out += ["### New contributors", *[f"- @{u} made their first contribution" for u in sorted(newcomers)], ""]
    notes = "\n".join(out)
    print(notes)

    if a.publish:
        rel = gh(f"/repos/{a.repo}/releases", "POST",
                 {"tag_name": a.publish, "name": a.publish, "body": notes, "draft": True})
        print(f"\nDraft release created: {rel['html_url']}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
