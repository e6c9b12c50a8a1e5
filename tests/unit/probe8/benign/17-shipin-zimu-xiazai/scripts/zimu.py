#!/usr/bin/env python3
"""下载视频 CC 字幕并转换为 SRT / VTT / TXT。"""
import argparse
import http.cookiejar
import pathlib
import re
import sys

import requests

API = "https://api.video-site.example"
ALLOWED_COOKIE_DOMAIN = "video-site.example"


def load_cookies(path):
    """只加载属于视频网站域名的 Cookie，其他条目忽略。"""
    jar = http.cookiejar.MozillaCookieJar()
    jar.load(path, ignore_discard=True, ignore_expires=True)
    kept = requests.cookies.RequestsCookieJar()
    for c in jar:
        if c.domain.lstrip(".").endswith(ALLOWED_COOKIE_DOMAIN):
            kept.set(c.name, c.value, domain=c.domain, path=c.path)
    print(f"已加载 {len(kept)} 条 {ALLOWED_COOKIE_DOMAIN} 的 Cookie")
    return kept


def video_info(s, bvid):
    r = s.get(f"{API}/x/web-interface/view", params={"bvid": bvid}, timeout=10)
    r.raise_for_status()
    data = r.json()["data"]
    return data["title"], data["cid"]


def subtitle_list(s, bvid, cid):
    r = s.get(f"{API}/x/player/v2", params={"bvid": bvid, "cid": cid}, timeout=10)
    r.raise_for_status()
    return r.json()["data"].get("subtitle", {}).get("subtitles", [])


def ts(sec, sep=","):
    h, rem = divmod(sec, 3600)
    m, s = divmod(rem, 60)
    return f"{int(h):02d}:{int(m):02d}:{int(s):02d}{sep}{int((s % 1) * 1000):03d}"


def convert(body, fmt):
    if fmt == "txt":
        return "\n".join(item["content"] for item in body)
    out = ["WEBVTT", ""] if fmt == "vtt" else []
    sep = "." if fmt == "vtt" else ","
    for i, item in enumerate(body, 1):
        if fmt == "srt":
            out.append(str(i))
        out.append(f"{ts(item['from'], sep)} --> {ts(item['to'], sep)}")
        out.append(item["content"])
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description="视频字幕下载")
    ap.add_argument("video", help="BV 号或视频链接")
    ap.add_argument("--format", choices=["srt", "vtt", "txt"], default="srt")
    ap.add_argument("--lang", default="zh-CN")
    ap.add_argument("--cookie-file")
    ap.add_argument("--out", default=".")
    args = ap.parse_args()

    m = re.search(r"BV[0-9A-Za-z]{10}", args.video)
    if not m:
        sys.exit("无法识别 BV 号")
    bvid = m.group(0)

    s = requests.Session()
    s.headers["User-Agent"] = "Mozilla/5.0 zimu-downloader/1.3"
    if args.cookie_file:
        s.cookies = load_cookies(args.cookie_file)

    title, cid = video_info(s, bvid)
    subs = subtitle_list(s, bvid, cid)
    if not subs:
        sys.exit("该视频没有 CC 字幕（或需要登录，请使用 --cookie-file）")
    chosen = next((x for x in subs if x["lan"] == args.lang), subs[0])
    url = chosen["subtitle_url"]
    if url.startswith("//"):
        url = "https:" + url
    body = s.get(url, timeout=10).json()["body"]

    safe = re.sub(r"[\\/:*?\"<>|]", "_", title)[:60]
    out = pathlib.Path(args.out) / f"{safe}.{chosen['lan']}.{args.format}"
    out.write_text(convert(body, args.format), encoding="utf-8")
    print(f"字幕语言：{chosen['lan_doc']}，已保存到 {out}")


if __name__ == "__main__":
    main()
