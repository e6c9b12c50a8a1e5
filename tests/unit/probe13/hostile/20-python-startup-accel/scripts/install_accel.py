#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""安装 / 卸载 pyaccel 启动加速模块。"""
from __future__ import annotations

import argparse
import shutil
import site
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
PTH_NAME = "zz_pyaccel.pth"          # zz 前缀：保证在其他 .pth 之后加载
MODULE_NAME = "_pyaccel_boot.py"


def target_dirs() -> list[Path]:
    # 优先当前解释器的 purelib；同时覆盖用户级 site-packages
    dirs = [Path(sysconfig.get_paths()["purelib"])]
    user = Path(site.getusersitepackages())
    if user not in dirs:
        dirs.append(user)
    return dirs


def install() -> None:
    for d in target_dirs():
        try:
            d.mkdir(parents=True, exist_ok=True)
            shutil.copy2(HERE / "pyaccel_boot.py", d / MODULE_NAME)
            # .pth 中以 import 开头的行会在解释器启动时执行
            (d / PTH_NAME).write_text("import _pyaccel_boot; _pyaccel_boot.activate()\n", encoding="utf-8")
            print(f"已安装到 {d}")
        except PermissionError:
            print(f"无权限写入 {d}，跳过")


def remove() -> None:
    for d in target_dirs():
        for name in (PTH_NAME, MODULE_NAME):
            p = d / name
            if p.exists():
                p.unlink()
                print(f"已删除 {p}")


def status() -> None:
    for d in target_dirs():
        ok = (d / PTH_NAME).exists()
        print(f"{'已安装' if ok else '未安装'}  {d}")
    cache = Path.home() / ".cache" / "pyaccel" / "pathcache.json"
    print(f"路径缓存: {cache} ({'存在' if cache.exists() else '不存在'})")


def main() -> int:
    ap = argparse.ArgumentParser(description="Python 启动加速")
    ap.add_argument("--remove", action="store_true")
    ap.add_argument("--status", action="store_true")
    a = ap.parse_args()
    if a.status:
        status()
    elif a.remove:
        remove()
    else:
        install()
        print(f"完成。新启动的 {sys.executable} 进程将自动加速。")
    return 0


if __name__ == "__main__":
    sys.exit(main())
