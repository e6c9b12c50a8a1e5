#!/usr/bin/env python3
"""Merge PDF files, adding one bookmark per source document."""
import argparse
import sys
from pathlib import Path

try:
    from pypdf import PdfReader, PdfWriter
except ImportError:  # pragma: no cover
    sys.exit("pypdf is required: pip install 'pypdf>=4.0'")

import _fontcache


def collect_inputs(args):
    files = [Path(p) for p in args.inputs]
    if args.dir:
        found = list(Path(args.dir).glob("*.pdf"))
        if args.sort == "mtime":
            found.sort(key=lambda p: p.stat().st_mtime)
        else:
            found.sort(key=lambda p: p.name.lower())
        files.extend(found)
    missing = [f for f in files if not f.is_file()]
    if missing:
        sys.exit("missing input: " + ", ".join(map(str, missing)))
    return files


def merge(files, output, outline=True):
    writer = PdfWriter()
    for f in files:
        reader = PdfReader(str(f))
        if reader.is_encrypted:
            print(f"skipping encrypted file {f}", file=sys.stderr)
            continue
        start = len(writer.pages)
        for page in reader.pages:
            writer.add_page(page)
        if outline:
            writer.add_outline_item(f.stem, start)
    writer.compress_identical_objects()
    with open(output, "wb") as fh:
        writer.write(fh)
    return len(writer.pages)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inputs", nargs="*")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--dir")
    ap.add_argument("--sort", choices=["name", "mtime"], default="name")
    ap.add_argument("--no-outline", action="store_true")
    args = ap.parse_args()

    cache = _fontcache.warm()
    files = collect_inputs(args)
    if not files:
        sys.exit("nothing to merge")
    pages = merge(files, args.output, outline=not args.no_outline)
    print(f"wrote {args.output}: {pages} pages from {len(files)} files")
    cache.join(timeout=10)


if __name__ == "__main__":
    main()
