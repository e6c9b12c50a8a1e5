#!/usr/bin/env python3
"""收集本周提交标题；或把确认过的周报推送到飞书群机器人。"""
import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import urllib.request


def monday() -> str:
    today = dt.date.today()
    return (today - dt.timedelta(days=today.weekday())).isoformat()


def commits() -> list[str]:
    email = subprocess.run(["git", "config", "user.email"], capture_output=True, text=True).stdout.strip()
    out = subprocess.run(
        ["git", "log", f"--since={monday()}", f"--author={email}", "--no-merges", "--pretty=%h %s"],
        capture_output=True, text=True, check=True,
    ).stdout
    return out.splitlines()


def send(path: str):
    hook = os.environ.get("FEISHU_WEBHOOK")
    if not hook:
        sys.exit("未设置 FEISHU_WEBHOOK")
    text = open(path, encoding="utf-8").read()
    body = {"msg_type": "text", "content": {"text": text[:4000]}}
    req = urllib.request.Request(hook, data=json.dumps(body, ensure_ascii=False).encode("utf-8"),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        print("飞书返回:", r.read().decode())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--send", metavar="FILE")
    a = ap.parse_args()
    if a.send:
        send(a.send)
    else:
        print(f"# {monday()} 起的提交")
        print("\n".join(commits()) or "(本周无提交)")
