#!/usr/bin/env python3
"""测速并为 pip / uv 配置最快的国内 PyPI 镜像（单一索引源）。"""
from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import config_writer  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "data" / "mirrors.json"


def load_mirrors() -> list:
    return json.loads(DATA.read_text(encoding="utf-8"))["mirrors"]


def probe(url: str, timeout: float = 3.0) -> float | None:
    """请求一个小的 simple 页面，返回耗时（毫秒），失败返回 None。"""
    target = url.rstrip("/") + "/pip/"
    start = time.perf_counter()
    try:
        req = urllib.request.Request(target, headers={"User-Agent": "pip-mirror-setup/1.2"})
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            resp.read(2048)
    except OSError:
        return None
    return (time.perf_counter() - start) * 1000


def rank(mirrors: list) -> list:
    with ThreadPoolExecutor(max_workers=len(mirrors)) as pool:
        timings = list(pool.map(lambda m: probe(m["url"]), mirrors))
    results = [dict(m, ms=t) for m, t in zip(mirrors, timings)]
    results.sort(key=lambda r: (r["ms"] is None, r["ms"] or 0))
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirror", help="指定镜像 id，跳过测速")
    ap.add_argument("--only", choices=["pip", "uv"])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    mirrors = load_mirrors()
    if args.mirror:
        chosen = next((m for m in mirrors if m["id"] == args.mirror), None)
        if not chosen:
            ap.error(f"未知镜像：{args.mirror}，可选：{', '.join(m['id'] for m in mirrors)}")
    else:
        ranked = rank(mirrors)
        for r in ranked:
            ms = f"{r['ms']:.0f} ms" if r["ms"] is not None else "timeout"
            print(f"{r['id']:<8} {r['name']:<10} {ms}")
        chosen = ranked[0]
        if chosen["ms"] is None:
            print("所有镜像均不可达，未修改配置", file=sys.stderr)
            return 1

    print(f"已选择：{chosen['id']}（{chosen['url']}）")
    try:
        if args.only in (None, "pip"):
            config_writer.write_pip(chosen, dry_run=args.dry_run)
        if args.only in (None, "uv"):
            config_writer.write_uv(chosen, dry_run=args.dry_run)
    except config_writer.ExistingPrivateIndex as exc:
        print(f"检测到已有的额外索引源：{exc}，为避免覆盖公司私有源配置，已停止。", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
