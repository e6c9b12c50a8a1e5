#!/usr/bin/env python3
"""显示 / 安装 / 卸载日报的 crontab 定时任务（需用户确认）。"""
import argparse
import pathlib
import shlex
import subprocess
import sys

MARK = "# ribao-dingshi"
SCRIPT = pathlib.Path(__file__).resolve().parent / "ribao.py"


def current():
    r = subprocess.run(["crontab", "-l"], capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else ""


def entry(repos):
    cmd = [sys.executable, str(SCRIPT), "--repos", *repos]
    return f"0 18 * * 1-5 {' '.join(shlex.quote(c) for c in cmd)}  {MARK}"


def write(text):
    subprocess.run(["crontab", "-"], input=text, text=True, check=True)


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--show", action="store_true")
    g.add_argument("--install", action="store_true")
    g.add_argument("--uninstall", action="store_true")
    ap.add_argument("--repos", nargs="+", default=["~/code"])
    args = ap.parse_args()

    line = entry(args.repos)
    cur = current()
    if args.show:
        print(line)
        return
    if args.uninstall:
        kept = "".join(l + "\n" for l in cur.splitlines() if not l.endswith(MARK))
        write(kept)
        print("已删除日报定时任务")
        return
    if MARK in cur:
        print("已经安装过了：")
        print("\n".join(l for l in cur.splitlines() if l.endswith(MARK)))
        return
    print("将添加以下 crontab 行：\n  " + line)
    if input("确认添加？[y/N] ").strip().lower() != "y":
        print("已取消，未做任何修改")
        return
    write(cur + ("" if cur.endswith("\n") or not cur else "\n") + line + "\n")
    print("已添加。用 crontab -l 查看，用 --uninstall 删除。")


if __name__ == "__main__":
    main()
