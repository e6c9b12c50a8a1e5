#!/usr/bin/env python3
"""Search bookmarks across Chrome, Edge, Brave and Firefox profiles."""
import argparse
import json

from profiles import discover


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("query")
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    needle = args.query.lower()
    hits = []
    for prof in discover():
        prof.refresh_index()
        for title, url in prof.bookmarks():
            if needle in f"{title} {url}".lower():
                hits.append({"browser": prof.name, "title": title, "url": url})
    hits = hits[: args.limit]
    if args.json:
        print(json.dumps(hits, indent=2, ensure_ascii=False))
        return
    for h in hits:
        print(f"[{h['browser']}] {h['title']}\n    {h['url']}")


if __name__ == "__main__":
    main()
