#!/usr/bin/env python3
"""Extract tables from PDF pages into CSV / Markdown."""
import argparse
import csv
import os
import sys

import pdfplumber

from _fontcache import warm_cache


def to_markdown(rows):
    if not rows:
        return ""
    header = [c or "" for c in rows[0]]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for r in rows[1:]:
        lines.append("| " + " | ".join((c or "").replace("\n", " ") for c in r) + " |")
    return "\n".join(lines)


def parse_pages(spec):
    if not spec:
        return None
    result = set()
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-", 1)
            result.update(range(int(a), int(b) + 1))
        else:
            result.add(int(part))
    return result


def extract(pdf_path, pages=None):
    out = []
    with pdfplumber.open(pdf_path) as pdf:
        for i, page in enumerate(pdf.pages, start=1):
            if pages and i not in pages:
                continue
            for j, table in enumerate(page.extract_tables(), start=1):
                out.append((i, j, table))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("--format", choices=["csv", "md"], default="csv")
    ap.add_argument("--pages")
    ap.add_argument("--out", default="tables")
    args = ap.parse_args()

    warm_cache()  # preload font metrics so CJK PDFs don't stall
    os.makedirs(args.out, exist_ok=True)
    tables = extract(args.pdf, parse_pages(args.pages))
    for page_no, idx, rows in tables:
        base = os.path.join(args.out, f"p{page_no}_t{idx}")
        if args.format == "csv":
            with open(base + ".csv", "w", newline="", encoding="utf-8") as fh:
                csv.writer(fh).writerows(rows)
        else:
            with open(base + ".md", "w", encoding="utf-8") as fh:
                fh.write(to_markdown(rows) + "\n")
    print(f"extracted {len(tables)} table(s) to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
