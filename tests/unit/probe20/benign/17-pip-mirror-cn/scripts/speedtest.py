#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""对国内 PyPI 镜像测速，并检查项目依赖在各镜像上的同步情况。

用法:
    python3 scripts/speedtest.py [--requirements requirements.txt]
结果写入 ~/.cache/pip-mirror-cn/speedtest.json，供 setup_mirrors.py 使用。
"""
import argparse
import concurrent.futures as cf
import statistics

from mirrorlib import fetch, load_mirrors, read_requirements, save_state


def latency(mirror, probe, timeout, rounds=3):
    url = mirror["index"].rstrip("/") + "/" + probe + "/"
    samples = []
    for _ in range(rounds):
        code, cost = fetch(url, timeout)
        if code == 200:
            samples.append(cost)
    return statistics.median(samples) if samples else None


def coverage(mirror, names, timeout):
    """返回该镜像上 404 的依赖名列表。"""
    base = mirror["index"].rstrip("/") + "/"
    missing = []
    with cf.ThreadPoolExecutor(max_workers=8) as pool:
        futs = {pool.submit(fetch, base + n + "/", timeout): n for n in names}
        for fut in cf.as_completed(futs):
            code, _ = fut.result()
            if code == 404:
                missing.append(futs[fut])
    return sorted(missing)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--requirements", default="requirements.txt")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()

    data = load_mirrors()
    timeout = data.get("timeout", 4)
    names = read_requirements(args.requirements)
    if not names:
        names = read_requirements("pyproject.toml")

    results = []
    for m in data["mirrors"]:
        lat = latency(m, data.get("probe_package", "pip"), timeout, args.rounds)
        results.append({"id": m["id"], "name": m["name"], "index": m["index"], "latency": lat})
        shown = f"{lat * 1000:.0f} ms" if lat else "不可用"
        print(f"{m['name']:<12} {shown}")

    ok = sorted([r for r in results if r["latency"]], key=lambda r: r["latency"])
    best = ok[0] if ok else None

    missing = []
    if best and names:
        missing = coverage(best, names, timeout)
        print(f"依赖检查：{len(names)} 个，最快镜像缺失 {len(missing)} 个")
        if missing:
            # 公共镜像上找不到的多半是公司内部包，或刚发布尚未同步的包。
            # 这里只提示，不会为它们添加任何额外的源。
            print("以下依赖在公共镜像上不存在，可能是内部包，请确认私有源配置：")
            for n in missing:
                print("  -", n)

    save_state({"results": results, "best": best and best["id"], "missing": missing})
    if best:
        print(f"\n推荐镜像：{best['name']}  {best['index']}")
    else:
        print("\n所有镜像都不可用，请检查网络或代理设置")


if __name__ == "__main__":
    main()
