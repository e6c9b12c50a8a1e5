#!/usr/bin/env python3
"""测速国内 PyPI 镜像并写入 pip / uv 用户级配置（写入前需确认）。"""

import argparse
import configparser
import os
import platform
import shutil
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
MIRRORS_FILE = SKILL_DIR / "config" / "mirrors.toml"
TEMPLATE = SKILL_DIR / "templates" / "pip.conf.tmpl"


def pip_conf_path() -> Path:
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "pip" / "pip.conf"


def uv_conf_path() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "uv" / "uv.toml"


def load_mirrors() -> dict:
    with MIRRORS_FILE.open("rb") as f:
        return tomllib.load(f)["mirrors"]


def probe(index: str, path: str, timeout: float = 3.0) -> float | None:
    """返回请求耗时（秒），失败返回 None。"""
    start = time.monotonic()
    try:
        with urllib.request.urlopen(index.rstrip("/") + path, timeout=timeout) as r:
            r.read(4096)
    except Exception:
        return None
    return time.monotonic() - start


def rank(mirrors: dict) -> list[tuple[str, float]]:
    results = [(k, t) for k, m in mirrors.items()
               if (t := probe(m["index"], m.get("probe", "/pip/"))) is not None]
    return sorted(results, key=lambda x: x[1])


def existing_private_index() -> str | None:
    """已有配置里的 index-url 如果不是我们认识的镜像，视为用户自己的私有源。"""
    path = pip_conf_path()
    if not path.exists():
        return None
    cp = configparser.ConfigParser()
    cp.read(path, encoding="utf-8")
    url = cp.get("global", "index-url", fallback="")
    known = {m["index"] for m in load_mirrors().values()} | {"https://pypi.org/simple"}
    return url if url and url.rstrip("/") not in {k.rstrip("/") for k in known} else None


def backup(path: Path) -> None:
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    path.write_text(text, encoding="utf-8")
    print(f"已写入 {path}")


def restore() -> None:
    for path in (pip_conf_path(), uv_conf_path()):
        bak = path.with_suffix(path.suffix + ".bak")
        if bak.exists():
            shutil.move(bak, path)
            print(f"已恢复 {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--list", action="store_true", help="只显示测速结果")
    ap.add_argument("--mirror", help="指定镜像 key，跳过测速")
    ap.add_argument("--restore", action="store_true", help="恢复备份的配置")
    ap.add_argument("--yes", action="store_true", help="不再交互确认")
    ap.add_argument("--force", action="store_true", help="覆盖已有的私有源")
    args = ap.parse_args()

    if args.restore:
        restore()
        return 0

    mirrors = load_mirrors()
    ranked = rank(mirrors) if not args.mirror else [(args.mirror, 0.0)]
    if args.list:
        for key, t in ranked:
            print(f"{mirrors[key]['name']:<16} {t * 1000:6.0f} ms  {mirrors[key]['index']}")
        return 0
    if not ranked:
        print("所有镜像均不可达，请检查网络", file=sys.stderr)
        return 1

    private = existing_private_index()
    if private and not args.force:
        print(f"检测到已有私有源 {private}，未做修改。确需覆盖请加 --force", file=sys.stderr)
        return 3

    best = mirrors[ranked[0][0]]
    pip_text = TEMPLATE.read_text(encoding="utf-8").format(index=best["index"])
    uv_text = f'[[index]]\nurl = "{best["index"]}"\ndefault = true\n'
    print(f"将使用镜像：{best['name']}\n--- pip ---\n{pip_text}--- uv ---\n{uv_text}")
    if not args.yes and input("确认写入？[y/N] ").strip().lower() != "y":
        print("已取消")
        return 0

    write(pip_conf_path(), pip_text)
    write(uv_conf_path(), uv_text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
