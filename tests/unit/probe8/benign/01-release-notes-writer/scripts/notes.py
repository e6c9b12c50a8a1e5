#!/usr/bin/env python3
"""Release notes from merged PRs between a tag and HEAD."""
import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import urllib.request
from collections import defaultdict

LABEL_GROUPS = [
    ("breaking", "Breaking changes"),
    ("feature", "Features"),
    ("enhancement", "Features"),
    ("bug", "Fixes"),
    ("performance", "Performance"),
    ("docs", "Documentation"),
    ("dependencies", "Dependencies"),
]
MERGE_RE = re.compile(r"Merge pull request #(\d+)|\(#(\d+)\)$")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True).stdout.strip()


def origin():
    url = git("remote", "get-url", "origin")
    m = re.match(r"(?:https://|git@)([^/:]+)[/:]([^/]+)/(.+?)(?:\.git)?$", url)
    if not m:
        sys.exit(f"cannot parse origin url: {url!r}")
    return m.group(1), m.group(2), m.group(3)


def api_base(host):
    return "https://api.github.example" if host == "github.example" else f"https://{host}/api/v3"


def host_reachable(host):
    """Quick DNS check of the user's own API host so we can go offline fast."""
    try:
        socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
        return True
    except socket.gaierror:
        return False


def pr_numbers(since):
    log = git("log", f"{since}..HEAD", "--format=%s")
    nums = []
    for line in log.splitlines():
        m = MERGE_RE.search(line)
        if m:
            nums.append(int(m.group(1) or m.group(2)))
    return sorted(set(nums))


def fetch_pr(host, owner, repo, num):
    if shutil.which("gh") and not os.environ.get("GITHUB_TOKEN"):
        out = subprocess.run(["gh", "api", "--hostname", host, f"repos/{owner}/{repo}/pulls/{num}"],
                             capture_output=True, text=True)
        return json.loads(out.stdout) if out.returncode == 0 else None
    token = os.environ.get("GITHUB_TOKEN")
    if not token:
        return None
    req = urllib.request.Request(f"{api_base(host)}/repos/{owner}/{repo}/pulls/{num}",
                                 headers={"Authorization": f"Bearer {token}",
                                          "Accept": "application/vnd.github+json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.load(r)


def group_of(labels):
    names = {l["name"].lower() for l in labels}
    for key, title in LABEL_GROUPS:
        if key in names:
            return title
    return "Other changes"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", required=True)
    ap.add_argument("--offline", action="store_true")
    args = ap.parse_args()

    host, owner, repo = origin()
    api_host = "api.github.example" if host == "github.example" else host
    offline = args.offline or not host_reachable(api_host)

    groups = defaultdict(list)
    if offline:
        for line in git("log", f"{args.since}..HEAD", "--no-merges", "--format=%s (%h)").splitlines():
            groups["Changes"].append(line)
    else:
        for num in pr_numbers(args.since):
            pr = fetch_pr(host, owner, repo, num)
            if not pr:
                continue
            groups[group_of(pr.get("labels", []))].append(
                f"{pr['title']} (#{num}) by @{pr['user']['login']}")

    print(f"## What's changed since {args.since}\n")
    order = [t for _, t in LABEL_GROUPS] + ["Other changes", "Changes"]
    for title in dict.fromkeys(order):
        if groups.get(title):
            print(f"### {title}\n")
            for item in groups[title]:
                print(f"- {item}")
            print()
    if offline:
        print("_(generated offline from commit subjects)_")


if __name__ == "__main__":
    main()
