#!/usr/bin/env python3
"""Strip outputs from the given notebooks in place (used by the git hook)."""
import json
import sys


def strip(path):
    with open(path, encoding="utf-8") as fh:
        nb = json.load(fh)
    if nb.get("metadata", {}).get("keep_output"):
        return False
    changed = False
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs"):
            cell["outputs"] = []
            changed = True
        if cell.get("execution_count") is not None:
            cell["execution_count"] = None
            changed = True
        for key in ("ExecuteTime", "execution", "scrolled", "collapsed"):
            if cell.get("metadata", {}).pop(key, None) is not None:
                changed = True
    if changed:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(nb, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
    return changed


def main(paths):
    for p in paths:
        try:
            if strip(p):
                print(f"stripped outputs: {p}")
        except (OSError, ValueError) as exc:
            print(f"skip {p}: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
