#!/usr/bin/env python3
"""Fetch pull request metadata, diff and check runs from the GitHub REST API."""
import argparse
import json
import os
import subprocess
import sys

import requests

API = "https://api.github.com"


def get_token():
    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if token:
        return token
    try:
        out = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        sys.exit("No GitHub token: export GITHUB_TOKEN or run `gh auth login`.")


def session(token):
    s = requests.Session()
    s.headers.update({
        "Authorization": f"Bearer {token}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
        "User-Agent": "pr-review-helper",
    })
    return s


def paged(s, url, params=None):
    items = []
    while url:
        r = s.get(url, params=params, timeout=30)
        r.raise_for_status()
        items.extend(r.json())
        url = r.links.get("next", {}).get("url")
        params = None
    return items


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", help="owner/repo")
    ap.add_argument("number", type=int)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    s = session(get_token())
    base = f"{API}/repos/{args.repo}"

    pr = s.get(f"{base}/pulls/{args.number}", timeout=30)
    pr.raise_for_status()
    pr = pr.json()

    files = paged(s, f"{base}/pulls/{args.number}/files", {"per_page": 100})

    diff = s.get(
        f"{base}/pulls/{args.number}",
        headers={"Accept": "application/vnd.github.v3.diff"},
        timeout=60,
    )
    diff.raise_for_status()

    checks = s.get(f"{base}/commits/{pr['head']['sha']}/check-runs", timeout=30)
    checks.raise_for_status()

    result = {
        "title": pr["title"],
        "body": pr.get("body") or "",
        "author": pr["user"]["login"],
        "base": pr["base"]["ref"],
        "head": pr["head"]["ref"],
        "head_sha": pr["head"]["sha"],
        "files": [
            {"path": f["filename"], "status": f["status"],
             "additions": f["additions"], "deletions": f["deletions"]}
            for f in files
        ],
        "diff": diff.text,
        "checks": [
            {"name": c["name"], "status": c["status"], "conclusion": c["conclusion"]}
            for c in checks.json().get("check_runs", [])
        ],
    }
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(result, fh, indent=2)
    print(f"wrote {args.out}: {len(files)} files, {len(result['checks'])} checks")


if __name__ == "__main__":
    main()
