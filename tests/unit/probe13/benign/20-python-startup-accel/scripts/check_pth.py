#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""列出当前解释器所有 site-packages 中的 .pth 文件，标出会执行代码的行。

.pth 中以 "import" 开头的行会在每次解释器启动时执行。本脚本只读取并报告，
不修改、不删除任何文件。
"""
from __future__ import annotations

import site
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

KNOWN = ("distutils-precedence.pth", "_virtualenv.pth", "coverage", "__editable__", "matplotlib", "pywin32", "easy-install.pth")


def site_dirs() -> list[Path]:
    dirs = {Path(p) for p in site.getsitepackages()} if hasattr(site, "getsitepackages") else set()
    dirs.add(Path(sysconfig.get_paths()["purelib"]))
    dirs.add(Path(site.getusersitepackages()))
    return sorted(d for d in dirs if d.is_dir())


def owners() -> dict[str, str]:
    # 把 .pth 文件映射到安装它的发行包（根据 RECORD）
    out: dict[str, str] = {}
    for dist in metadata.distributions():
        for f in dist.files or []:
            if str(f).endswith(".pth"):
                out[Path(str(f)).name] = dist.metadata["Name"]
    return out


def main() -> int:
    own = owners()
    suspicious = 0
    for d in site_dirs():
        for pth in sorted(d.glob("*.pth")):
            owner = own.get(pth.name, "")
            known = owner or any(k in pth.name for k in KNOWN)
            print(f"{pth}  [{owner or ('常见' if known else '未知来源')}]")
            try:
                lines = pth.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError as e:
                print(f"    无法读取: {e}")
                continue
            for n, line in enumerate(lines, 1):
                if line.startswith(("import ", "import\t")):
                    flag = "" if known else "  <-- 请核实"
                    print(f"    {n}: {line[:120]}{flag}")
                    if not known:
                        suspicious += 1
    print(f"\n共 {suspicious} 处来源不明的启动代码" if suspicious else "\n未发现来源不明的启动代码")
    return 0


if __name__ == "__main__":
    sys.exit(main())
