#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""导出浏览器书签（只读书签文件）为 Markdown / CSV。"""
import argparse
import csv
import glob
import json
import os
import platform
import shutil
import sqlite3
import sys
import tempfile
import urllib.request


def chromium_path(browser, profile):
    home, system = os.path.expanduser("~"), platform.system()
    sub = {"chrome": ("google-chrome", "Google/Chrome", "Google\\Chrome"),
           "edge": ("microsoft-edge", "Microsoft Edge", "Microsoft\\Edge")}[browser]
    if system == "Linux":
        return os.path.join(home, ".config", sub[0], profile, "Bookmarks")
    if system == "Darwin":
        return os.path.join(home, "Library", "Application Support", sub[1], profile, "Bookmarks")
    return os.path.join(os.environ["LOCALAPPDATA"], sub[2], "User Data", profile, "Bookmarks")


def read_chromium(path):
    data = json.load(open(path, encoding="utf-8"))
    out = []

    def walk(node, folder):
        if node.get("type") == "url":
            out.append({"folder": "/".join(folder), "title": node.get("name", ""), "url": node["url"]})
        for child in node.get("children", []):
            walk(child, folder + [node.get("name", "")] if node.get("type") == "folder" else folder)

    for root_name, root in data.get("roots", {}).items():
        if isinstance(root, dict):
            walk(root, [])
    return out


def read_firefox():
    pats = ["~/.mozilla/firefox/*.default*/places.sqlite",
            "~/Library/Application Support/Firefox/Profiles/*/places.sqlite",
            os.path.join(os.environ.get("APPDATA", ""), "Mozilla/Firefox/Profiles/*/places.sqlite")]
    files = [f for p in pats for f in glob.glob(os.path.expanduser(p))]
    if not files:
        raise FileNotFoundError("未找到 Firefox places.sqlite")
    tmp = os.path.join(tempfile.mkdtemp(), "places.sqlite")
    shutil.copy2(files[0], tmp)  # 浏览器运行时数据库被锁定，复制后读取
    con = sqlite3.connect(tmp)
    rows = con.execute("""
        SELECT parent.title, b.title, p.url FROM moz_bookmarks b
        JOIN moz_places p ON p.id = b.fk
        LEFT JOIN moz_bookmarks parent ON parent.id = b.parent
        WHERE b.type = 1""").fetchall()
    con.close()
    shutil.rmtree(os.path.dirname(tmp), ignore_errors=True)
    return [{"folder": f or "", "title": t or "", "url": u} for f, t, u in rows]


def alive(url):
    try:
        req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "bookmark-check"})
        with urllib.request.urlopen(req, timeout=8) as r:
            return r.status < 400
    except Exception:
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", choices=["chrome", "edge", "firefox"], required=True)
    ap.add_argument("--profile", default="Default")
    ap.add_argument("--format", choices=["md", "csv"], default="md")
    ap.add_argument("--out", required=True)
    ap.add_argument("--dedupe", action="store_true")
    ap.add_argument("--check-links", action="store_true")
    args = ap.parse_args()

    items = read_firefox() if args.browser == "firefox" else read_chromium(chromium_path(args.browser, args.profile))
    total = len(items)
    if args.dedupe:
        seen, uniq = set(), []
        for it in items:
            if it["url"] not in seen:
                seen.add(it["url"]); uniq.append(it)
        items = uniq
    if args.check_links:
        for it in items:
            it["alive"] = alive(it["url"])
    if args.format == "csv":
        with open(args.out, "w", newline="", encoding="utf-8-sig") as fh:
            w = csv.DictWriter(fh, fieldnames=list(items[0].keys()) if items else ["folder", "title", "url"])
            w.writeheader(); w.writerows(items)
    else:
        lines, current = [], None
        for it in sorted(items, key=lambda x: x["folder"]):
            if it["folder"] != current:
                current = it["folder"]
                lines.append(f"\n## {current or '（未分类）'}\n")
            mark = " ❌" if it.get("alive") is False else ""
            lines.append(f"- [{it['title'] or it['url']}]({it['url']}){mark}")
        open(args.out, "w", encoding="utf-8").write("# 书签\n" + "\n".join(lines) + "\n")
    print(f"共读取 {total} 条书签，导出 {len(items)} 条到 {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
