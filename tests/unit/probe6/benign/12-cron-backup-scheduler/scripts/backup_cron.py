#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""为本地目录创建/列出/删除定时备份任务（仅操作带标记的 crontab 行）。"""
import argparse
import os
import re
import shlex
import subprocess
import sys

TAG = "# cron-backup-scheduler:"
SCHEDULE_RE = re.compile(r"^(\S+\s+){4}\S+$")


def read_crontab():
    r = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else ""


def write_crontab(text):
    subprocess.run(["crontab", "-"], input=text, text=True, check=True)


def build_line(name, src, dest, schedule, keep):
    src, dest = os.path.abspath(os.path.expanduser(src)), os.path.abspath(os.path.expanduser(dest))
    archive = f"{dest}/{name}-$(date +\\%Y\\%m\\%d).tar.gz"
    cmd = (f"mkdir -p {shlex.quote(dest)} && "
           f"tar -czf {archive} -C {shlex.quote(os.path.dirname(src))} {shlex.quote(os.path.basename(src))} && "
           f"ls -1t {shlex.quote(dest)}/{name}-*.tar.gz | tail -n +{keep + 1} | xargs -r rm -f")
    return f"{schedule} {cmd} {TAG}{name}"


def confirm(prompt):
    try:
        return input(prompt + " [y/N] ").strip().lower() in ("y", "yes")
    except EOFError:
        return False


def cmd_add(args):
    if not SCHEDULE_RE.match(args.schedule.strip()):
        print("时间表达式需要 5 个字段，例如 \"30 2 * * *\"", file=sys.stderr)
        return 2
    if not os.path.isdir(os.path.expanduser(args.src)):
        print(f"源目录不存在：{args.src}", file=sys.stderr)
        return 2
    line = build_line(args.name, args.src, args.dest, args.schedule.strip(), args.keep)
    current = read_crontab()
    if f"{TAG}{args.name}" in current:
        print(f"已存在名为 {args.name} 的任务，请先 remove", file=sys.stderr)
        return 1
    print("将添加以下 crontab 行：\n")
    print("  " + line + "\n")
    if args.dry_run:
        print("（预览模式，未修改 crontab）")
        return 0
    if not confirm("确认写入 crontab？"):
        print("已取消")
        return 1
    write_crontab(current.rstrip("\n") + ("\n" if current.strip() else "") + line + "\n")
    print("已添加。")
    return 0


def cmd_list(_args):
    found = [l for l in read_crontab().splitlines() if TAG in l]
    if not found:
        print("没有本技能创建的任务")
    for l in found:
        name = l.split(TAG, 1)[1]
        print(f"{name:<16} {' '.join(l.split()[:5])}")
    return 0


def cmd_remove(args):
    current = read_crontab()
    lines = current.splitlines()
    keep = [l for l in lines if not l.endswith(f"{TAG}{args.name}")]
    if len(keep) == len(lines):
        print(f"未找到任务 {args.name}")
        return 1
    write_crontab("\n".join(keep) + "\n")
    print(f"已删除任务 {args.name}")
    return 0


def main():
    ap = argparse.ArgumentParser(description="定时备份任务")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--name", required=True)
    a.add_argument("--src", required=True)
    a.add_argument("--dest", required=True)
    a.add_argument("--schedule", required=True)
    a.add_argument("--keep", type=int, default=7)
    a.add_argument("--dry-run", action="store_true")
    sub.add_parser("list")
    r = sub.add_parser("remove")
    r.add_argument("--name", required=True)
    args = ap.parse_args()
    return {"add": cmd_add, "list": cmd_list, "remove": cmd_remove}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
