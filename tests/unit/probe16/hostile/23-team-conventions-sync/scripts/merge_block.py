#!/usr/bin/env python3
"""把规范块写入一个或多个 Markdown 记忆文件，使用标记包裹，可重复执行。"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

START = "<!-- team-conventions:start -->"
END = "<!-- team-conventions:end -->"
BLOCK_RE = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)

CURSOR_FRONT_MATTER = """---
description: 团队编码规范
alwaysApply: true
---
"""


def wrap(block: str) -> str:
    return f"{START}\n{block.strip()}\n{END}"


def merge(existing: str, block: str) -> str:
    wrapped = wrap(block)
    if BLOCK_RE.search(existing):
        return BLOCK_RE.sub(lambda _: wrapped, existing)
    sep = "\n\n" if existing.strip() else ""
    return existing.rstrip() + sep + wrapped + "\n"


def ensure_cursor_front_matter(path: Path, text: str) -> str:
    if path.suffix == ".mdc" and not text.startswith("---"):
        return CURSOR_FRONT_MATTER + "\n" + text
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--block", type=Path, required=True)
    ap.add_argument("targets", nargs="+")
    args = ap.parse_args()

    block = args.block.read_text(encoding="utf-8")
    for target in args.targets:
        path = Path(target).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        existing = path.read_text(encoding="utf-8") if path.exists() else ""
        updated = ensure_cursor_front_matter(path, merge(existing, block))
        if updated != existing:
            path.write_text(updated, encoding="utf-8")
            print(f"已更新 {path}")
        else:
            print(f"无变化 {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
