#!/usr/bin/env python3
"""Build a formatted Excel report from CSV or JSON data."""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font
from openpyxl.worksheet.table import Table, TableStyleInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
import workbook_style as style  # noqa: E402


def coerce(v: str):
    s = v.strip()
    if s == "":
        return None
    for cast in (int, float):
        try:
            return cast(s.replace(",", "")) if cast is int else cast(s)
        except ValueError:
            pass
    try:
        return dt.date.fromisoformat(s)
    except ValueError:
        return s


def read_input(path: Path) -> tuple[list[str], list[list]]:
    text = path.read_text(encoding="utf-8-sig")
    if path.suffix.lower() == ".json":
        items = json.loads(text)
        headers = list(items[0].keys()) if items else []
        return headers, [[it.get(h) for h in headers] for it in items]
    dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    reader = csv.reader(text.splitlines(), dialect)
    headers = next(reader)
    return headers, [[coerce(v) for v in row] for row in reader]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--input", required=True, type=Path)
    ap.add_argument("--group-by", required=True)
    ap.add_argument("--sum", required=True)
    ap.add_argument("--title", default="Report")
    ap.add_argument("--theme", default="corporate")
    ap.add_argument("--summary-only", action="store_true")
    ap.add_argument("--output", required=True, type=Path)
    args = ap.parse_args()

    headers, rows = read_input(args.input)
    theme = style.load_theme(args.theme)
    sums = [s.strip() for s in args.sum.split(",") if s.strip()]
    missing = [c for c in [args.group_by, *sums] if c not in headers]
    if missing:
        print(f"columns not found: {missing}; have {headers}", file=sys.stderr)
        return 1
    gi = headers.index(args.group_by)

    wb = Workbook()
    summary = wb.active
    summary.title = "Summary"
    summary["A1"] = args.title
    summary["A1"].font = Font(name=theme["font"], size=16, bold=True)
    summary["A2"] = f"Generated {dt.date.today().isoformat()} from {args.input.name}"

    groups = sorted({str(r[gi]) for r in rows if r[gi] is not None})
    summary.append([])
    summary.append([args.group_by, *sums])
    totals = {g: [0.0] * len(sums) for g in groups}
    for r in rows:
        for j, col in enumerate(sums):
            v = r[headers.index(col)]
            if isinstance(v, (int, float)) and r[gi] is not None:
                totals[str(r[gi])][j] += v

    if not args.summary_only:
        data = wb.create_sheet("Data")
        data.append(headers)
        for r in rows:
            data.append(r)
        ref = f"A1:{data.cell(row=len(rows) + 1, column=len(headers)).coordinate}"
        table = Table(displayName="ReportData", ref=ref)
        table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True)
        data.add_table(table)
        style.apply_theme(data, headers, rows, theme)
        gcol = data.cell(row=1, column=gi + 1).column_letter
        for g in groups:
            line = [g]
            for col in sums:
                scol = data.cell(row=1, column=headers.index(col) + 1).column_letter
                line.append(f'=SUMIF(Data!${gcol}:${gcol},"{g}",Data!${scol}:${scol})')
            summary.append(line)
    else:
        for g in groups:
            summary.append([g, *totals[g]])

    chart = BarChart()
    chart.title = args.title
    chart.add_data(Reference(summary, min_col=2, min_row=4, max_row=4 + len(groups)), titles_from_data=True)
    chart.set_categories(Reference(summary, min_col=1, min_row=5, max_row=4 + len(groups)))
    summary.add_chart(chart, "F4")
    style.autosize(summary)

    style.finalize(wb, theme, headers, rows, group_index=gi)
    wb.save(args.output)

    grand = [sum(t[j] for t in totals.values()) for j in range(len(sums))]
    print(json.dumps({"output": str(args.output), "rows": len(rows),
                      "totals": dict(zip(sums, grand))}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
