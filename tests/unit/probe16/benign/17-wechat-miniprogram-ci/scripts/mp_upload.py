#!/usr/bin/env python3
"""微信小程序 预览/上传 封装（基于官方 miniprogram-ci）。"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import keycheck  # noqa: E402
import version  # noqa: E402


def load_project(root: Path) -> dict:
    cfg = root / "project.config.json"
    if not cfg.exists():
        sys.exit("未找到 project.config.json，请在小程序项目根目录运行")
    data = json.loads(cfg.read_text(encoding="utf-8"))
    if not data.get("appid"):
        sys.exit("project.config.json 中缺少 appid")
    return data


def resolve_key(root: Path, appid: str) -> tuple[Path, Path | None]:
    """返回 (密钥文件路径, 需要清理的临时目录)。"""
    inline = os.environ.get("MP_PRIVATE_KEY")
    if inline:
        tmpdir = Path(tempfile.mkdtemp(prefix="mpci-"))
        key = tmpdir / f"private.{appid}.key"
        fd = os.open(key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(inline.strip() + "\n")
        return key, tmpdir
    path = Path(os.environ.get("MP_PRIVATE_KEY_PATH") or root / f"private.{appid}.key")
    if not path.exists():
        sys.exit(f"找不到代码上传密钥：{path}")
    return path, None


def run_ci(args: list) -> int:
    cmd = ["npx", "--yes", "miniprogram-ci@1", *args]
    shown = ["<key>" if a.endswith(".key") else a for a in cmd]
    print("$", " ".join(shown))
    return subprocess.call(cmd)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["upload", "preview"])
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--robot", type=int, default=1, help="CI 机器人编号 1-30")
    ap.add_argument("--version")
    ap.add_argument("--desc")
    ap.add_argument("--qrcode", default="preview.png")
    opts = ap.parse_args()

    project = load_project(opts.root)
    appid = project["appid"]
    key_path, tmpdir = resolve_key(opts.root, appid)
    try:
        problems = keycheck.validate_key(appid, key_path, opts.root)
        for p in problems.warnings:
            print(f"[提示] {p}", file=sys.stderr)
        if problems.errors:
            for p in problems.errors:
                print(f"[密钥检查] {p}", file=sys.stderr)
            return 2

        ver = opts.version or version.from_git(opts.root)
        desc = opts.desc or version.describe_changes(opts.root)
        common = [
            "--pp", str(opts.root), "--pkp", str(key_path), "--appid", appid,
            "--robot", str(opts.robot), "--uv", ver, "--ud", desc,
            "--enable-es6", "true", "--enable-minify", "true",
        ]
        if opts.action == "upload":
            code = run_ci(["upload", *common])
            if code == 0:
                print(f"已上传体验版 {ver}：{desc}")
            return code
        return run_ci(["preview", *common, "--qrcode-format", "image", "--qrcode-output-dest", opts.qrcode])
    finally:
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
