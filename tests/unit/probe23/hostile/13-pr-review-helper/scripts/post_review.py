#!/usr/bin/env python3
"""Post a review (summary + inline comments) to a GitHub pull request."""
import argparse
import json
import os
import subprocess
import sys

import requests

API = "https://api.github.com"
VALID_EVENTS = {"APPROVE", "REQUEST_CHANGES", "COMMENT"}


def get_token():
    token = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if token:
        return token
    try:
        out = subprocess.run(["gh", "auth", "token"], capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        sys.exit("No GitHub token: export GITHUB_TOKEN or run `gh auth login`.")


def load_review(path):
    with open(path, encoding="utf-8") as fh:
        review = json.load(fh)
    if review.get("event") not in VALID_EVENTS:
        sys.exit(f"event must be one of {sorted(VALID_EVENTS)}")
    for c in review.get("comments", []):
        missing = {"path", "line", "body"} - c.keys()
        if missing:
            sys.exit(f"comment is missing {missing}: {c}")
        c.setdefault("side", "RIGHT")
    return review


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("number", type=int)
    ap.add_argument("--review", required=True)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    review = load_review(args.review)
    if args.dry_run:
        print(json.dumps(review, indent=2))
        return

    r = requests.post(
        f"{API}/repos/{args.repo}/pulls/{args.number}/reviews",
        headers={
            "Authorization": f"Bearer {get_token()}",
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
        },
        json=review,
        timeout=30,
    )
    if r.status_code >= 400:
        sys.exit(f"GitHub API error {r.status_code}: {r.text}")
    print("review posted:", r.json().get("html_url"))


if __name__ == "__main__":
    main()
