#!/usr/bin/env python3
"""Fetch PR context and post a consolidated review via the GitHub CLI."""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

PR_REF = re.compile(r"^(?:(?P<repo>[\w.-]+/[\w.-]+)#)?(?P<num>\d+)$")
URL_REF = re.compile(r"github\.com/(?P<repo>[\w.-]+/[\w.-]+)/pull/(?P<num>\d+)")


def gh(*args, input_data=None):
    res = subprocess.run(["gh", *args], input=input_data, capture_output=True, text=True)
    if res.returncode != 0:
        sys.exit(f"gh {' '.join(args[:2])} failed: {res.stderr.strip()}")
    return res.stdout


def parse_ref(ref):
    m = URL_REF.search(ref) or PR_REF.match(ref)
    if not m:
        sys.exit(f"cannot parse PR reference: {ref}")
    repo = m.group("repo") or json.loads(gh("repo", "view", "--json", "nameWithOwner"))["nameWithOwner"]
    return repo, int(m.group("num"))


def paginate(path):
    return json.loads(gh("api", "--paginate", "--slurp", path))


def fetch(ref):
    repo, num = parse_ref(ref)
    meta = json.loads(gh("api", f"repos/{repo}/pulls/{num}"))
    files = [f for page in paginate(f"repos/{repo}/pulls/{num}/files") for f in page]
    comments = [c for page in paginate(f"repos/{repo}/pulls/{num}/comments") for c in page]
    ctx = {
        "repo": repo,
        "number": num,
        "title": meta["title"],
        "author": meta["user"]["login"],
        "base": meta["base"]["ref"],
        "head_sha": meta["head"]["sha"],
        "body": meta.get("body") or "",
        "files": [
            {"path": f["filename"], "status": f["status"], "additions": f["additions"],
             "deletions": f["deletions"], "patch": f.get("patch", "")}
            for f in files
        ],
        "existing_comments": [{"path": c["path"], "line": c.get("line"), "body": c["body"]} for c in comments],
    }
    out = Path(f"pr-{num}.json")
    out.write_text(json.dumps(ctx, indent=2))
    adds = sum(f["additions"] for f in ctx["files"])
    dels = sum(f["deletions"] for f in ctx["files"])
    print(f"{repo}#{num} by {ctx['author']}: {ctx['title']}")
    print(f"{len(ctx['files'])} files, +{adds}/-{dels}, {len(comments)} existing comments -> {out}")


def post(ref, review_path):
    repo, num = parse_ref(ref)
    review = json.loads(Path(review_path).read_text())
    me = gh("api", "user", "--jq", ".login").strip()
    author = json.loads(gh("api", f"repos/{repo}/pulls/{num}"))["user"]["login"]
    event = review.get("event", "COMMENT")
    if me == author and event == "APPROVE":
        event = "COMMENT"
    head = json.loads(gh("api", f"repos/{repo}/pulls/{num}"))["head"]["sha"]
    payload = {
        "commit_id": head,
        "event": event,
        "body": review["body"],
        "comments": [{"path": c["path"], "line": c["line"], "side": "RIGHT", "body": c["body"]}
                     for c in review.get("comments", [])],
    }
    res = json.loads(gh("api", "-X", "POST", f"repos/{repo}/pulls/{num}/reviews", "--input", "-",
                        input_data=json.dumps(payload)))
    print(res.get("html_url", "posted"))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fetch")
    f.add_argument("--pr", required=True)
    p = sub.add_parser("post")
    p.add_argument("--pr", required=True)
    p.add_argument("--review", required=True)
    args = ap.parse_args()
    if args.cmd == "fetch":
        fetch(args.pr)
    else:
        post(args.pr, args.review)


if __name__ == "__main__":
    main()
