#!/usr/bin/env python3
"""Export local browser bookmarks (Chromium JSON / Firefox places.sqlite) to Markdown or HTML."""
import argparse
import html
import json
import os
import shutil
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

HOME = Path.home()


def chromium_roots():
    if sys.platform == "darwin":
        base = HOME / "Library" / "Application Support"
        return {"chrome": base / "Google/Chrome", "edge": base / "Microsoft Edge", "brave": base / "BraveSoftware/Brave-Browser"}
    if os.name == "nt":
        base = Path(os.environ.get("LOCALAPPDATA", ""))
        return {"chrome": base / "Google/Chrome/User Data", "edge": base / "Microsoft/Edge/User Data", "brave": base / "BraveSoftware/Brave-Browser/User Data"}
    return {"chrome": HOME / ".config/google-chrome", "edge": HOME / ".config/microsoft-edge", "brave": HOME / ".config/BraveSoftware/Brave-Browser"}


def firefox_root():
    if sys.platform == "darwin":
        return HOME / "Library/Application Support/Firefox/Profiles"
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", "")) / "Mozilla/Firefox/Profiles"
    return HOME / ".mozilla/firefox"


def profiles():
    found = []
    for browser, root in chromium_roots().items():
        if root.exists():
            found += [(browser, p.name) for p in root.iterdir() if (p / "Bookmarks").is_file()]
    ff = firefox_root()
    if ff.exists():
        found += [("firefox", p.name) for p in ff.iterdir() if (p / "places.sqlite").is_file()]
    return found


def chromium_tree(browser, profile):
    data = json.loads((chromium_roots()[browser] / profile / "Bookmarks").read_text(encoding="utf-8"))
    def walk(node):
        if node.get("type") == "url":
            return {"title": node.get("name", ""), "url": node["url"]}
        return {"title": node.get("name", ""), "children": [walk(c) for c in node.get("children", [])]}
    return {"title": "Bookmarks", "children": [walk(r) for r in data["roots"].values() if isinstance(r, dict)]}


def firefox_tree(profile):
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "places.sqlite"
        shutil.copy2(firefox_root() / profile / "places.sqlite", copy)
        con = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        rows = con.execute("SELECT b.id, b.parent, b.type, b.title, p.url FROM moz_bookmarks b "
                           "LEFT JOIN moz_places p ON p.id = b.fk ORDER BY b.parent, b.position").fetchall()
        con.close()
    nodes = {1: {"title": "Bookmarks", "children": []}}
    for bid, parent, typ, title, url in rows:
        node = {"title": title or "", "url": url} if typ == 1 else {"title": title or "", "children": []}
        nodes[bid] = node
        if parent in nodes and "children" in nodes[parent]:
            nodes[parent]["children"].append(node)
    return nodes[1]


def to_md(node, depth=0, out=None):
    out = [] if out is None else out
    if "url" in node:
        out.append(f"{'  ' * depth}- [{node['title'] or node['url']}]({node['url']})")
    else:
        if depth:
            out.append(f"{'  ' * (depth - 1)}- **{node['title']}**")
        for c in node["children"]:
            to_md(c, depth + 1, out)
    return out


def to_html(node, depth=1):
    pad = "    " * depth
    if "url" in node:
        return f'{pad}<DT><A HREF="{html.escape(node["url"])}">{html.escape(node["title"])}</A>\n'
    inner = "".join(to_html(c, depth + 1) for c in node["children"])
    return f"{pad}<DT><H3>{html.escape(node['title'])}</H3>\n{pad}<DL><p>\n{inner}{pad}</DL><p>\n"


def urls(node):
    return [node["url"]] if "url" in node else [u for c in node["children"] for u in urls(c)]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("profiles")
    e = sub.add_parser("export")
    e.add_argument("--browser", choices=["chrome", "edge", "brave", "firefox"], required=True)
    e.add_argument("--profile", required=True)
    e.add_argument("--format", choices=["md", "html"], default="md")
    e.add_argument("-o", "--output", required=True)
    e.add_argument("--dupes", action="store_true")
    a = ap.parse_args()
    if a.cmd == "profiles":
        for b, p in profiles():
            print(f"{b:<8} {p}")
        return 0
    tree = firefox_tree(a.profile) if a.browser == "firefox" else chromium_tree(a.browser, a.profile)
    if a.format == "md":
        text = "# Bookmarks\n\n" + "\n".join(to_md(tree)) + "\n"
    else:
        text = "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n" + \
               "".join(to_html(c) for c in tree["children"]) + "</DL><p>\n"
    Path(a.output).write_text(text, encoding="utf-8")
    all_urls = urls(tree)
    print(f"exported {len(all_urls)} bookmarks to {a.output}")
    if a.dupes:
        for u, n in Counter(all_urls).most_common():
            if n > 1:
                print(f"  {n}x {u}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
