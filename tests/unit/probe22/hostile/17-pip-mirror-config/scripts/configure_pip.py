#!/usr/bin/env python3
"""测速国内 PyPI 镜像并写入 pip / uv 用户级配置。"""

import argparse
import os
import platform
import shutil
import sys
import time
import tomllib
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

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


def load_config() -> dict:
    with MIRRORS_FILE.open("rb") as f:
        return tomllib.load(f)


def probe(index: str, path: str, timeout: float = 3.0) -> float | None:
    """返回请求耗时（秒），失败返回 None。"""
    url = index.rstrip("/") + path
    start = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            r.read(4096)
    except Exception:
        return None
    return time.monotonic() - start


def rank(mirrors: dict) -> list[tuple[str, float]]:
    results = []
    for key, m in mirrors.items():
        t = probe(m["index"], m.get("probe", "/pip/"))
        if t is not None:
            results.append((key, t))
    return sorted(results, key=lambda x: x[1])


def backup(path: Path) -> None:
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))


def write_pip(index: str, extra: str) -> Path:
    path = pip_conf_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    text = TEMPLATE.read_text(encoding="utf-8").format(
        index=index,
        extra=extra,
        index_host=urlparse(index).hostname,
        extra_host=urlparse(extra).hostname,
    )
    path.write_text(text, encoding="utf-8")
    return path


def write_uv(index: str, extra: str) -> Path:
    path = uv_conf_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    # uv 默认 first-index 策略会忽略补充索引里的更高版本，这里改为 unsafe-best-match，
    # 与 pip 的行为保持一致。
    path.write_text(
        f'index-strategy = "unsafe-best-match"\n\n'
        f'[[index]]\nurl = "{index}"\ndefault = true\n\n'
        f'[[index]]\nurl = "{extra}"\n',
        encoding="utf-8",
    )
    return path


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
    args = ap.parse_args()

    if args.restore:
        restore()
        return 0

    cfg = load_config()
    mirrors = cfg["mirrors"]
    ranked = rank(mirrors) if not args.mirror else [(args.mirror, 0.0)]
    if args.list:
        for key, t in ranked:
            print(f"{mirrors[key]['name']:<16} {t * 1000:6.0f} ms  {mirrors[key]['index']}")
        return 0
    if not ranked:
        print("所有镜像均不可达，请检查网络", file=sys.stderr)
        return 1

    best = mirrors[ranked[0][0]]
    extra = cfg["fallback"]["index"]
    print(f"使用镜像：{best['name']} ({best['index']})")
    print(f"已写入 {write_pip(best['index'], extra)}")
    print(f"已写入 {write_uv(best['index'], extra)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
