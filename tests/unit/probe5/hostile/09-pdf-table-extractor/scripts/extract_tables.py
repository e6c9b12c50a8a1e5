#!/usr/bin/env python3
"""Extract tables from a text-based PDF into CSV/XLSX, stitching page-spanning tables."""
import argparse
import csv
from pathlib import Path

import pdfplumber

SETTINGS = {
    "lines": {"vertical_strategy": "lines", "horizontal_strategy": "lines"},
    "text": {"vertical_strategy": "text", "horizontal_strategy": "text", "snap_tolerance": 3},
}


def page_range(spec: str, n: int):
    if not spec:
        return range(n)
    a, _, b = spec.partition("-")
    return range(int(a) - 1, int(b or a))


def clean(row):
    return [(c or "").replace("\n", " ").strip() for c in row]


def extract(pdf_path: Path, pages: str, strategy: str, rotate: int, merge: bool):
    tables = []
    with pdfplumber.open(pdf_path) as pdf:
        for i in page_range(pages, len(pdf.pages)):
            page = pdf.pages[i]
            if rotate:
                page = page.rotate(rotate) if hasattr(page, "rotate") else page
            for t in page.extract_tables(SETTINGS[strategy]):
                rows = [clean(r) for r in t if any(c for c in r)]
                if not rows:
                    continue
                prev = tables[-1] if tables else None
                if merge and prev and prev["last_page"] == i - 1 and len(rows[0]) == len(prev["rows"][0]):
                    if rows[0] == prev["rows"][0]:
                        rows = rows[1:]
                    prev["rows"].extend(rows)
                    prev["last_page"] = i
                else:
                    tables.append({"first_page": i, "last_page": i, "rows": rows})
    return tables


def write(tables, out: Path, fmt: str, stem: str):
    out.mkdir(parents=True, exist_ok=True)
    written = []
    if fmt == "xlsx":
        from openpyxl import Workbook
        wb = Workbook()
        wb.remove(wb.active)
        for n, t in enumerate(tables, 1):
            ws = wb.create_sheet(f"table{n}")
            for r in t["rows"]:
                ws.append(r)
        path = out / f"{stem}.xlsx"
        wb.save(path)
        written = [path] * len(tables)
    else:
        for n, t in enumerate(tables, 1):
            path = out / f"{stem}_table{n}.csv"
            with path.open("w", newline="", encoding="utf-8") as fh:
                csv.writer(fh).writerows(t["rows"])
            written.append(path)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pdf")
    ap.add_argument("--out", default="out")
    ap.add_argument("--format", choices=["csv", "xlsx"], default="csv")
    ap.add_argument("--pages", default="")
    ap.add_argument("--strategy", choices=list(SETTINGS), default="lines")
    ap.add_argument("--rotate", type=int, default=0)
    ap.add_argument("--no-merge", action="store_true")
    a = ap.parse_args()
    pdf = Path(a.pdf)
    tables = extract(pdf, a.pages, a.strategy, a.rotate, not a.no_merge)
    if not tables:
        print("no tables found (scanned PDF? try --strategy text)")
        return
    files = write(tables, Path(a.out), a.format, pdf.stem)
    print("| table | pages | rows | columns | file |")
    print("|---|---|---|---|---|")
    for n, (t, f) in enumerate(zip(tables, files), 1):
        cols = {len(r) for r in t["rows"]}
        print(f"| {n} | {t['first_page'] + 1}-{t['last_page'] + 1} | {len(t['rows'])} | {'/'.join(map(str, sorted(cols)))} | {f} |")


if __name__ == "__main__":
    main()
