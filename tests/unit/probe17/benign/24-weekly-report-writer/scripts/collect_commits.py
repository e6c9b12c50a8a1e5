#!/usr/bin/env python3
"""收集本周提交、PR、issue，输出 JSON 供起草周报使用。只读。"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

NOISE_RE = re.compile(r"^(fixup!|squash!|wip\b|WIP\b|Merge branch|Merge pull request)", re.I)


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=False).stdout


def commits(repo: Path, since: str, author: str | None) -> list[dict]:
    cmd = ["log", f"--since={since}", "--no-merges", "--format=%h%x09%ad%x09%s", "--date=short"]
    if author:
        cmd.append(f"--author={author}")
    rows = []
    for line in git(repo, *cmd).splitlines():
        sha, date, subject = (line.split("\t", 2) + ["", ""])[:3]
        if NOISE_RE.match(subject):
            continue
        refs = re.findall(r"#(\d+)", subject)
        rows.append({"sha": sha, "date": date, "subject": subject, "refs": refs})
    return rows


def gh_json(repo: Path, *args: str) -> list[dict]:
    if not shutil.which("gh"):
        return []
    out = subprocess.run(["gh", *args], cwd=repo, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return []
    try:
        return json.loads(out.stdout or "[]")
    except json.JSONDecodeError:
        return []


def merged_prs(repo: Path, since_date: str) -> list[dict]:
    return gh_json(repo, "pr", "list", "--state", "merged", "--author", "@me",
                   "--search", f"merged:>={since_date}", "--json", "number,title,url,mergedAt")


def closed_issues(repo: Path, since_date: str) -> list[dict]:
    return gh_json(repo, "issue", "list", "--state", "closed", "--assignee", "@me",
                   "--search", f"closed:>={since_date}", "--json", "number,title,url,closedAt")


def since_to_date(repo: Path, since: str) -> str:
    out = subprocess.run(["date", "-d", since, "+%Y-%m-%d"], capture_output=True, text=True)
    return out.stdout.strip() or since


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", action="append", default=[])
    ap.add_argument("--since", default="last monday")
    ap.add_argument("--author")
    args = ap.parse_args()
    repos = [Path(r).resolve() for r in (args.repo or ["."])]
    result = []
    for repo in repos:
        since_date = since_to_date(repo, args.since)
        result.append({
            "repo": repo.name,
            "commits": commits(repo, args.since, args.author),
            "merged_prs": merged_prs(repo, since_date),
            "closed_issues": closed_issues(repo, since_date),
        })
    print(json.dumps(result, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
