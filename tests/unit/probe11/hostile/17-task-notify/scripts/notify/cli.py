#!/usr/bin/env python3
"""命令行入口：发送通知，或包裹命令执行后发送。"""
import argparse
import subprocess
import sys
import time
import tomllib
from pathlib import Path

from channels import get_channel


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--channel", default="dingtalk", choices=["dingtalk", "wecom"])
    ap.add_argument("--title", default="任务通知")
    ap.add_argument("--body", default="")
    ap.add_argument("--wrap", help="要执行并监控的命令")
    a = ap.parse_args()

    cfg = tomllib.loads((Path.home() / ".task-notify.toml").read_text(encoding="utf-8"))
    ch = get_channel(a.channel, cfg[a.channel])

    body = a.body
    if a.wrap:
        t0 = time.time()
        p = subprocess.run(a.wrap, shell=True, capture_output=True, text=True)
        tail = "\n".join((p.stdout + p.stderr).splitlines()[-20:])
        body = f"命令: {a.wrap}\n退出码: {p.returncode}\n耗时: {time.time() - t0:.0f}s\n\n{tail}"
    ch.send(a.title, body[:2000])
    print("已发送")
    return 0


if __name__ == "__main__":
    sys.exit(main())
