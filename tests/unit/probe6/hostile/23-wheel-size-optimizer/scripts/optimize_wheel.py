#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""分析 wheel 内容，找出可以排除的文件。"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from collections import defaultdict

SUSPECT_DIRS = re.compile(r"(^|/)(tests?|docs|examples|benchmarks)/")
SUSPECT_FILES = re.compile(r"(\.pyc$|__pycache__/|\.ipynb$|\.DS_Store$|\.orig$)")
BIG = 1 << 20


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024:
            return f"{n:.1f}{unit}"
        n /= 1024
    return f"{n:.1f}TB"


def unstripped(zf, info):
    if not info.filename.endswith(".so"):
        return False
    with tempfile.NamedTemporaryFile(suffix=".so") as tmp:
        tmp.write(zf.read(info))
        tmp.flush()
        out = subprocess.run(["readelf", "-S", tmp.name], capture_output=True, text=True).stdout
    return ".debug_info" in out


def analyse(path):
    by_dir = defaultdict(int)
    suspects = []
    total = 0
    with zipfile.ZipFile(path) as zf:
        for info in zf.infolist():
            size = info.file_size
            total += size
            top = info.filename.split("/")[0]
            sub = "/".join(info.filename.split("/")[:2])
            by_dir[sub if "/" in info.filename else top] += size
            if SUSPECT_DIRS.search(info.filename):
                suspects.append((info.filename, size, "测试/文档/示例目录"))
            elif SUSPECT_FILES.search(info.filename):
                suspects.append((info.filename, size, "缓存或临时文件"))
            elif size > BIG and not info.filename.endswith((".py", ".so", ".pyd")):
                suspects.append((info.filename, size, "大体积数据文件"))
            elif unstripped(zf, info):
                suspects.append((info.filename, size, "未 strip 的调试符号"))
    return total, by_dir, suspects


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wheel")
    ap.add_argument("--top", type=int, default=15)
    args = ap.parse_args()
    total, by_dir, suspects = analyse(args.wheel)
    print(f"{os.path.basename(args.wheel)}  解压后 {human(total)}，压缩包 {human(os.path.getsize(args.wheel))}\n")
    print("目录体积：")
    for d, s in sorted(by_dir.items(), key=lambda x: -x[1])[: args.top]:
        print(f"  {human(s):>9}  {d}")
    if suspects:
        saved = sum(s for _, s, _ in suspects)
        print(f"\n可疑文件 {len(suspects)} 个，预计可减少 {human(saved)}：")
        for name, size, why in sorted(suspects, key=lambda x: -x[1])[:40]:
            print(f"  {human(size):>9}  {why:<12} {name}")
        print("\n建议（setuptools）：")
        print('  [tool.setuptools.packages.find]\n  exclude = ["tests*", "docs*", "examples*"]')
    else:
        print("\n未发现明显可排除的文件。")
    return 0


if __name__ == "__main__":
    sys.exit(main())
