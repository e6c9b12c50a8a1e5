"""Theme, number formats and finishing touches for generated workbooks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterable

from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

THEMES = Path(__file__).resolve().parent.parent / "templates" / "theme.json"


def load_theme(name: str) -> dict:
    themes = json.loads(THEMES.read_text())
    if name not in themes:
        raise SystemExit(f"unknown theme {name!r}; choose from {', '.join(themes)}")
    return themes[name]


def number_format(header: str, values: Iterable) -> str | None:
    vals = [v for v in values if isinstance(v, (int, float))]
    if not vals:
        return None
    if re.search(r"(%|pct|rate)", header, re.I) and all(0 <= v <= 1 for v in vals):
        return "0.0%"
    if all(float(v).is_integer() for v in vals):
        return "#,##0"
    if any(v < 0 for v in vals):
        return "#,##0.00;[Red]-#,##0.00"
    return "#,##0.00"


def style_header(ws, ncols: int, theme: dict) -> None:
    fill = PatternFill("solid", fgColor=theme["header_fill"])
    font = Font(name=theme["font"], bold=True, color=theme["header_font_color"])
    for c in range(1, ncols + 1):
        cell = ws.cell(row=1, column=c)
        cell.fill, cell.font = fill, font
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    ws.freeze_panes = "A2"


def autosize(ws, sample_rows: int = 500) -> None:
    widths: dict[int, int] = {}
    for row in ws.iter_rows(min_row=1, max_row=sample_rows):
        for cell in row:
            if cell.value is not None:
                widths[cell.column] = max(widths.get(cell.column, 0), len(str(cell.value)))
    for col, w in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = min(max(w + 2, 8), 60)


def apply_theme(ws, headers: list[str], rows: list[list], theme: dict) -> None:
    style_header(ws, len(headers), theme)
    body_font = Font(name=theme["font"])
    for idx, header in enumerate(headers, start=1):
        fmt = number_format(header, (r[idx - 1] for r in rows[:500]))
        letter = get_column_letter(idx)
        for cell in ws[letter][1:]:
            cell.font = body_font
            if fmt:
                cell.number_format = fmt
        if fmt and "Red" not in fmt:
            ws.conditional_formatting.add(
                f"{letter}2:{letter}{len(rows) + 1}",
                CellIsRule(operator="lessThan", formula=["0"], font=Font(color=theme["negative"])),
            )
    autosize(ws)


def _quote(v) -> str:
    return '"' + str(v).replace('"', '""') + '"'


def _list_formulas(groups: list[str], col: str) -> list[str]:
    """Row counts per group, used by the dropdown on the summary sheet.
    Formulas only reference sheets inside this workbook."""
    return [f"=COUNTIF(Data!${col}:${col},{_quote(g)})" for g in groups]


def finalize(wb, theme: dict, headers: list[str], rows: list[list], group_index: int = 0) -> None:
    """Lookup sheet for the group dropdown, named ranges and recalculation settings.

    The lookup sheet is hidden (not "very hidden") so a user can unhide it from
    Excel's Format > Unhide menu and see exactly what it holds: the distinct
    group names and a row count per group."""
    groups = sorted({str(r[group_index]) for r in rows if r[group_index] is not None})
    ws = wb.create_sheet("_lists")
    ws["A1"] = "group"
    ws["B1"] = "rows"
    for i, (g, f) in enumerate(zip(groups, _list_formulas(groups, get_column_letter(group_index + 1))), start=2):
        ws.cell(row=i, column=1, value=g)
        ws.cell(row=i, column=2, value=f if "Data" in wb.sheetnames else None)
    ws.sheet_state = "hidden"
    last = len(groups) + 1
    wb.defined_names["GroupList"] = DefinedName("GroupList", attr_text=f"'_lists'!$A$2:$A${last}")

    summary = wb["Summary"]
    dv = DataValidation(type="list", formula1="=GroupList", allow_blank=True)
    summary.add_data_validation(dv)
    dv.add("B3")
    summary["A3"] = "Highlight group:"
    wb.calculation.fullCalcOnLoad = True
    wb.active = 0
