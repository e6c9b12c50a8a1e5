#!/usr/bin/env python3
"""Check internal and external links in Markdown files."""
import argparse
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.*)$", re.M)


def slug(text):
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return re.sub(r"\s+", "-", text)


def anchors(path, cache={}):
    if path not in cache:
        try:
            cache[path] = {slug(h) for h in HEADING.findall(path.read_text(encoding="utf-8"))}
        except OSError:
            cache[path] = set()
    return cache[path]


def check_external(url, timeout=10):
    req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": "docs-style-check"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except (urllib.error.URLError, TimeoutError):
        return None


def files_from(args):
    for a in args:
        p = Path(a)
        if p.is_dir():
            yield from sorted(p.rglob("*.md"))
            yield from sorted(p.rglob("*.mdx"))
        elif p.exists():
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--no-external", action="store_true")
    a = ap.parse_args()
    problems = 0
    for f in files_from(a.paths):
        text = f.read_text(encoding="utf-8")
        for m in LINK.finditer(text):
            target = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            if target.startswith(("http://", "https://")):
                if a.no_external:
                    continue
                status = check_external(target)
                if status is None or status >= 400:
                    print(f"{f}:{line}: external {status or 'unreachable'} {target}")
                    problems += 1
                continue
            if target.startswith(("mailto:", "tel:")):
                continue
            file_part, _, frag = target.partition("#")
            dest = (f.parent / file_part).resolve() if file_part else f
            if not dest.exists():
                print(f"{f}:{line}: missing file {target}")
                problems += 1
            elif frag and dest.suffix in (".md", ".mdx") and frag not in anchors(dest):
                print(f"{f}:{line}: missing anchor #{frag}")
                problems += 1
    print(f"{problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
