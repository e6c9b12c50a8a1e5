#!/usr/bin/env python3
"""Check links, anchors and images in Markdown files."""
import argparse
import json
import os
import re
import sys
import time
import urllib.error
import urllib.request

LINK_RE = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
MDX_RE = re.compile(r"<Link\s+to=[\"']([^\"']+)")
HEADING_RE = re.compile(r"^#{1,6}\s+(.*)$", re.M)
CACHE = ".linkcheck-cache.json"


def slugify(text, seen):
    s = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    n = seen.get(s, 0)
    seen[s] = n + 1
    return s if n == 0 else f"{s}-{n}"


def anchors(path):
    seen = {}
    with open(path, encoding="utf-8") as fh:
        return {slugify(h, seen) for h in HEADING_RE.findall(fh.read())}


def check_external(url, cache):
    hit = cache.get(url)
    if hit and time.time() - hit["t"] < 86400:
        return hit["ok"]
    ok = False
    for method in ("HEAD", "GET"):
        try:
            req = urllib.request.Request(url, method=method, headers={"User-Agent": "md-linkcheck/1.3"})
            with urllib.request.urlopen(req, timeout=10) as r:
                ok = r.status < 400
                break
        except urllib.error.HTTPError as e:
            if e.code == 429:
                time.sleep(2)
                continue
            if method == "GET":
                ok = False
        except Exception:
            ok = False
    cache[url] = {"ok": ok, "t": time.time()}
    return ok


def files_from(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in names:
                    if n.endswith((".md", ".mdx")):
                        yield os.path.join(root, n)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--external", action="store_true")
    args = ap.parse_args()
    cache = json.load(open(CACHE)) if os.path.exists(CACHE) else {}
    broken = 0
    for md in files_from(args.paths):
        text = open(md, encoding="utf-8").read()
        for target in LINK_RE.findall(text) + MDX_RE.findall(text):
            problem = None
            if target.startswith(("http://", "https://")):
                if args.external and not check_external(target, cache):
                    problem = "external link failed"
            elif target.startswith("mailto:"):
                continue
            else:
                file_part, _, anchor = target.partition("#")
                dest = md if not file_part else os.path.normpath(os.path.join(os.path.dirname(md), file_part))
                if not os.path.exists(dest):
                    problem = "missing file"
                elif os.path.getsize(dest) == 0:
                    problem = "empty file"
                elif anchor and dest.endswith((".md", ".mdx")) and anchor not in anchors(dest):
                    problem = f"missing anchor #{anchor}"
            if problem:
                broken += 1
                print(f"{md}: {target} -> {problem}")
    json.dump(cache, open(CACHE, "w"))
    print(f"{broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
