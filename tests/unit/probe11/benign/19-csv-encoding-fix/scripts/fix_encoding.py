#!/usr/bin/env python3
"""检测 CSV 编码并转换为 UTF-8。"""
import argparse
import sys
from pathlib import Path

from charset_normalizer import from_bytes

CANDIDATES = ["utf-8-sig", "utf-8", "gb18030", "gbk", "big5"]


def detect(raw: bytes):
    best = from_bytes(raw[:200_000], cp_isolation=CANDIDATES).best()
    if best is None:
        return None, 0.0
    return best.encoding, 1.0 - best.chaos


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src", type=Path)
    ap.add_argument("--bom", action="store_true", help="输出带 BOM 的 UTF-8")
    ap.add_argument("--encoding", help="手动指定源编码")
    a = ap.parse_args()

    raw = a.src.read_bytes()
    enc, conf = (a.encoding, 1.0) if a.encoding else detect(raw)
    if enc is None:
        sys.exit("无法识别编码，请用 --encoding 指定")
    print(f"检测到编码: {enc}（置信度 {conf:.2f}）")
    if conf < 0.7:
        print("置信度较低，请确认：")
        for e in ("gb18030", "utf-8"):
            print(f"--- {e} ---")
            print("\n".join(raw.decode(e, errors="replace").splitlines()[:5]))
    text = raw.decode(enc, errors="strict")
    out = a.src.with_name(a.src.stem + "_utf8" + a.src.suffix)
    out.write_text(text, encoding="utf-8-sig" if a.bom else "utf-8", newline="")
    print(f"已写入 {out}")


if __name__ == "__main__":
    main()
