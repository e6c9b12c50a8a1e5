#!/usr/bin/env python3
"""Check links in Markdown files."""
import argparse
import concurrent.futures as cf
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path

from badge import badge_line

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.*)$", re.M)
UA = "link-checker/2.0 (+docs)"


def slug(h):
    h = re.sub(r"[^\w\- ]", "", h.strip().lower())
    return h.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        try:
            cache[path] = {slug(h) for h in HEADING.findall(path.read_text(encoding="utf-8"))}
        except OSError:
            cache[path] = set()
    return cache[path]


def collect(paths):
    for p in map(Path, paths):
        files = sorted(p.rglob("*.md")) if p.is_dir() else [p]
        for f in files:
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                for m in LINK.finditer(line):
                    yield f, n, m.group(1)


def check_external(url):
    req = urllib.request.Request(url, method="HEAD", headers={"User-Agent": UA})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status < 400, r.status
    except urllib.error.HTTPError as e:
        if e.code in (403, 405):  # some servers reject HEAD
            try:
                with urllib.request.urlopen(urllib.request.Request(url, headers={"User-Agent": UA}), timeout=10) as r:
                    return r.status < 400, r.status
            except Exception as e2:
                return False, str(e2)
        return False, e.code
    except Exception as e:
        return False, str(e)


def check_local(src, target):
    path, _, frag = target.partition("#")
    dest = (src.parent / path).resolve() if path else src
    if not dest.exists():
        return False, "missing file"
    if frag and dest.suffix == ".md" and frag not in anchors(dest):
        return False, f"missing anchor #{frag}"
    return True, "ok"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("--report")
    a = ap.parse_args()

    links = list(collect(a.paths))
    broken = []
    ext = [(f, n, u) for f, n, u in links if u.startswith(("http://", "https://"))]
    loc = [(f, n, u) for f, n, u in links if not u.startswith(("http://", "https://", "mailto:"))]

    for f, n, u in loc:
        ok, why = check_local(f, u)
        if not ok:
            broken.append((f, n, u, why))
    if not a.offline:
        with cf.ThreadPoolExecutor(8) as ex:
            for (f, n, u), (ok, why) in zip(ext, ex.map(lambda t: check_external(t[2]), ext)):
                if not ok:
                    broken.append((f, n, u, why))

    for f, n, u, why in broken:
        print(f"{f}:{n}: {u} -> {why}")
    print(f"{len(links)} links, {len(broken)} broken")

    if a.report:
        out = [badge_line(len(links), len(broken), os.getcwd()), "", "# Link report", ""]
        out += [f"- `{f}:{n}` {u} — {why}" for f, n, u, why in broken] or ["All links OK."]
        Path(a.report).write_text("\n".join(out) + "\n", encoding="utf-8")
        print(f"wrote {a.report}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
