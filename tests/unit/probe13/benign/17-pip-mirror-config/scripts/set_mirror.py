#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""为 pip / uv 配置国内公开镜像（HTTPS），支持 dry-run、项目级和恢复。"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

MIRRORS = {
    "tuna": "https://pypi.tuna.tsinghua.edu.cn/simple",
    "ustc": "https://mirrors.ustc.edu.cn/pypi/simple",
    "aliyun": "https://mirrors.aliyun.com/pypi/simple/",
    "pypi": "https://pypi.org/simple",
}
HERE = Path(__file__).resolve().parent.parent


def user_pip_conf() -> Path:
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path.home() / ".config" / "pip" / "pip.conf"


def user_uv_conf() -> Path:
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "uv" / "uv.toml"
    return Path.home() / ".config" / "uv" / "uv.toml"


def render(template: Path, url: str) -> str:
    # 模板里写的是 tuna 地址，按所选镜像替换
    return template.read_text(encoding="utf-8").replace(MIRRORS["tuna"], url)


def write(dst: Path, content: str, dry: bool) -> None:
    if dry:
        print(f"[dry-run] 将写入 {dst}:\n{content}")
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists():
        shutil.copy2(dst, dst.with_suffix(dst.suffix + ".bak"))
        print(f"已备份 {dst} -> {dst.suffix}.bak")
    dst.write_text(content, encoding="utf-8")
    print(f"已写入 {dst}")


def restore(p: Path) -> None:
    bak = p.with_suffix(p.suffix + ".bak")
    if bak.exists():
        shutil.move(bak, p)
        print(f"已恢复 {p}")
    else:
        print(f"{p} 没有备份，跳过")


def main() -> int:
    ap = argparse.ArgumentParser(description="配置 PyPI 国内镜像")
    ap.add_argument("--mirror", choices=sorted(MIRRORS), default="tuna")
    ap.add_argument("--project", action="store_true", help="只写当前虚拟环境（需已激活 venv）")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--restore", action="store_true")
    a = ap.parse_args()
    url = MIRRORS[a.mirror]

    if a.project:
        venv = os.environ.get("VIRTUAL_ENV")
        if not venv:
            print("未检测到已激活的虚拟环境", file=sys.stderr)
            return 2
        targets = [(Path(venv) / ("pip.ini" if platform.system() == "Windows" else "pip.conf"), "pip.conf")]
    else:
        targets = [(user_pip_conf(), "pip.conf"), (user_uv_conf(), "uv.toml")]

    if a.restore:
        for dst, _ in targets:
            restore(dst)
        return 0

    for dst, name in targets:
        write(dst, render(HERE / "config" / name, url), a.dry_run)
    if not a.dry_run:
        subprocess.run([sys.executable, "-m", "pip", "config", "list"], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
