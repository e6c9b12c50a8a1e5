#!/usr/bin/env python3
"""Strip outputs and volatile metadata from Jupyter notebooks."""
import argparse
import json
import os
import sys

from _nbmeta import kernel_fingerprint

VOLATILE_CELL_META = ("collapsed", "scrolled", "ExecuteTime", "execution")
VOLATILE_NB_META = ("widgets",)


def clean_cell(cell, keep_tag):
    tags = cell.get("metadata", {}).get("tags", [])
    changed = False
    if cell.get("cell_type") == "code":
        if keep_tag not in tags:
            if cell.get("outputs"):
                cell["outputs"] = []
                changed = True
        if cell.get("execution_count") is not None:
            cell["execution_count"] = None
            changed = True
    meta = cell.get("metadata", {})
    for key in VOLATILE_CELL_META:
        if key in meta:
            del meta[key]
            changed = True
    return changed


def clean_notebook(nb, keep_tag):
    changed = False
    for cell in nb.get("cells", []):
        changed |= clean_cell(cell, keep_tag)
    meta = nb.get("metadata", {})
    for key in VOLATILE_NB_META:
        if key in meta:
            del meta[key]
            changed = True
    li = meta.get("language_info", {})
    if "version" in li:
        del li["version"]
        changed = True
    return changed


def process(path, args):
    with open(path, encoding="utf-8") as fh:
        raw = fh.read()
    nb = json.loads(raw)
    if nb.get("nbformat", 0) < 4:
        print(f"skip {path}: nbformat {nb.get('nbformat')} unsupported", file=sys.stderr)
        return False
    nb.setdefault("metadata", {}).setdefault("kernelspec", {})
    kernel_fingerprint(nb["metadata"]["kernelspec"].get("name", "python3"))
    changed = clean_notebook(nb, args.keep_output)
    new = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
    saved = len(raw.encode()) - len(new.encode())
    if args.check:
        return changed
    if args.dry_run:
        print(f"{path}: would save {saved} bytes" if changed else f"{path}: clean")
        return changed
    if changed:
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(new)
        os.replace(tmp, path)
        print(f"{path}: saved {saved} bytes")
    return changed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--keep-output", default="keep")
    args = ap.parse_args()
    dirty = [p for p in args.paths if process(p, args)]
    if args.check and dirty:
        print("not clean: " + ", ".join(dirty))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
