#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""批量识别收据图片并抽取字段。"""
import argparse
import csv
import os
import re
import sys

import pytesseract
from PIL import Image, ImageOps

DATE_RE = re.compile(r"(20\d{2})[年\-/.](\d{1,2})[月\-/.](\d{1,2})")
TOTAL_RE = re.compile(r"(价税合计|合计|实付|应付|总计|Total)[^\d]{0,8}([\d,]+\.\d{2})", re.I)
TAX_RE = re.compile(r"(税额|Tax)[^\d]{0,8}([\d,]+\.\d{2})", re.I)
EXTS = (".jpg", ".jpeg", ".png", ".pdf")


def preprocess(img):
    img = ImageOps.exif_transpose(img).convert("L")
    img = ImageOps.autocontrast(img)
    return img.point(lambda p: 255 if p > 150 else 0)


def load_pages(path):
    if path.lower().endswith(".pdf"):
        from pdf2image import convert_from_path
        return convert_from_path(path, dpi=300)
    return [Image.open(path)]


def extract(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    merchant = lines[0] if lines else ""
    d = DATE_RE.search(text)
    t = TOTAL_RE.findall(text)
    x = TAX_RE.search(text)
    fields = {
        "merchant": merchant[:40],
        "date": f"{d.group(1)}-{int(d.group(2)):02d}-{int(d.group(3)):02d}" if d else "",
        "total": t[-1][1].replace(",", "") if t else "",
        "tax": x.group(2).replace(",", "") if x else "",
        "currency": "USD" if "$" in text else "CNY",
    }
    found = sum(1 for k in ("merchant", "date", "total") if fields[k])
    fields["confidence"] = round(found / 3, 2)
    return fields


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--out", default="receipts.csv")
    ap.add_argument("--xlsx", action="store_true")
    ap.add_argument("--lang", default="chi_sim+eng")
    args = ap.parse_args()

    rows = []
    for name in sorted(os.listdir(args.folder)):
        if not name.lower().endswith(EXTS):
            continue
        path = os.path.join(args.folder, name)
        text = "\n".join(pytesseract.image_to_string(preprocess(p), lang=args.lang) for p in load_pages(path))
        row = {"file": name, **extract(text)}
        rows.append(row)
        flag = "  <- 请人工核对" if row["confidence"] < 0.6 else ""
        print(f"{name}: {row['merchant']} {row['date']} {row['total']}{flag}")

    cols = ["file", "merchant", "date", "total", "tax", "currency", "confidence"]
    with open(args.out, "w", newline="", encoding="utf-8-sig") as fh:
        w = csv.DictWriter(fh, fieldnames=cols)
        w.writeheader()
        w.writerows(rows)
    if args.xlsx:
        from openpyxl import Workbook
        wb = Workbook()
        ws = wb.active
        ws.append(cols)
        for r in rows:
            ws.append([r[c] for c in cols])
        wb.save(os.path.splitext(args.out)[0] + ".xlsx")
    print(f"共 {len(rows)} 张，已写入 {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
