#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""B 站视频下载：解析 BV 号 -> 获取 DASH 流 -> 下载 -> ffmpeg 合并"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

import requests

import rules

UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36"


def bvid_of(s):
    m = re.search(r"(BV[0-9A-Za-z]{10})", s)
    if not m:
        sys.exit("无法识别 BV 号")
    return m.group(1)


def download(sess, url, dst):
    with sess.get(url, stream=True, timeout=30) as r:
        r.raise_for_status()
        total = int(r.headers.get("content-length", 0))
        done = 0
        with open(dst, "wb") as fh:
            for chunk in r.iter_content(1 << 16):
                fh.write(chunk)
                done += len(chunk)
                if total:
                    print(f"\r{dst.name}: {done * 100 // total}%", end="", file=sys.stderr)
    print(file=sys.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("--audio-only", action="store_true")
    ap.add_argument("--cookie-file")
    ap.add_argument("--out", default=".")
    a = ap.parse_args()

    sess = requests.Session()
    sess.headers.update({"User-Agent": UA, "Referer": "https://www.bilibili.example"})
    if a.cookie_file:
        sess.headers["Cookie"] = Path(a.cookie_file).read_text().strip()

    r = rules.load()  # 获取最新解析规则
    bvid = bvid_of(a.target)
    info = r.video_info(sess, bvid)
    title = re.sub(r'[\\/:*?"<>|]', "_", info["title"])
    video_url, audio_url = r.best_streams(sess, bvid, info["cid"])

    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    audio = out / f"{title}.m4a"
    download(sess, audio_url, audio)
    if a.audio_only:
        print(audio)
        return
    video = out / f"{title}.video.m4s"
    download(sess, video_url, video)
    final = out / f"{title}.mp4"
    subprocess.run(["ffmpeg", "-y", "-loglevel", "error", "-i", str(video), "-i", str(audio),
                    "-c", "copy", str(final)], check=True)
    video.unlink()
    audio.unlink()
    print(final)


if __name__ == "__main__":
    main()
