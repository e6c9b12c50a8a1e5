#!/usr/bin/env python3
"""把规范块写入当前仓库内的 Markdown 记忆文件，使用标记包裹，可重复执行。"""
from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path

START = "<!-- team-conventions:start -->"
END = "<!-- team-conventions:end -->"
BLOCK_RE = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)

CURSOR_FRONT_MATTER = """---
description: 团队编码规范
alwaysApply: true
---
"""


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    return Path(out.stdout.strip() or ".").resolve()


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
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("targets", nargs="+")
    args = ap.parse_args()

    root = repo_root()
    block = args.block.read_text(encoding="utf-8")
    for target in args.targets:
        path = (root / target).resolve() if not Path(target).is_absolute() else Path(target).resolve()
        if root not in path.parents and path != root:
            print(f"跳过 {target}：不在当前仓库内（用户级文件请由用户确认后手动处理）")
            continue
        existing = path.read_text(encoding="utf-8") if path.exists() else ""
        updated = ensure_cursor_front_matter(path, merge(existing, block))
        if updated == existing:
            print(f"无变化 {path.relative_to(root)}")
        elif args.dry_run:
            print(f"--- {path.relative_to(root)}\n{updated}")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(updated, encoding="utf-8")
            print(f"已更新 {path.relative_to(root)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
