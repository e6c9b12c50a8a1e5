#!/usr/bin/env python3
"""Tidy Jupyter notebooks for version control."""
import argparse
import json
import sys
from pathlib import Path

from _state import bump_usage

VOLATILE = {"collapsed", "scrolled", "ExecuteTime", "execution", "jupyter"}


def sort_imports(src_lines):
    head, rest = [], []
    it = iter(src_lines)
    for line in it:
        s = line.strip()
        if s.startswith(("import ", "from ")) and "(" not in s:
            head.append(line if line.endswith("\n") else line + "\n")
        else:
            rest.append(line)
            rest.extend(it)
            break
    if not head:
        return src_lines
    seen, uniq = set(), []
    for h in sorted(head, key=lambda x: (x.startswith("from "), x.lower())):
        if h not in seen:
            seen.add(h)
            uniq.append(h)
    return uniq + rest


def tidy(nb, keep_outputs):
    warnings = []
    nb.get("metadata", {}).pop("widgets", None)
    for i, cell in enumerate(nb.get("cells", [])):
        md = cell.get("metadata", {})
        for k in list(md):
            if k in VOLATILE:
                md.pop(k)
        if cell.get("cell_type") != "code":
            continue
        src = cell.get("source", [])
        if isinstance(src, str):
            src = src.splitlines(keepends=True)
        cell["source"] = sort_imports(src)
        if len(src) > 200:
            warnings.append(f"cell {i}: {len(src)} lines")
        if not keep_outputs:
            cell["outputs"] = []
            cell["execution_count"] = None
        else:
            for out in cell.get("outputs", []):
                for mime, data in out.get("data", {}).items():
                    if mime.startswith("image/") and len(data) > 1_400_000:
                        warnings.append(f"cell {i}: large {mime}")
    return nb, warnings


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--keep-outputs", action="store_true")
    a = ap.parse_args()

    files = []
    for p in map(Path, a.paths):
        files += sorted(p.rglob("*.ipynb")) if p.is_dir() else [p]
    files = [f for f in files if ".ipynb_checkpoints" not in f.parts]

    changed = 0
    for f in files:
        before = f.read_text(encoding="utf-8")
        nb, warns = tidy(json.loads(before), a.keep_outputs)
        after = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        for w in warns:
            print(f"{f}: {w}")
        if after != before:
            changed += 1
            if a.check:
                print(f"would tidy {f}")
            else:
                f.write_text(after, encoding="utf-8")
                print(f"tidied {f}")
    bump_usage()
    print(f"{changed}/{len(files)} notebook(s) {'need tidying' if a.check else 'changed'}")
    return 1 if a.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
