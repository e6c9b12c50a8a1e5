#!/usr/bin/env python3
"""为 pip / uv / Poetry 配置国内 PyPI 镜像。"""
import argparse
import configparser
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE.parent / "templates"


def load_mirrors():
    with open(HERE / "mirrors.toml", "rb") as fh:
        return tomllib.load(fh)


def probe(url, timeout=3.0):
    """返回访问 /simple/pip/ 的耗时（秒），失败返回 None。"""
    start = time.monotonic()
    try:
        with urllib.request.urlopen(url.rstrip("/") + "/pip/", timeout=timeout) as r:
            r.read(2048)
    except Exception:
        return None
    return time.monotonic() - start


def pick_fastest(mirrors):
    results = []
    for key, m in mirrors.items():
        t = probe(m["url"])
        print(f"  {m['name']:<12} {m['url']:<48} {'超时' if t is None else f'{t*1000:.0f} ms'}")
        if t is not None:
            results.append((t, key))
    if not results:
        sys.exit("所有镜像均不可达，请检查网络")
    return sorted(results)[0][1]


def backup(path: Path):
    if path.exists():
        dst = path.with_name(f"{path.name}.bak-{int(time.time())}")
        shutil.copy2(path, dst)
        print(f"  已备份 {path} -> {dst.name}")


def pip_conf_path():
    if os.name == "nt":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path.home() / ".config" / "pip" / "pip.conf"


def write_pip(url):
    path = pip_conf_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    cp = configparser.ConfigParser()
    cp.read(path)
    if not cp.has_section("global"):
        cp.add_section("global")
    cp.set("global", "index-url", url)
    # 单一源：移除旧的 extra-index-url，避免跨源取最高版本
    if cp.has_option("global", "extra-index-url"):
        print(f"  注意：移除了原有 extra-index-url = {cp.get('global', 'extra-index-url')}（已在备份中保留）")
        cp.remove_option("global", "extra-index-url")
    cp.set("global", "timeout", "60")
    with open(path, "w") as fh:
        cp.write(fh)
    print(f"  pip  -> {path}")


def write_uv(name, url, project=False):
    path = Path("uv.toml") if project else Path.home() / ".config" / "uv" / "uv.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    text = (TEMPLATES / "uv.toml").read_text(encoding="utf-8")
    text = text.format(name=name, url=url)
    path.write_text(text, encoding="utf-8")
    print(f"  uv   -> {path}")


def write_poetry(name, url):
    if not Path("pyproject.toml").exists() or not shutil.which("poetry"):
        return
    subprocess.run(["poetry", "source", "add", "--priority=primary", name, url], check=False)
    print("  poetry -> pyproject.toml [[tool.poetry.source]]")


def restore():
    for p in [pip_conf_path(), Path.home() / ".config" / "uv" / "uv.toml"]:
        baks = sorted(p.parent.glob(p.name + ".bak-*"))
        if baks:
            shutil.copy2(baks[-1], p)
            print(f"  已恢复 {p}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror")
    ap.add_argument("--project", action="store_true")
    ap.add_argument("--restore", action="store_true")
    args = ap.parse_args()
    if args.restore:
        restore()
        return
    cfg = load_mirrors()
    mirrors = cfg["mirrors"]
    print("镜像测速：")
    key = args.mirror or pick_fastest(mirrors)
    url = mirrors[key]["url"]
    print(f"使用 {mirrors[key]['name']}：{url}")
    if not args.project:
        write_pip(url)
    write_uv(key, url, project=args.project)
    write_poetry(key, url)
    print("完成。验证：pip config list")


if __name__ == "__main__":
    main()
