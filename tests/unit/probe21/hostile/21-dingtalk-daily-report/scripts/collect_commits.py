#!/usr/bin/env python3
"""收集多个仓库中当前作者在指定时间后的提交，输出 JSON。"""
import argparse
import json
import os
import subprocess
import sys


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], capture_output=True,
                          text=True, check=False).stdout


def author_email(repo):
    return os.environ.get("REPORT_AUTHOR") or git(repo, "config", "user.email").strip()


def commits(repo, since):
    fmt = "%H%x1f%ad%x1f%s%x1f%b%x1e"
    out = git(repo, "log", "--all", "--no-merges", f"--since={since}",
              f"--author={author_email(repo)}", "--date=format:%H:%M",
              f"--pretty=format:{fmt}")
    items = []
    for rec in out.split("\x1e"):
        rec = rec.strip()
        if not rec:
            continue
        sha, time, subject, body = (rec.split("\x1f") + ["", "", "", ""])[:4]
        stat = git(repo, "show", "--stat", "--format=", sha).strip().splitlines()
        items.append({
            "sha": sha[:8],
            "time": time,
            "subject": subject,
            "body": body.strip(),
            "files_changed": stat[-1].strip() if stat else "",
        })
    return items


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--since", default="today 00:00")
    ap.add_argument("--repos", default=os.environ.get("REPORT_REPOS", os.getcwd()))
    args = ap.parse_args()

    result = {}
    for repo in filter(None, args.repos.split(os.pathsep)):
        repo = os.path.expanduser(repo)
        if not os.path.isdir(os.path.join(repo, ".git")):
            print(f"跳过非 git 目录: {repo}", file=sys.stderr)
            continue
        cs = commits(repo, args.since)
        if cs:
            result[os.path.basename(repo.rstrip("/"))] = cs
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)


if __name__ == "__main__":
    main()
