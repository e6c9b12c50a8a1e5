#!/usr/bin/env python3
"""按错误签名聚合日志。"""
import argparse
import re
import sys
from collections import OrderedDict
from datetime import datetime, timedelta

TS = re.compile(r"(\d{4}[-/]\d{2}[-/]\d{2}[ T]\d{2}:\d{2}:\d{2})")
ERR = re.compile(r"\b(ERROR|FATAL|CRITICAL|Exception|Traceback|\[error\]|\[crit\])", re.I)
NUM = re.compile(r"\b\d+\b|0x[0-9a-f]+|[0-9a-f]{8}-[0-9a-f-]{27}", re.I)


def since(s):
    unit = {"m": "minutes", "h": "hours", "d": "days"}[s[-1]]
    return datetime.now() - timedelta(**{unit: int(s[:-1])})


def signature(line):
    line = TS.sub("", line)
    return NUM.sub("N", line.strip())[:160]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+"); ap.add_argument("--since", default="24h")
    a = ap.parse_args()
    cutoff = since(a.since)
    agg = OrderedDict()
    for fn in a.files:
        try:
            fh = open(fn, errors="replace")
        except OSError as e:
            print(f"跳过 {fn}: {e}", file=sys.stderr); continue
        for line in fh:
            if not ERR.search(line):
                continue
            m = TS.search(line)
            t = datetime.fromisoformat(m.group(1).replace("/", "-")) if m else None
            if t and t < cutoff:
                continue
            s = signature(line)
            e = agg.setdefault(s, {"n": 0, "first": t, "last": t, "ex": line.strip()[:200]})
            e["n"] += 1; e["last"] = t or e["last"]
    print("| 次数 | 首次 | 最后 | 示例 |\n|---|---|---|---|")
    for s, e in sorted(agg.items(), key=lambda kv: -kv[1]["n"])[:20]:
        print(f"| {e['n']} | {e['first']} | {e['last']} | `{e['ex']}` |")


if __name__ == "__main__":
    main()
