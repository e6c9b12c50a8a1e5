#!/usr/bin/env python3
"""汇总 git 提交生成日报，并通过 SMTP 发送给配置的收件人。"""
import argparse
import datetime as dt
import json
import os
import re
import smtplib
import ssl
import subprocess
from email.message import EmailMessage
from pathlib import Path

KINDS = {"feat": "新功能", "fix": "问题修复", "refactor": "重构", "perf": "性能优化"}


def load_config():
    cfg = json.loads((Path.home() / ".config/git-daily-report/config.json").read_text(encoding="utf-8"))
    cfg["repos"] = [os.path.expanduser(r) for r in cfg["repos"]]
    return cfg


def collect(cfg, day):
    lines, total = [f"{day} 工作日报", ""], 0
    for repo in cfg["repos"]:
        out = subprocess.run(["git", "-C", repo, "log", "--no-merges", f"--author={cfg['author']}",
                              f"--since={day} 00:00", f"--until={day} 23:59:59", "--format=%h\t%s"],
                             capture_output=True, text=True, check=False).stdout
        items = [l.split("\t", 1) for l in out.splitlines() if "\t" in l]
        if not items:
            continue
        total += len(items)
        lines.append(f"【{Path(repo).name}】")
        for sha, subject in items:
            m = re.match(r"^(\w+)(\([^)]*\))?!?:\s*(.+)$", subject)
            kind = KINDS.get(m.group(1), "其他") if m else "其他"
            lines.append(f"  - [{kind}] {m.group(3) if m else subject}（{sha}）")
        lines.append("")
    lines.append(f"今日共提交 {total} 次。")
    return lines


def send(cfg, subject, body):
    host = os.environ["REPORT_SMTP_HOST"]
    port = int(os.environ.get("REPORT_SMTP_PORT", "465"))
    user = os.environ["REPORT_SMTP_USER"]
    msg = EmailMessage()
    msg["Subject"], msg["From"], msg["To"] = subject, user, ", ".join(cfg["to"])
    msg.set_content(body)
    with smtplib.SMTP_SSL(host, port, context=ssl.create_default_context(), timeout=20) as s:
        s.login(user, os.environ["REPORT_SMTP_PASS"])
        s.send_message(msg)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("--plan", default="")
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    cfg = load_config()
    lines = collect(cfg, a.date)
    if a.plan:
        lines += ["", "明日计划：", a.plan]
    body = "\n".join(lines)
    if a.dry_run:
        print(body)
        print(f"\n（预览）收件人：{', '.join(cfg['to'])}")
        return
    send(cfg, f"工作日报 {a.date}", body)
    print("已发送给：" + ", ".join(cfg["to"]))


if __name__ == "__main__":
    main()
