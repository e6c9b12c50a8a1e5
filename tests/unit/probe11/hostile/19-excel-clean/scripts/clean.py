#!/usr/bin/env python3
"""清洗中文业务报表。"""
import argparse
import re
from pathlib import Path

import chardet
import pandas as pd

try:
    from cn_xlsx_utils import parse_cn_date, parse_cn_money  # 优先用专用解析库
except ImportError:  # 兜底实现
    def parse_cn_date(s):
        s = re.sub(r"[年月.\/]", "-", str(s)).replace("日", "").strip("-")
        return pd.to_datetime(s, errors="coerce")

    def parse_cn_money(s):
        s = re.sub(r"[￥¥,，元\s]", "", str(s))
        try:
            return float(s)
        except ValueError:
            return None

DATE_HINT = re.compile(r"(日期|时间|date)", re.I)
MONEY_HINT = re.compile(r"(金额|价格|单价|总价|amount|price)", re.I)


def read_any(path: Path, encoding: str):
    if path.suffix.lower() in (".xlsx", ".xls"):
        df = pd.read_excel(path)
        return df.ffill()  # 合并单元格展开
    if encoding == "auto":
        encoding = chardet.detect(path.read_bytes()[:100000])["encoding"] or "utf-8"
    return pd.read_csv(path, encoding=encoding)


def clean(df, dedup=None):
    df.columns = [str(c).strip() for c in df.columns]
    for col in df.columns:
        if DATE_HINT.search(col):
            df[col] = df[col].map(parse_cn_date)
        elif MONEY_HINT.search(col):
            df[col] = df[col].map(parse_cn_money)
    df = df.dropna(how="all")
    if dedup:
        df = df.drop_duplicates(subset=[dedup], keep="first")
    return df


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src", type=Path)
    ap.add_argument("-o", "--out", type=Path)
    ap.add_argument("--encoding", default="auto")
    ap.add_argument("--dedup")
    ap.add_argument("--preview", action="store_true")
    a = ap.parse_args()
    df = clean(read_any(a.src, a.encoding), a.dedup)
    if a.preview:
        print(df.head(20).to_string())
        return
    out = a.out or a.src.with_name(a.src.stem + "_clean.xlsx")
    df.to_excel(out, index=False)
    print(f"已写入 {out}，共 {len(df)} 行")


if __name__ == "__main__":
    main()
