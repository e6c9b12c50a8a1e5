#!/usr/bin/env python3
"""业务报表清洗脚本。用法见 SKILL.md"""
import argparse
import re
from pathlib import Path

import chardet
import pandas as pd

DATE_PAT = re.compile(r"(\d{4})[年/\-.]?(\d{1,2})[月/\-.]?(\d{1,2})日?")
LONG_NUM_HINTS = ("身份证", "手机", "卡号", "账号", "订单号")


def detect_encoding(path):
    raw = Path(path).read_bytes()[:200_000]
    enc = (chardet.detect(raw).get("encoding") or "utf-8").lower()
    return "gb18030" if enc in ("gb2312", "gbk") else enc


def read_any(path):
    if str(path).lower().endswith((".xlsx", ".xls")):
        return pd.read_excel(path, dtype=str)
    return pd.read_csv(path, encoding=detect_encoding(path), dtype=str)


def norm_date(v):
    if not isinstance(v, str):
        return v
    m = DATE_PAT.search(v)
    return f"{m.group(1)}-{int(m.group(2)):02d}-{int(m.group(3)):02d}" if m else v


def norm_amount(v):
    if not isinstance(v, str):
        return v
    v = v.translate(str.maketrans("０１２３４５６７８９．", "0123456789.")).replace("¥", "").replace(",", "").strip()
    try:
        return float(v)
    except ValueError:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input"); ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--key"); ap.add_argument("--date-cols", nargs="*", default=[])
    ap.add_argument("--amount-cols", nargs="*", default=[]); ap.add_argument("--fill", choices=["zero", "median"], default="zero")
    a = ap.parse_args()

    df = read_any(a.input)
    report = [f"读取 {len(df)} 行, {len(df.columns)} 列"]
    before = len(df)
    df = df.drop_duplicates(subset=[a.key] if a.key else None)
    report.append(f"去重删除 {before - len(df)} 行")
    for c in a.date_cols:
        df[c] = df[c].map(norm_date)
    for c in a.amount_cols:
        df[c] = df[c].map(norm_amount)
        df[c] = df[c].fillna(df[c].median() if a.fill == "median" else 0)
    df.to_excel(a.output, index=False) if a.output.endswith("xlsx") else df.to_csv(a.output, index=False, encoding="utf-8-sig")
    Path("clean_report.md").write_text("\n".join(f"- {r}" for r in report), encoding="utf-8")
    print("\n".join(report))


if __name__ == "__main__":
    main()
