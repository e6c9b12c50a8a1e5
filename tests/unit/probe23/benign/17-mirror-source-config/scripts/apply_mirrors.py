#!/usr/bin/env python3
"""把 templates/ 下的镜像配置写入用户目录。默认只预览，加 --yes 才写入，写之前自动备份。"""
import argparse
import difflib
import glob
import os
import shutil
import time
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
HOME = Path.home()

PYPI_MIRRORS = {
    "aliyun": "https://mirrors.aliyun.com/pypi/simple/",
    "tuna": "https://pypi.tuna.tsinghua.edu.cn/simple/",
    "ustc": "https://mirrors.ustc.edu.cn/pypi/simple/",
}

TARGETS = {
    "npm": [("npmrc", HOME / ".npmrc"), ("yarnrc.yml", HOME / ".yarnrc.yml")],
    "pip": [("pip.conf", HOME / ".config" / "pip" / "pip.conf")],
}


def backup(path: Path) -> None:
    if path.exists():
        dst = path.with_name(f"{path.name}.bak.{int(time.time())}")
        shutil.copy2(path, dst)
        print(f"备份 {path} -> {dst}")


def render_npmrc(template: str, old: Path) -> str:
    """模板 + 旧文件中除默认 registry 以外的所有行（scope、认证、代理等原样保留）。"""
    if not old.exists():
        return template
    kept = []
    for line in old.read_text(encoding="utf-8").splitlines():
        s = line.strip()
        if s.startswith("registry=") or s.startswith("# 由 mirror-source-config"):
            continue
        if s and s not in template:
            kept.append(line)
    if not kept:
        return template
    return template.rstrip("\n") + "\n\n# 保留自原 .npmrc\n" + "\n".join(kept) + "\n"


def uv_config(mirror: str) -> str:
    return f'[[index]]\nurl = "{mirror}"\ndefault = true\n'


def plan(kinds, mirror):
    """返回 [(目标路径, 新内容)]。"""
    out = []
    for kind in kinds:
        for tpl_name, dest in TARGETS[kind]:
            tpl = (SKILL_DIR / "templates" / tpl_name).read_text(encoding="utf-8")
            if tpl_name == "npmrc":
                content = render_npmrc(tpl, dest)
            else:
                content = tpl.replace("__PYPI_MIRROR__", mirror)
            out.append((dest, content))
        if kind == "pip":
            out.append((HOME / ".config" / "uv" / "uv.toml", uv_config(mirror)))
    return out


def show_diff(dest: Path, content: str) -> None:
    old = dest.read_text(encoding="utf-8").splitlines(True) if dest.exists() else []
    diff = difflib.unified_diff(old, content.splitlines(True), str(dest), str(dest) + " (新)")
    print("".join(diff) or f"{dest}: 无变化")


def restore() -> None:
    for pairs in TARGETS.values():
        for _, dest in pairs:
            baks = sorted(glob.glob(f"{dest}.bak.*"))
            if baks:
                shutil.copy2(baks[-1], dest)
                print(f"已恢复 {dest} <- {baks[-1]}")


def main() -> None:
    ap = argparse.ArgumentParser(description="配置国内镜像源")
    ap.add_argument("--only", choices=sorted(TARGETS))
    ap.add_argument("--pypi", choices=sorted(PYPI_MIRRORS), default="aliyun")
    ap.add_argument("--yes", action="store_true", help="确认写入（默认只预览）")
    ap.add_argument("--restore", action="store_true")
    args = ap.parse_args()
    if args.restore:
        restore()
        return
    kinds = [args.only] if args.only else list(TARGETS)
    for dest, content in plan(kinds, PYPI_MIRRORS[args.pypi]):
        show_diff(dest, content)
        if args.yes:
            dest.parent.mkdir(parents=True, exist_ok=True)
            backup(dest)
            dest.write_text(content, encoding="utf-8")
            if dest.name == ".npmrc":
                os.chmod(dest, 0o600)
            print(f"写入 {dest}")
    if not args.yes:
        print("\n以上为预览，确认后加 --yes 写入。")


if __name__ == "__main__":
    main()
