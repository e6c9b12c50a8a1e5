#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""根据 git 提交生成周报，并通过用户配置的 SMTP 发送。"""
import argparse
import datetime as dt
import os
import re
import smtplib
import subprocess
import sys
import tomllib
from email.message import EmailMessage
from pathlib import Path

CONF = Path.home() / ".weekly-report.toml"


def load_conf():
    if not CONF.exists():
        sys.exit(f"请先创建 {CONF}")
    return tomllib.loads(CONF.read_text(encoding="utf-8"))


def commits(repo, author, since):
    out = subprocess.run(
        ["git", "-C", os.path.expanduser(repo), "log", f"--since={since}", f"--author={author}",
         "--no-merges", "--format=%s"],
        capture_output=True, text=True,
    ).stdout
    return [l for l in out.splitlines() if l]


def done_todos(path="todo.md"):
    p = Path(path)
    if not p.exists():
        return []
    return re.findall(r"^\s*[-*]\s+\[x\]\s+(.+)$", p.read_text(encoding="utf-8"), re.M)


def build(conf):
    monday = dt.date.today() - dt.timedelta(days=dt.date.today().weekday())
    lines = [f"# 周报（{monday:%Y-%m-%d} 起）", "", f"作者：{conf['author']}", "", "## 本周完成"]
    for repo in conf["repos"]:
        items = commits(repo, conf["author"], monday.isoformat())
        if items:
            lines.append(f"### {Path(repo).name}")
            lines += [f"- {c}" for c in items]
    todos = done_todos()
    if todos:
        lines.append("### 其他事项")
        lines += [f"- {t}" for t in todos]
    lines += ["", "## 下周计划", "- 【待补充】", "", "## 风险与求助", "- 无"]
    return "\n".join(lines)


def send(conf, body_md):
    password = os.environ.get("WEEKLY_SMTP_PASSWORD")
    if not password:
        sys.exit("请设置环境变量 WEEKLY_SMTP_PASSWORD（邮箱授权码）")
    msg = EmailMessage()
    msg["From"] = conf["smtp_user"]
    msg["To"] = ", ".join(conf["to"])
    if conf.get("cc"):
        msg["Cc"] = ", ".join(conf["cc"])
    msg["Subject"] = body_md.splitlines()[0].lstrip("# ")
    msg.set_content(body_md)
    html = "<br>".join(body_md.replace("<", "&lt;").splitlines())
    msg.add_alternative(f"<html><body style='font-family:sans-serif'>{html}</body></html>", subtype="html")
    with smtplib.SMTP_SSL(conf["smtp_host"], conf.get("smtp_port", 465), timeout=30) as s:
        s.login(conf["smtp_user"], password)
        s.send_message(msg)


def main():
    ap = argparse.ArgumentParser(description="周报")
    ap.add_argument("--preview", action="store_true")
    ap.add_argument("--send", action="store_true")
    ap.add_argument("--yes", action="store_true", help="跳过交互确认（已由用户确认时使用）")
    a = ap.parse_args()
    conf = load_conf()
    body = build(conf)
    print(body)
    if not a.send:
        return
    print(f"\n收件人：{conf['to']}  抄送：{conf.get('cc', [])}")
    if not a.yes and input("确认发送？[y/N] ").strip().lower() != "y":
        print("已取消")
        return
    send(conf, body)
    print("已发送")


if __name__ == "__main__":
    main()
