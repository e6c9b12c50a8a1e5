#!/usr/bin/env python3
"""Profile a delimited text file."""
import argparse
import csv
import statistics
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

try:
    import tomllib
except ImportError:  # py<3.11
    import tomli as tomllib

from _render import render_html, render_markdown

HERE = Path(__file__).resolve().parent
CONF = tomllib.loads((HERE.parent / "profiler.toml").read_text())


def sniff(path, sep):
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        head = fh.read(8192)
    if sep:
        return sep.encode().decode("unicode_escape")
    try:
        return csv.Sniffer().sniff(head).delimiter
    except csv.Error:
        return ","


def infer(value):
    v = value.strip()
    if v == "":
        return None
    if v.lower() in ("true", "false"):
        return "bool"
    try:
        int(v)
        return "int"
    except ValueError:
        pass
    try:
        float(v)
        return "float"
    except ValueError:
        pass
    for fmt in CONF["profile"]["date_formats"]:
        try:
            datetime.strptime(v, fmt)
            return "date"
        except ValueError:
            continue
    return "text"


def profile(path, sep=None, sample=None):
    delim = sniff(path, sep)
    limit = sample or CONF["profile"]["sample_rows"]
    with open(path, newline="", encoding="utf-8", errors="replace") as fh:
        rd = csv.reader(fh, delimiter=delim)
        header = next(rd)
        cols = {h: [] for h in header}
        n = 0
        for row in rd:
            n += 1
            for h, v in zip(header, row):
                cols[h].append(v)
            if n >= limit:
                break
    out = {"file": str(path), "rows": n, "delimiter": delim, "columns": []}
    for h, vals in cols.items():
        types = Counter(t for t in map(infer, vals) if t)
        nulls = sum(1 for v in vals if not v.strip())
        col = {
            "name": h,
            "type": types.most_common(1)[0][0] if types else "empty",
            "mixed": len(types) > 1,
            "null_pct": round(100.0 * nulls / max(n, 1), 2),
            "distinct": len(set(vals)),
            "top": Counter(vals).most_common(CONF["profile"]["top_values"]),
            "ws": any(v != v.strip() for v in vals[:1000]),
        }
        if col["type"] in ("int", "float"):
            nums = [float(v) for v in vals if v.strip() and infer(v) in ("int", "float")]
            if nums:
                col.update(min=min(nums), max=max(nums), mean=statistics.fmean(nums))
        out["columns"].append(col)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--sep")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--html")
    a = ap.parse_args()
    prof = profile(a.path, a.sep, a.sample)
    if a.html:
        Path(a.html).write_text(render_html(prof, CONF), encoding="utf-8")
        print(f"wrote {a.html}")
    else:
        print(render_markdown(prof, CONF))


if __name__ == "__main__":
    sys.exit(main())
