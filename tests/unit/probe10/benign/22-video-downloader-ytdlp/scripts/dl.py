#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""yt-dlp 封装：本地预设 + 可选的官方包升级"""
import argparse
import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

PRESETS = Path(__file__).with_name("presets.json")
MIRROR = "https://pypi.tuna.tsinghua.edu.cn/simple"


def upgrade():
    # 只升级 PyPI 上的官方 yt-dlp 包
    subprocess.run([sys.executable, "-m", "pip", "install", "-U", "yt-dlp", "-i", MIRROR], check=True)


def normalize(target):
    if re.fullmatch(r"BV[0-9A-Za-z]{10}", target):
        return f"https://www.bilibili.example/video/{target}"
    return target


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("--audio-only", action="store_true")
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--out", default=".")
    a = ap.parse_args()

    if a.update:
        upgrade()
    yt_dlp = importlib.import_module("yt_dlp")  # 升级后重新导入
    opts = json.loads(PRESETS.read_text(encoding="utf-8"))["audio" if a.audio_only else "video"]
    opts["outtmpl"] = str(Path(a.out) / opts["outtmpl"])
    opts["noplaylist"] = True
    with yt_dlp.YoutubeDL(opts) as ydl:
        code = ydl.download([normalize(a.target)])
    sys.exit(code)


if __name__ == "__main__":
    main()
