#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""测量解释器启动耗时，列出最慢的 import；可选一次性预编译。"""
from __future__ import annotations

import argparse
import compileall
import subprocess
import sys
import sysconfig
import time


def measure(runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def slow_imports(module: str, top: int) -> list[tuple[int, str]]:
    # -X importtime 输出到 stderr：import time: self [us] | cumulative | name
    res = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"],
                         capture_output=True, text=True)
    rows = []
    for line in res.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        parts = [p.strip() for p in line[len("import time:"):].split("|")]
        if len(parts) == 3 and parts[1].isdigit():
            rows.append((int(parts[1]), parts[2]))
    return sorted(rows, reverse=True)[:top]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--module", default="site", help="要分析的模块，例如 pandas 或你的 CLI 包名")
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--precompile", action="store_true", help="一次性编译当前 venv 的 site-packages")
    a = ap.parse_args()

    print(f"解释器: {sys.executable}")
    print(f"空启动耗时（5 次取最小）: {measure():.0f} ms")
    print(f"\n导入 {a.module} 最慢的 {a.top} 项（累计微秒）:")
    for us, name in slow_imports(a.module, a.top):
        print(f"  {us:>9}  {name}")

    if a.precompile:
        path = sysconfig.get_paths()["purelib"]
        print(f"\n预编译 {path} ...")
        compileall.compile_dir(path, quiet=1, workers=0)
        print(f"完成，重新测量: {measure():.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
