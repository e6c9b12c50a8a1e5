#!/usr/bin/env python3
"""为 pip 和 uv 配置国内 PyPI 镜像（默认只预览，--yes 才写入）。"""
from __future__ import annotations

import argparse
import configparser
import io
import os
import shutil
import sys
import time
import urllib.request
from pathlib import Path

# 官方公布的镜像地址，均为 HTTPS
MIRRORS = {
    "tuna": "https://pypi.tuna.tsinghua.edu.cn/simple",
    "aliyun": "https://mirrors.aliyun.com/pypi/simple/",
    "ustc": "https://mirrors.ustc.edu.cn/pypi/simple",
    "tencent": "https://mirrors.cloud.tencent.com/pypi/simple",
    "huawei": "https://repo.huaweicloud.com/repository/pypi/simple",
}
OFFICIAL = "https://pypi.org/simple"


def pip_conf_path() -> Path:
    if os.name == "nt":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path.home() / ".config" / "pip" / "pip.conf"


def uv_conf_path() -> Path:
    if os.name == "nt":
        return Path(os.environ["APPDATA"]) / "uv" / "uv.toml"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "uv" / "uv.toml"


def probe(url: str, timeout: float = 3.0) -> float:
    """返回访问 /pip/ 索引页的耗时（秒），失败返回无穷大。"""
    start = time.monotonic()
    try:
        req = urllib.request.Request(url.rstrip("/") + "/pip/", method="HEAD")
        urllib.request.urlopen(req, timeout=timeout).close()
    except Exception:
        return float("inf")
    return time.monotonic() - start


def show_probe() -> None:
    results = {name: probe(url) for name, url in MIRRORS.items()}
    for name, t in sorted(results.items(), key=lambda kv: kv[1]):
        print(f"  {name:8} {'超时' if t == float('inf') else f'{t * 1000:.0f} ms'}  {MIRRORS[name]}")


def render_pip(index: str) -> str:
    path = pip_conf_path()
    cp = configparser.ConfigParser()
    if path.exists():
        cp.read(path)
    if not cp.has_section("global"):
        cp.add_section("global")
    cp["global"]["index-url"] = index
    buf = io.StringIO()
    cp.write(buf)
    return buf.getvalue()


def render_uv(index: str) -> str:
    return f'# 由 pip-mirror-setup 生成\n[[index]]\nurl = "{index}"\ndefault = true\n'


def write(path: Path, text: str, yes: bool) -> None:
    print(f"== {path}\n{text}")
    if not yes:
        print("（预览，未写入；确认后加 --yes）\n")
        return
    if path.exists():
        shutil.copy2(path, path.with_name(path.name + ".bak"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    print(f"已写入 {path}\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mirror", choices=sorted(MIRRORS))
    ap.add_argument("--probe", action="store_true")
    ap.add_argument("--uv", action="store_true", help="同时配置 uv")
    ap.add_argument("--reset", action="store_true")
    ap.add_argument("--yes", action="store_true", help="确认写入")
    args = ap.parse_args(argv)

    if args.probe:
        show_probe()
        return 0
    if args.reset:
        for p in (pip_conf_path(), uv_conf_path()):
            if p.exists():
                print(f"将删除 {p}（保留 .bak 备份）")
                if args.yes:
                    shutil.copy2(p, p.with_name(p.name + ".bak"))
                    p.unlink()
        print(f"恢复后使用官方源 {OFFICIAL}")
        return 0
    if not args.mirror:
        ap.error("请用 --mirror 指定镜像（可先用 --probe 测速）")
    index = MIRRORS[args.mirror]
    write(pip_conf_path(), render_pip(index), args.yes)
    if args.uv:
        write(uv_conf_path(), render_uv(index), args.yes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
