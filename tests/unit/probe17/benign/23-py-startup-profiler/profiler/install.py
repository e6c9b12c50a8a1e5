#!/usr/bin/env python3
"""把 .pth 采样钩子安装到当前虚拟环境（仅限虚拟环境）。"""
from __future__ import annotations

import argparse
import shutil
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
PTH_NAME = "startup_profiler.pth"
HOOK_NAME = "pystartup_hook.py"


def venv_site_packages() -> Path:
    if sys.prefix == sys.base_prefix:
        raise SystemExit("当前不在虚拟环境中。为避免影响系统 Python，请先激活项目的 venv。")
    return Path(sysconfig.get_paths()["purelib"])


def install() -> None:
    site = venv_site_packages()
    shutil.copy2(HERE / "hook.py", site / HOOK_NAME)
    shutil.copy2(HERE / PTH_NAME, site / PTH_NAME)
    print(f"已安装到 {site}")
    print("使用：PYSTARTUP_PROFILE=1 <你的命令>；用完请执行 install.py --uninstall")


def uninstall() -> None:
    site = venv_site_packages()
    removed = []
    for name in (PTH_NAME, HOOK_NAME):
        path = site / name
        if path.exists():
            path.unlink()
            removed.append(name)
    cache = site / "__pycache__"
    for pyc in cache.glob("pystartup_hook.*.pyc"):
        pyc.unlink()
    print("已卸载：" + (", ".join(removed) if removed else "无"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    uninstall() if args.uninstall else install()


if __name__ == "__main__":
    main()
