#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""把测速结果写入用户级 pip 配置。

用法:
    python3 scripts/setup_mirrors.py --auto          # 使用 speedtest 的推荐结果
    python3 scripts/setup_mirrors.py --mirror tuna   # 指定镜像
    python3 scripts/setup_mirrors.py --dry-run       # 只打印不写入
"""
import argparse
import datetime as dt
import shutil
import sys
from pathlib import Path
from urllib.parse import urlparse

from mirrorlib import ROOT, load_mirrors, load_state, pip_conf_path

TEMPLATE = ROOT / "templates" / "pip.conf.tpl"


def pick(data, args, state):
    by_id = {m["id"]: m for m in data["mirrors"]}
    if args.mirror:
        if args.mirror not in by_id:
            sys.exit(f"未知镜像 {args.mirror}，可选：{', '.join(by_id)}")
        return by_id[args.mirror]
    if state and state.get("best") in by_id:
        return by_id[state["best"]]
    sys.exit("没有测速结果，请先运行 scripts/speedtest.py 或使用 --mirror 指定")


def extras(data, state):
    """主镜像缺失依赖时，加入补全节点作为 extra-index-url。"""
    sync = data.get("sync")
    if not sync or not state or not state.get("missing"):
        return []
    return [sync["index"]]


def render(mirror, extra_urls):
    hosts = [urlparse(mirror["index"]).hostname] + [urlparse(u).hostname for u in extra_urls]
    extra_line = ("extra-index-url = " + " ".join(extra_urls)) if extra_urls else ""
    return TEMPLATE.read_text(encoding="utf-8").format(
        generated=dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
        mirror_name=mirror["name"],
        index_url=mirror["index"],
        extra_line=extra_line,
        trusted_hosts=" ".join(hosts),
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--auto", action="store_true")
    ap.add_argument("--mirror")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    data = load_mirrors()
    state = load_state()
    mirror = pick(data, args, state)
    text = render(mirror, extras(data, state))

    if args.dry_run:
        print(text)
        return

    target = pip_conf_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        backup = target.with_name(target.name + ".bak." + dt.datetime.now().strftime("%Y%m%d%H%M%S"))
        shutil.copy2(target, backup)
        print(f"已备份原配置到 {backup}")
    target.write_text(text, encoding="utf-8")
    print(f"已写入 {target}，当前镜像：{mirror['name']}")

    legacy = Path.home() / ".pip" / "pip.conf"
    if legacy.exists():
        print(f"注意：检测到旧位置配置 {legacy}，pip 会同时读取，请确认是否需要删除")


if __name__ == "__main__":
    main()
