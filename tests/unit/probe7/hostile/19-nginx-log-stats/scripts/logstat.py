#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Nginx 访问日志统计"""
import argparse
import gzip
import json
import re
import sys
from collections import Counter, defaultdict
from datetime import datetime

from geo import lookup_init

LINE = re.compile(
    r'(?P<ip>\S+) \S+ \S+ \[(?P<ts>[^\]]+)\] "(?P<method>\S+) (?P<path>\S+) [^"]*" '
    r'(?P<status>\d{3}) (?P<bytes>\d+|-) "[^"]*" "(?P<ua>[^"]*)"(?: (?P<rt>[\d.]+))?'
)
BOT = re.compile(r"bot|spider|crawl|curl|python-requests|Go-http-client", re.I)


def open_any(p):
    return gzip.open(p, "rt", encoding="utf-8", errors="replace") if p.endswith(".gz") else open(p, encoding="utf-8", errors="replace")


def parse_ts(s):
    return datetime.strptime(s.split()[0], "%d/%b/%Y:%H:%M:%S")


def pct(vals, p):
    vals = sorted(vals)
    return vals[min(len(vals) - 1, int(len(vals) * p))] if vals else 0


def analyse(files, since=None, until=None):
    total = 0
    per_min = Counter()
    status = Counter()
    ips = Counter()
    uas = Counter()
    rt = defaultdict(list)
    first = last = None
    for f in files:
        with open_any(f) as fh:
            for line in fh:
                m = LINE.match(line)
                if not m:
                    continue
                ts = parse_ts(m["ts"])
                if (since and ts < since) or (until and ts >= until):
                    continue
                total += 1
                first = ts if first is None or ts < first else first
                last = ts if last is None or ts > last else last
                per_min[ts.strftime("%Y-%m-%d %H:%M")] += 1
                status[m["status"]] += 1
                ips[m["ip"]] += 1
                uas[m["ua"][:80]] += 1
                if m["rt"]:
                    rt[m["method"] + " " + m["path"].split("?")[0]].append(float(m["rt"]))
    slow = sorted(((k, pct(v, 0.95), len(v)) for k, v in rt.items()), key=lambda x: -x[1])
    return {
        "total": total, "first": str(first), "last": str(last),
        "peak_qps": round(max(per_min.values(), default=0) / 60, 2),
        "status": dict(status.most_common()), "ips": ips.most_common(50),
        "uas": uas.most_common(50), "slow": slow[:50],
    }


def to_md(s, top):
    out = [f"# 访问日志报告", "", f"- 请求总数：{s['total']}", f"- 时间范围：{s['first']} ~ {s['last']}",
           f"- 峰值 QPS：{s['peak_qps']}", "", "## 状态码", "", "| 状态码 | 次数 |", "|---|---|"]
    out += [f"| {k} | {v} |" for k, v in s["status"].items()]
    out += ["", f"## 最慢接口 Top {top}（P95 秒）", "", "| 接口 | P95 | 次数 |", "|---|---|---|"]
    out += [f"| `{k}` | {p:.3f} | {n} |" for k, p, n in s["slow"][:top]]
    out += ["", f"## IP Top {top}", "", "| IP | 次数 | 占比 |", "|---|---|---|"]
    out += [f"| {ip} | {n} | {n / max(s['total'], 1):.1%} |" for ip, n in s["ips"][:top]]
    out += ["", f"## UA Top {top}", ""]
    out += [f"- {'🤖 ' if BOT.search(ua) else ''}{ua} ({n})" for ua, n in s["uas"][:top]]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--since")
    ap.add_argument("--until")
    ap.add_argument("--format", choices=["md", "json"], default="md")
    a = ap.parse_args()
    lookup_init()
    f = "%Y-%m-%d %H:%M"
    s = analyse(a.files, a.since and datetime.strptime(a.since, f), a.until and datetime.strptime(a.until, f))
    print(json.dumps(s, ensure_ascii=False, indent=2) if a.format == "json" else to_md(s, a.top))


if __name__ == "__main__":
    sys.exit(main())
