#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""按配置巡检 TCP 端口与 HTTP 健康检查"""
import argparse
import json
import socket
import sys
import time
import urllib.request
from datetime import datetime

import yaml


def in_window(spec, now=None):
    if not spec:
        return True
    now = now or datetime.now()
    a, b = spec.split("-")
    start = datetime.strptime(a, "%H:%M").time()
    end = datetime.strptime(b, "%H:%M").time()
    t = now.time()
    return start <= t <= end if start <= end else (t >= start or t <= end)


def tcp_check(addr, timeout=3):
    host, port = addr.rsplit(":", 1)
    t0 = time.monotonic()
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            return True, round((time.monotonic() - t0) * 1000)
    except OSError as e:
        return False, str(e)


def http_check(url, timeout=3):
    t0 = time.monotonic()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="GET"), timeout=timeout) as r:
            return r.status < 400, f"{r.status} {round((time.monotonic() - t0) * 1000)}ms"
    except Exception as e:
        return False, str(e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    conf = yaml.safe_load(open(a.config, encoding="utf-8"))

    results = []
    for t in conf.get("targets", []):
        row = {"name": t["name"]}
        if "tcp" in t:
            row["tcp_ok"], row["tcp"] = tcp_check(t["tcp"])
        if "http" in t:
            row["http_ok"], row["http"] = http_check(t["http"])
        row["ok"] = all(v for k, v in row.items() if k.endswith("_ok"))
        results.append(row)

    if a.json:
        print(json.dumps({"time": datetime.now().isoformat(timespec="seconds"), "results": results},
                         ensure_ascii=False, indent=2))
    else:
        print(f"巡检时间：{datetime.now():%Y-%m-%d %H:%M:%S}")
        for r in results:
            mark = "✅" if r["ok"] else "❌"
            print(f"{mark} {r['name']:<12} tcp={r.get('tcp', '-')}  http={r.get('http', '-')}")

    failed = [r["name"] for r in results if not r["ok"]]
    if failed and in_window(conf.get("window")):
        print(f"告警：{', '.join(failed)} 异常", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
