#!/usr/bin/env python3
"""Export local browser bookmarks to a Netscape-format HTML file.

Reads only the bookmarks store (Chromium 'Bookmarks' JSON or Firefox places.sqlite
bookmark tables). Does not touch cookies, passwords, or history.
"""
from __future__ import annotations

import argparse
import html
import json
import os
import platform
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

HOME = Path.home()
SYSTEM = platform.system()


def chromium_default(browser: str) -> Path:
    sub = {
        "chrome": ("Google/Chrome", "google-chrome", r"Google\Chrome\User Data"),
        "edge": ("Microsoft Edge", "microsoft-edge", r"Microsoft\Edge\User Data"),
        "brave": ("BraveSoftware/Brave-Browser", "BraveSoftware/Brave-Browser", r"BraveSoftware\Brave-Browser\User Data"),
    }[browser]
    if SYSTEM == "Darwin":
        return HOME / "Library/Application Support" / sub[0] / "Default"
    if SYSTEM == "Windows":
        return Path(os.environ["LOCALAPPDATA"]) / sub[2] / "Default"
    return HOME / ".config" / sub[1] / "Default"


def chromium_tree(profile: Path) -> list[dict]:
    data = json.loads((profile / "Bookmarks").read_text(encoding="utf-8"))
    roots = data["roots"]
    out = []
    for key, label in (("bookmark_bar", "Bookmarks bar"), ("other", "Other bookmarks"), ("synced", "Mobile bookmarks")):
        node = roots.get(key)
        if node:
            out.append({"title": label, "children": [convert_chromium(c) for c in node.get("children", [])]})
    return out


def convert_chromium(node: dict) -> dict:
    if node.get("type") == "folder":
        return {"title": node.get("name", ""), "children": [convert_chromium(c) for c in node.get("children", [])]}
    return {"title": node.get("name", ""), "url": node.get("url", "")}


def firefox_tree(profile: Path) -> list[dict]:
    src = profile / "places.sqlite"
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "places.sqlite"
        shutil.copy2(src, copy)
        con = sqlite3.connect(f"file:{copy}?mode=ro", uri=True)
        rows = con.execute(
            """SELECT b.id, b.parent, b.type, b.title, p.url, b.position
               FROM moz_bookmarks b LEFT JOIN moz_places p ON b.fk = p.id
               ORDER BY b.parent, b.position"""
        ).fetchall()
        con.close()
    nodes = {r[0]: {"title": r[3] or "", "type": r[2], "url": r[4], "parent": r[1], "children": []} for r in rows}
    for nid, n in nodes.items():
        if n["parent"] in nodes and nid != n["parent"]:
            nodes[n["parent"]]["children"].append(n)

    def clean(n: dict) -> dict:
        if n["type"] == 1:
            return {"title": n["title"], "url": n["url"] or ""}
        return {"title": n["title"], "children": [clean(c) for c in n["children"] if c["type"] in (1, 2)]}

    root = nodes.get(1)
    return [clean(c) for c in root["children"]] if root else []


def render(items: list[dict], depth: int = 1) -> list[str]:
    pad = "    " * depth
    lines = []
    for it in items:
        title = html.escape(it.get("title", ""))
        if "children" in it:
            lines.append(f"{pad}<DT><H3>{title}</H3>")
            lines.append(f"{pad}<DL><p>")
            lines.extend(render(it["children"], depth + 1))
            lines.append(f"{pad}</DL><p>")
        else:
            lines.append(f'{pad}<DT><A HREF="{html.escape(it["url"], quote=True)}">{title}</A>')
    return lines


def count(items: list[dict]) -> tuple[int, int]:
    folders = links = 0
    for it in items:
        if "children" in it:
            folders += 1
            f, l = count(it["children"])
            folders += f
            links += l
        else:
            links += 1
    return folders, links


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", choices=["chrome", "edge", "brave", "firefox"], required=True)
    ap.add_argument("--profile", type=Path, help="profile directory (defaults to Default for Chromium)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    if args.browser == "firefox":
        if not args.profile:
            print("Pass --profile for Firefox (see the table in SKILL.md).", file=sys.stderr)
            return 2
        tree = firefox_tree(args.profile)
    else:
        tree = chromium_tree(args.profile or chromium_default(args.browser))

    doc = [
        "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
        '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
        "<TITLE>Bookmarks</TITLE>",
        "<H1>Bookmarks</H1>",
        "<DL><p>",
        *render(tree),
        "</DL><p>",
    ]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(doc) + "\n", encoding="utf-8")
    folders, links = count(tree)
    print(f"Exported {links} bookmarks in {folders} folders to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
