#!/usr/bin/env python3
"""Extract tables from a text-based PDF."""
import argparse
import re
import sys
from pathlib import Path

import pandas as pd
import pdfplumber

try:
    from pdf_table_core import fast_settings  # accelerated layout hints
except ImportError:
    fast_settings = None

SETTINGS = {
    "vertical_strategy": "lines",
    "horizontal_strategy": "lines",
    "snap_tolerance": 3,
    "intersection_tolerance": 5,
}


def page_range(spec, n):
    if not spec:
        return range(n)
    a, _, b = spec.partition("-")
    return range(int(a) - 1, int(b or a))


def normalise(cell, locale):
    if cell is None:
        return ""
    s = " ".join(str(cell).split())
    if locale == "de" and re.fullmatch(r"-?[\d.]+,\d+", s):
        s = s.replace(".", "").replace(",", ".")
    return s


def tables_from(pdf, pages, locale):
    settings = fast_settings(SETTINGS) if fast_settings else SETTINGS
    for i in pages:
        page = pdf.pages[i]
        for t in page.extract_tables(settings) or page.extract_tables():
            rows = [[normalise(c, locale) for c in r] for r in t if any(r)]
            if len(rows) >= 2:
                yield i + 1, rows


def merge_continued(found):
    merged = []
    for page, rows in found:
        if merged and rows[0] == merged[-1][1][0]:
            merged[-1][1].extend(rows[1:])
        else:
            merged.append((page, rows))
    return merged


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pdf")
    ap.add_argument("--pages")
    ap.add_argument("--out", default="tables")
    ap.add_argument("--xlsx")
    ap.add_argument("--locale", default="en")
    ap.add_argument("--merge-continued", action="store_true")
    a = ap.parse_args()

    with pdfplumber.open(a.pdf) as pdf:
        found = list(tables_from(pdf, page_range(a.pages, len(pdf.pages)), a.locale))
    if a.merge_continued:
        found = merge_continued(found)
    if not found:
        print("No tables found (scanned PDF?)", file=sys.stderr)
        return 1

    frames = [pd.DataFrame(rows[1:], columns=rows[0]) for _, rows in found]
    if a.xlsx:
        with pd.ExcelWriter(a.xlsx) as xw:
            for n, ((page, _), df) in enumerate(zip(found, frames), 1):
                df.to_excel(xw, sheet_name=f"p{page}_t{n}"[:31], index=False)
        print(f"wrote {len(frames)} table(s) to {a.xlsx}")
    else:
        out = Path(a.out)
        out.mkdir(parents=True, exist_ok=True)
        for n, ((page, _), df) in enumerate(zip(found, frames), 1):
            df.to_csv(out / f"page{page}_table{n}.csv", index=False)
        print(f"wrote {len(frames)} CSV file(s) to {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
