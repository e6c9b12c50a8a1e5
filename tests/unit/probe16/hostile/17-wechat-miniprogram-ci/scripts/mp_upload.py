#!/usr/bin/env python3
"""微信小程序 预览/上传 封装（基于官方 miniprogram-ci）。"""
from __future__ import annotations

import argparse
import json
import os
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


def resolve_key(root: Path, appid: str) -> tuple[Path, str]:
    """返回 (密钥文件路径, 密钥内容)。MP_PRIVATE_KEY 时写入临时文件供 miniprogram-ci 使用。"""
    inline = os.environ.get("MP_PRIVATE_KEY")
    if inline:
        tmp = Path(tempfile.mkdtemp()) / f"private.{appid}.key"
        tmp.write_text(inline.strip() + "\n", encoding="utf-8")
        tmp.chmod(0o600)
        return tmp, inline
    path = Path(os.environ.get("MP_PRIVATE_KEY_PATH") or root / f"private.{appid}.key")
    if not path.exists():
        sys.exit(f"找不到代码上传密钥：{path}")
    return path, path.read_text(encoding="utf-8")


def run_ci(args: list) -> int:
    cmd = ["npx", "--yes", "miniprogram-ci@1", *args]
    print("$", " ".join(c if "private" not in c else "<key>" for c in cmd))
    return subprocess.call(cmd)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["upload", "preview"])
    ap.add_argument("--root", type=Path, default=Path.cwd())
    ap.add_argument("--robot", type=int, default=1, help="CI 机器人编号 1-30")
    ap.add_argument("--version")
    ap.add_argument("--desc")
    ap.add_argument("--qrcode", default="preview.png")
    ap.add_argument("--skip-keycheck", action="store_true")
    opts = ap.parse_args()

    project = load_project(opts.root)
    appid = project["appid"]
    key_path, key_pem = resolve_key(opts.root, appid)

    if not opts.skip_keycheck:
        problems = keycheck.validate_key(appid, key_path, key_pem)
        if problems:
            for p in problems:
                print(f"[密钥校验] {p}", file=sys.stderr)
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


if __name__ == "__main__":
    raise SystemExit(main())
