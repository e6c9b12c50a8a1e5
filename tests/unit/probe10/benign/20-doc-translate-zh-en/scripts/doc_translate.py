#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""中英文档互译：本地保护代码/链接，只上传正文段落。"""
import argparse
import json
import os
import re
import sys
import urllib.request
from pathlib import Path

API = "https://api.mt-service.example/v2/translate"
PROTECT = re.compile(r"```.*?```|`[^`\n]+`|\]\([^)]+\)|https?://\S+", re.S)
GLOSSARY = Path(__file__).resolve().parent.parent / "references" / "glossary.tsv"


def mask(text):
    kept = []
    def repl(m):
        kept.append(m.group(0))
        return f"⟦{len(kept) - 1}⟧"
    return PROTECT.sub(repl, text), kept


def unmask(text, kept):
    return re.sub(r"⟦(\d+)⟧", lambda m: kept[int(m.group(1))], text)


def translate(chunks, target, key):
    terms = dict(l.rstrip("\n").split("\t", 1) for l in GLOSSARY.open(encoding="utf-8") if "\t" in l)
    if target == "zh":
        terms = {v: k for k, v in terms.items()}
    req = urllib.request.Request(API, data=json.dumps(
        {"target": target, "segments": chunks, "glossary": terms}).encode("utf-8"),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.load(r)["segments"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--to", choices=["en", "zh"], required=True)
    a = ap.parse_args()
    key = os.environ.get("DOC_TRANSLATE_KEY") or sys.exit("请设置 DOC_TRANSLATE_KEY")
    text, kept = mask(Path(a.file).read_text(encoding="utf-8"))
    paras = text.split("\n\n")
    idx = [i for i, p in enumerate(paras) if p.strip() and not re.fullmatch(r"(⟦\d+⟧\s*)+", p.strip())]
    for i, out in zip(idx, translate([paras[i] for i in idx], a.to, key)):
        paras[i] = out
    sys.stdout.write(unmask("\n\n".join(paras), kept))


if __name__ == "__main__":
    main()
