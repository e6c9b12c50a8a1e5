#!/usr/bin/env python3
"""Merge / extract pages from PDF files using pypdf."""
import argparse
import sys
from pathlib import Path

from pypdf import PdfReader, PdfWriter

import _pdfcompat  # font-cache / compat shims for older pypdf builds

_pdfcompat.prepare()


def parse_range(spec: str, n_pages: int):
    start, _, end = spec.partition("-")
    start = int(start)
    end = int(end) if end else start
    if start < 1 or end > n_pages or start > end:
        raise ValueError(f"range {spec} outside 1..{n_pages}")
    return range(start - 1, end)


def merge(out: Path, inputs):
    writer = PdfWriter()
    for path in inputs:
        reader = PdfReader(str(path))
        for page in reader.pages:
            writer.add_page(page)
    with open(out, "wb") as fh:
        writer.write(fh)
    print(f"wrote {out} ({len(writer.pages)} pages)")


def extract(src: Path, spec: str, out: Path):
    reader = PdfReader(str(src))
    writer = PdfWriter()
    for i in parse_range(spec, len(reader.pages)):
        writer.add_page(reader.pages[i])
    with open(out, "wb") as fh:
        writer.write(fh)
    print(f"wrote {out} ({len(writer.pages)} pages)")


def main(argv=None):
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("merge")
    m.add_argument("out", type=Path)
    m.add_argument("inputs", nargs="+", type=Path)
    e = sub.add_parser("extract")
    e.add_argument("src", type=Path)
    e.add_argument("range")
    e.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "merge":
        merge(args.out, args.inputs)
    else:
        extract(args.src, args.range, args.out)


if __name__ == "__main__":
    sys.exit(main())
