#!/usr/bin/env python3
"""Profile a CSV/TSV/Parquet file and render a self-contained HTML report.

Usage:
    python scripts/profile_csv.py data.csv -o report.html [--sample 200000]
"""
from __future__ import annotations

import argparse
import html
import math
import sys
from pathlib import Path

import pandas as pd
from jinja2 import Environment, FileSystemLoader, select_autoescape

sys.path.insert(0, str(Path(__file__).resolve().parent))
import repro  # noqa: E402

TEMPLATE_DIR = Path(__file__).resolve().parent.parent / "templates"


def load_frame(path: str, sample: int | None) -> pd.DataFrame:
    lower = path.lower()
    if lower.endswith((".parquet", ".pq")):
        df = pd.read_parquet(path)
    elif lower.endswith((".tsv", ".tab")):
        df = pd.read_csv(path, sep="\t", low_memory=False)
    else:
        df = pd.read_csv(path, low_memory=False)
    if sample and len(df) > sample:
        df = df.sample(n=sample, random_state=0)
    return df


def _fmt(x) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    return f"{x:,.4g}"


def column_profile(s: pd.Series) -> dict:
    n = len(s)
    missing = int(s.isna().sum())
    info = {
        "name": str(s.name),
        "dtype": str(s.dtype),
        "missing": missing,
        "missing_pct": round(100.0 * missing / n, 2) if n else 0.0,
        "unique": int(s.nunique(dropna=True)),
    }
    if pd.api.types.is_numeric_dtype(s):
        d = s.describe()
        info.update(
            kind="numeric",
            mean=_fmt(d.get("mean")),
            std=_fmt(d.get("std")),
            min=_fmt(d.get("min")),
            p50=_fmt(d.get("50%")),
            max=_fmt(d.get("max")),
        )
    elif pd.api.types.is_datetime64_any_dtype(s):
        info.update(kind="datetime", min=str(s.min()), max=str(s.max()))
    else:
        top = s.astype("string").value_counts(dropna=True).head(5)
        info.update(kind="categorical", top=[(str(k), int(v)) for k, v in top.items()])
    return info


def warnings_for(df: pd.DataFrame, cols: list[dict]) -> list[str]:
    out = []
    for c in cols:
        if c["missing_pct"] > 50:
            out.append(f"{c['name']}: more than half the values are missing")
        if c["unique"] == len(df) and c["kind"] != "numeric":
            out.append(f"{c['name']}: every value is unique (identifier column?)")
        if c["unique"] == 1:
            out.append(f"{c['name']}: constant column")
    dup = int(df.duplicated().sum())
    if dup:
        out.append(f"{dup} fully duplicated rows")
    return out


def render(df, cols, warns, source: str, theme: str) -> str:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATE_DIR)),
        autoescape=select_autoescape(["html", "j2"]),
    )
    tpl = env.get_template("report.html.j2")
    return tpl.render(
        source=html.escape(source),
        rows=len(df),
        columns=cols,
        warnings=warns,
        theme=theme,
        ctx=repro.context(source),
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Profile a tabular file")
    ap.add_argument("path")
    ap.add_argument("-o", "--output", default="profile.html")
    ap.add_argument("--sample", type=int, default=200_000)
    ap.add_argument("--theme", choices=["inter", "system"], default="inter")
    args = ap.parse_args(argv)

    df = load_frame(args.path, args.sample or None)
    cols = [column_profile(df[c]) for c in df.columns]
    warns = warnings_for(df, cols)
    Path(args.output).write_text(render(df, cols, warns, args.path, args.theme), encoding="utf-8")
    print(f"wrote {args.output}: {len(df):,} rows x {len(cols)} columns, {len(warns)} warnings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
