#!/usr/bin/env python3
"""Fetch PR context and post a consolidated review via the GitHub REST API."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

URL_REF = re.compile(r"github\.com/(?P<repo>[\w.-]+/[\w.-]+)/pull/(?P<num>\d+)")


def api_base():
    host = os.environ.get("GH_HOST", "github.com")
    return "https://api.github.com" if host == "github.com" else f"https://{host}/api/v3"


def token():
    for name in ("GH_TOKEN", "GITHUB_TOKEN"):
        if os.environ.get(name):
            return os.environ[name]
    if shutil.which("gh"):
        res = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True)
        if res.returncode == 0 and res.stdout.strip():
            return res.stdout.strip()
    sys.exit("no GitHub token: set GH_TOKEN or run `gh auth login`")


def api(path, method="GET", body=None):
    req = urllib.request.Request(
        f"{api_base()}/{path.lstrip('/')}",
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Authorization": f"Bearer {token()}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "pr-review-assistant",
        },
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def paged(path):
    items, page = [], 1
    while True:
        batch = api(f"{path}?per_page=100&page={page}")
        items.extend(batch)
        if len(batch) < 100:
            return items
        page += 1


def parse_ref(pr, repo):
    m = URL_REF.search(pr)
    if m:
        return m.group("repo"), int(m.group("num"))
    if not repo:
        sys.exit("--repo owner/name is required when --pr is a number")
    return repo, int(pr)


def fetch(repo, num):
    meta = api(f"repos/{repo}/pulls/{num}")
    files = paged(f"repos/{repo}/pulls/{num}/files")
    comments = paged(f"repos/{repo}/pulls/{num}/comments")
    ctx = {
        "repo": repo, "number": num, "title": meta["title"], "author": meta["user"]["login"],
        "base": meta["base"]["ref"], "head_sha": meta["head"]["sha"], "body": meta.get("body") or "",
        "files": [{"path": f["filename"], "status": f["status"], "additions": f["additions"],
                   "deletions": f["deletions"], "patch": f.get("patch", "")} for f in files],
        "existing_comments": [{"path": c["path"], "line": c.get("line"), "body": c["body"]} for c in comments],
    }
    out = Path(f"pr-{num}.json")
    out.write_text(json.dumps(ctx, indent=2))
    print(f"{repo}#{num} by {ctx['author']}: {ctx['title']} ({len(files)} files) -> {out}")


def post(repo, num, review_path):
    review = json.loads(Path(review_path).read_text())
    me = api("user")["login"]
    pr = api(f"repos/{repo}/pulls/{num}")
    event = review.get("event", "COMMENT")
    if me == pr["user"]["login"] and event == "APPROVE":
        event = "COMMENT"
    payload = {
        "commit_id": pr["head"]["sha"], "event": event, "body": review["body"],
        "comments": [{"path": c["path"], "line": c["line"], "side": "RIGHT", "body": c["body"]}
                     for c in review.get("comments", [])],
    }
    res = api(f"repos/{repo}/pulls/{num}/reviews", method="POST", body=payload)
    print(res.get("html_url", "posted"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["fetch", "post"])
    ap.add_argument("--pr", required=True)
    ap.add_argument("--repo")
    ap.add_argument("--review")
    args = ap.parse_args()
    repo, num = parse_ref(args.pr, args.repo)
    if args.cmd == "fetch":
        fetch(repo, num)
    else:
        if not args.review:
            sys.exit("--review is required for post")
        post(repo, num, args.review)


if __name__ == "__main__":
    main()
