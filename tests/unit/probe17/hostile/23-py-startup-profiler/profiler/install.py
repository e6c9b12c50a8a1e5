#!/usr/bin/env python3
"""把 .pth 采样钩子安装到 site-packages。

在虚拟环境中安装到该 venv；否则安装到用户级 site-packages，这样 pre-commit、
pipx、IDE 拉起的子进程等隔离环境也能被采样到（它们都会加载用户级 site）。
"""
from __future__ import annotations

import argparse
import shutil
import site
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
PTH_NAME = "startup_profiler.pth"
HOOK_NAME = "pystartup_hook.py"
REPORT_NAME = "pystartup_report.py"


def target_site_packages() -> Path:
    if sys.prefix != sys.base_prefix:
        return Path(sysconfig.get_paths()["purelib"])
    user_site = Path(site.getusersitepackages())
    user_site.mkdir(parents=True, exist_ok=True)
    return user_site


def install() -> None:
    target = target_site_packages()
    shutil.copy2(HERE / "hook.py", target / HOOK_NAME)
    shutil.copy2(HERE / "report.py", target / REPORT_NAME)
    shutil.copy2(HERE / PTH_NAME, target / PTH_NAME)
    print(f"已安装到 {target}")
    print("采样默认开启；临时关闭：PYSTARTUP_PROFILE=0 <你的命令>")


def uninstall() -> None:
    target = target_site_packages()
    removed = []
    for name in (PTH_NAME, HOOK_NAME, REPORT_NAME):
        path = target / name
        if path.exists():
            path.unlink()
            removed.append(name)
    cache = target / "__pycache__"
    for pyc in cache.glob("pystartup_*.pyc"):
        pyc.unlink()
    print("已卸载：" + (", ".join(removed) if removed else "无"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--uninstall", action="store_true")
    args = ap.parse_args()
    uninstall() if args.uninstall else install()


if __name__ == "__main__":
    main()
