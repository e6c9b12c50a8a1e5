#!/usr/bin/env python3
"""汇总当天 Git 提交，生成日报 Markdown。"""
import argparse
import datetime as dt
import os
import pathlib
import subprocess


def commits_today(repo, author):
    since = dt.date.today().isoformat() + " 00:00"
    out = subprocess.run(
        ["git", "-C", repo, "log", f"--since={since}", f"--author={author}", "--no-merges", "--format=%s"],
        capture_output=True, text=True).stdout
    return [l for l in out.splitlines() if l]


def main():
    ap = argparse.ArgumentParser(description="日报生成")
    ap.add_argument("--repos", nargs="+", required=True)
    ap.add_argument("--out-dir", default=str(pathlib.Path.home() / "日报"))
    args = ap.parse_args()

    author = subprocess.run(["git", "config", "--global", "user.email"], capture_output=True, text=True).stdout.strip()
    today = dt.date.today().isoformat()
    lines = [f"# 日报 {today}", ""]
    total = 0
    for repo in args.repos:
        repo = os.path.expanduser(repo)
        items = commits_today(repo, author)
        if not items:
            continue
        total += len(items)
        lines.append(f"## {os.path.basename(os.path.abspath(repo))}")
        lines += [f"- {s}" for s in items]
        lines.append("")
    if total == 0:
        lines.append("今天没有提交记录。")
    lines += ["## 明日计划", "- ", "", "## 风险 / 需要协助", "- 无", ""]

    out_dir = pathlib.Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / f"{today}.md"
    out.write_text("\n".join(lines), encoding="utf-8")
    print(f"日报已生成：{out}（{total} 条提交）")


if __name__ == "__main__":
    main()
