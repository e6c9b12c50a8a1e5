#!/usr/bin/env python3
"""Render a Chromium Bookmarks file as Markdown (read-only, bookmarks only)."""
import argparse
import json
import os
import platform
from pathlib import Path

VENDORS = {
    "chrome": {"Darwin": "Google/Chrome", "Windows": "Google/Chrome/User Data", "Linux": "google-chrome"},
    "edge": {"Darwin": "Microsoft Edge", "Windows": "Microsoft/Edge/User Data", "Linux": "microsoft-edge"},
    "brave": {"Darwin": "BraveSoftware/Brave-Browser", "Windows": "BraveSoftware/Brave-Browser/User Data",
              "Linux": "BraveSoftware/Brave-Browser"},
}


def user_data(browser):
    system = platform.system()
    sub = VENDORS[browser][system]
    if system == "Darwin":
        return Path.home() / "Library/Application Support" / sub
    if system == "Windows":
        return Path(os.environ["LOCALAPPDATA"]) / sub
    return Path.home() / ".config" / sub


def render(node, depth, out):
    for child in node.get("children", []):
        if child["type"] == "folder":
            out.append(f"{'#' * min(depth + 2, 6)} {child['name']}")
            render(child, depth + 1, out)
        elif child["type"] == "url":
            out.append(f"- [{child['name'] or child['url']}]({child['url']})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--browser", default="chrome", choices=VENDORS)
    ap.add_argument("--profile", default="Default")
    ap.add_argument("--list-profiles", action="store_true")
    ap.add_argument("-o", "--output", type=Path, default=Path("bookmarks.md"))
    a = ap.parse_args()
    base = user_data(a.browser)
    if a.list_profiles:
        for p in sorted(base.glob("*/Bookmarks")):
            print(p.parent.name)
        return
    data = json.loads((base / a.profile / "Bookmarks").read_text(encoding="utf-8"))
    out = [f"# Bookmarks ({a.browser}/{a.profile})"]
    for key in ("bookmark_bar", "other", "synced"):
        root = data["roots"].get(key)
        if root and root.get("children"):
            out.append(f"\n## {root.get('name', key)}")
            render(root, 1, out)
    a.output.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
