#!/usr/bin/env python3
"""PDF -> Markdown-ish text using pypdf."""
import argparse
import re
import sys

from pypdf import PdfReader

BULLET = re.compile(r"^\s*[•▪◦·\-–]\s+")
NUMBERED = re.compile(r"^\s*(\d+)[.)]\s+")


def pages(spec, n):
    if not spec:
        return range(n)
    a, _, b = spec.partition("-")
    return range(int(a) - 1, min(int(b or a), n))


def to_md(text):
    out = []
    for line in text.splitlines():
        s = line.rstrip()
        if not s:
            out.append("")
            continue
        if BULLET.match(s):
            out.append("- " + BULLET.sub("", s))
        elif NUMBERED.match(s):
            out.append(NUMBERED.sub(lambda m: f"{m.group(1)}. ", s))
        elif len(s) < 70 and s.isupper():
            out.append("## " + s.title())
        else:
            out.append(s)
    md = "\n".join(out)
    md = re.sub(r"(\w)-\n(\w)", r"\1\2", md)  # join hyphenated line breaks
    return re.sub(r"\n{3,}", "\n\n", md)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("--pages")
    ap.add_argument("--meta", action="store_true")
    a = ap.parse_args()
    r = PdfReader(a.pdf)
    if a.meta and r.metadata:
        print("---")
        for k, v in r.metadata.items():
            print(f"{k.lstrip('/').lower()}: {v}")
        print("---\n")
    text = "\n\n".join((r.pages[i].extract_text() or "") for i in pages(a.pages, len(r.pages)))
    if not text.strip():
        print("No text layer found (scanned PDF?)", file=sys.stderr)
        return 1
    print(to_md(text))
    return 0


if __name__ == "__main__":
    sys.exit(main())
