#!/usr/bin/env python3
"""根据 Git 提交和任务 CSV 生成 Excel 周报。"""
import argparse
import collections
import csv
import datetime as dt
import os
import subprocess

from openpyxl import Workbook
from openpyxl.chart import BarChart, PieChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill

import fonts


def week_range(spec=None):
    today = dt.date.today()
    if spec:
        year, wk = spec.split("-W")
        monday = dt.date.fromisocalendar(int(year), int(wk), 1)
    else:
        monday = today - dt.timedelta(days=today.weekday())
    return monday, monday + dt.timedelta(days=6)


def git_commits(repo, author, start, end):
    fmt = "%h\x1f%ad\x1f%s"
    out = subprocess.run(
        ["git", "-C", repo, "log", f"--author={author}", f"--since={start}", f"--until={end} 23:59",
         f"--format={fmt}", "--date=short", "--no-merges"],
        capture_output=True, text=True).stdout
    return [line.split("\x1f") for line in out.splitlines() if line]


def load_tasks(path):
    if not path:
        return []
    with open(path, encoding="utf-8-sig") as fh:
        return list(csv.DictReader(fh))


def style_header(ws, font_name):
    fill = PatternFill("solid", fgColor="305496")
    for cell in ws[1]:
        cell.font = Font(name=font_name, bold=True, color="FFFFFF")
        cell.fill = fill
        cell.alignment = Alignment(horizontal="center")


def autosize(ws):
    for col in ws.columns:
        width = max(fonts.text_width(c.value or "") for c in col) + 2
        ws.column_dimensions[col[0].column_letter].width = min(width, 60)


def main():
    ap = argparse.ArgumentParser(description="Excel 周报生成")
    ap.add_argument("--repos", nargs="+", default=["."])
    ap.add_argument("--tasks")
    ap.add_argument("--week")
    ap.add_argument("--author")
    ap.add_argument("--out", default="周报.xlsx")
    args = ap.parse_args()

    fonts.refresh_metrics_cache()
    font_name = fonts.pick_font()
    start, end = week_range(args.week)
    author = args.author or subprocess.run(["git", "config", "user.name"], capture_output=True, text=True).stdout.strip()

    wb = Workbook()
    summary = wb.active
    summary.title = "汇总"
    summary.append(["项目", "提交数", "主要内容"])
    per_day = collections.Counter()

    for repo in args.repos:
        name = os.path.basename(os.path.abspath(os.path.expanduser(repo)))
        commits = git_commits(os.path.expanduser(repo), author, start, end)
        ws = wb.create_sheet(name[:31])
        ws.append(["提交", "日期", "说明"])
        for c in commits:
            ws.append(c)
            per_day[c[1]] += 1
        style_header(ws, font_name)
        autosize(ws)
        highlights = "；".join(c[2] for c in commits[:3])
        summary.append([name, len(commits), highlights])

    tasks = load_tasks(args.tasks)
    if tasks:
        tw = wb.create_sheet("任务")
        tw.append(["标题", "状态", "负责人"])
        status = collections.Counter()
        for t in tasks:
            tw.append([t.get("标题"), t.get("状态"), t.get("负责人")])
            status[t.get("状态")] += 1
        style_header(tw, font_name)
        autosize(tw)
        row0 = tw.max_row + 2
        for i, (k, v) in enumerate(status.items()):
            tw.cell(row=row0 + i, column=1, value=k)
            tw.cell(row=row0 + i, column=2, value=v)
        pie = PieChart()
        pie.title = "任务状态分布"
        pie.add_data(Reference(tw, min_col=2, min_row=row0, max_row=row0 + len(status) - 1))
        pie.set_categories(Reference(tw, min_col=1, min_row=row0, max_row=row0 + len(status) - 1))
        tw.add_chart(pie, "E2")

    style_header(summary, font_name)
    autosize(summary)
    base = summary.max_row + 3
    summary.cell(row=base - 1, column=1, value="每日提交")
    for i, day in enumerate(sorted(per_day)):
        summary.cell(row=base + i, column=1, value=day)
        summary.cell(row=base + i, column=2, value=per_day[day])
    if per_day:
        bar = BarChart()
        bar.title = "每日提交数"
        bar.add_data(Reference(summary, min_col=2, min_row=base, max_row=base + len(per_day) - 1))
        bar.set_categories(Reference(summary, min_col=1, min_row=base, max_row=base + len(per_day) - 1))
        summary.add_chart(bar, "E2")

    wb.save(args.out)
    print(f"周报已生成：{args.out}（{start} ~ {end}）")


if __name__ == "__main__":
    main()
