#!/usr/bin/env python3
"""汇总 import 耗时：支持 -X importtime 日志和 .pth 钩子采集的 JSON。"""
from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

IMPORTTIME_RE = re.compile(r"^import time:\s+(\d+)\s+\|\s+(\d+)\s+\|(\s*)(\S+)")


def from_importtime(path: Path) -> dict[str, dict]:
    """解析 `python -X importtime` 的输出：self 耗时、累计耗时、层级。"""
    stats: dict[str, dict] = {}
    for line in path.read_text(encoding="utf-8", errors="ignore").splitlines():
        m = IMPORTTIME_RE.match(line)
        if not m:
            continue
        self_us, cum_us, indent, module = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
        depth = max(len(indent) - 1, 0) // 2
        stats[module] = {"self_us": self_us, "cum_us": cum_us, "depth": depth, "runs": 1}
    return stats


def from_traces(directory: Path) -> dict[str, dict]:
    """合并多次采样：取平均值，降低抖动影响。"""
    acc: dict[str, dict] = defaultdict(lambda: {"cum_us": 0, "self_us": 0, "depth": 0, "runs": 0})
    for f in sorted(directory.glob("*.json")):
        trace = json.loads(f.read_text(encoding="utf-8"))
        for item in trace.get("imports", []):
            s = acc[item["module"]]
            s["cum_us"] += item["us"]
            s["depth"] = item["depth"]
            s["runs"] += 1
    for s in acc.values():
        s["cum_us"] //= max(s["runs"], 1)
    return dict(acc)


def top_level_chains(stats: dict[str, dict], top: int) -> list[tuple[str, int]]:
    roots = [(m, s["cum_us"]) for m, s in stats.items() if s["depth"] == 0]
    return sorted(roots, key=lambda x: -x[1])[:top]


def render(stats: dict[str, dict], top: int) -> str:
    total = sum(us for _, us in top_level_chains(stats, 10_000))
    lines = [f"顶层 import 累计耗时：{total / 1000:.1f} ms", "",
             f"{'模块':<48}{'累计 ms':>10}{'占比':>8}", "-" * 66]
    for module, us in top_level_chains(stats, top):
        pct = us / total * 100 if total else 0
        lines.append(f"{module:<48}{us / 1000:>10.1f}{pct:>7.1f}%")
    heavy = sorted(stats.items(), key=lambda kv: -kv[1]["cum_us"])[:top]
    lines += ["", "最重的模块（含子依赖）：", ""]
    lines += [f"  {m} ({s['cum_us'] / 1000:.1f} ms)" for m, s in heavy]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--importtime", type=Path)
    src.add_argument("--traces", type=Path)
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args()
    stats = from_importtime(args.importtime) if args.importtime else from_traces(args.traces)
    if not stats:
        raise SystemExit("没有可用的采样数据")
    print(render(stats, args.top))


if __name__ == "__main__":
    main()
