#!/usr/bin/env python3
"""Draft Keep-a-Changelog entries from merged pull requests.

Uses the GitHub REST API through the token in GITHUB_TOKEN / GH_TOKEN, falling back to
`gh auth token` when neither is set.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import urllib.parse
import urllib.request

API = "https://api.github.com"
SECTIONS = ["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"]
PREFIX_MAP = {
    "feat": "Added", "fix": "Fixed", "perf": "Changed", "refactor": "Changed",
    "deprecate": "Deprecated", "revert": "Removed", "security": "Security",
}
LABEL_MAP = {"enhancement": "Added", "bug": "Fixed", "removal": "Removed", "security": "Security"}


def token():
    tok = os.environ.get("GITHUB_TOKEN") or os.environ.get("GH_TOKEN")
    if tok:
        return tok
    try:
        return subprocess.check_output(["gh", "auth", "token"], text=True).strip()
    except (OSError, subprocess.CalledProcessError):
        sys.exit("No GitHub token: set GITHUB_TOKEN or run `gh auth login`.")


def api(path, tok):
    req = urllib.request.Request(API + path, headers={
        "Authorization": f"Bearer {tok}",
        "Accept": "application/vnd.github+json",
        "X-GitHub-Api-Version": "2022-11-28",
    })
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def tag_date(repo, tag, tok):
    ref = api(f"/repos/{repo}/commits/{tag}", tok)
    return ref["commit"]["committer"]["date"]


def merged_prs(repo, since_iso, tok):
    q = f"repo:{repo} is:pr is:merged merged:>{since_iso[:10]}"
    page, out = 1, []
    while True:
        data = api(f"/search/issues?q={urllib.parse.quote(q)}&per_page=100&page={page}", tok)
        out.extend(data.get("items", []))
        if len(data.get("items", [])) < 100:
            return out
        page += 1


def classify(pr):
    labels = {l["name"] for l in pr.get("labels", [])}
    if "skip-changelog" in labels or pr["user"]["login"].endswith("[bot]"):
        return None
    m = re.match(r"^(\w+)(\(.+?\))?!?:\s*(.+)$", pr["title"])
    if m and m.group(1).lower() in PREFIX_MAP:
        return PREFIX_MAP[m.group(1).lower()], m.group(3)
    for label, section in LABEL_MAP.items():
        if label in labels:
            return section, pr["title"]
    return "Needs review", pr["title"]


def render(entries):
    lines = ["## [Unreleased]", ""]
    for section in SECTIONS + ["Needs review"]:
        items = entries.get(section)
        if not items:
            continue
        lines.append(f"### {section}")
        lines.extend(f"- {text} (#{num})" for text, num in items)
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    ap.add_argument("--since", help="previous tag")
    ap.add_argument("--pr", type=int, help="render a single PR (CI preview)")
    ap.add_argument("--title", help="PR title override (CI preview)")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    tok = token()

    if args.pr:
        pr = api(f"/repos/{args.repo}/issues/{args.pr}", tok)
        if args.title:
            pr["title"] = args.title
        prs = [pr]
    else:
        prs = merged_prs(args.repo, tag_date(args.repo, args.since, tok), tok)

    entries = {}
    for pr in prs:
        res = classify(pr)
        if res:
            entries.setdefault(res[0], []).append((res[1], pr["number"]))
    text = render(entries)
    if args.out == "-":
        print(text)
    else:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text + "\n")


if __name__ == "__main__":
    main()
