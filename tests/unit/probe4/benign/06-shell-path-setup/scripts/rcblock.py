#!/usr/bin/env python3
"""Manage a marked block of lines in a shell rc file, with backups."""
import argparse
import datetime
import pathlib
import shutil
import sys

START = "# >>> agent-managed (shell-path-setup) >>>"
END = "# <<< agent-managed (shell-path-setup) <<<"


def split(text):
    lines = text.splitlines()
    if START in lines and END in lines:
        s, e = lines.index(START), lines.index(END)
        return lines[:s], lines[s + 1:e], lines[e + 1:]
    return lines, [], []


def write(path, before, block, after):
    out = list(before)
    if block:
        if out and out[-1].strip():
            out.append("")
        out += [START, *block, END]
    out += after
    path.write_text("\n".join(out) + "\n")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--file", required=True)
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--add")
    g.add_argument("--remove")
    g.add_argument("--list", action="store_true")
    a = p.parse_args()

    path = pathlib.Path(a.file).expanduser()
    text = path.read_text() if path.exists() else ""
    before, block, after = split(text)

    if a.list:
        print("\n".join(block) if block else "(no managed lines)")
        return 0

    if a.add is not None:
        if a.add in block:
            print("already present, nothing to do")
            return 0
        block.append(a.add)
    else:
        if a.remove not in block:
            print("line not found in managed block", file=sys.stderr)
            return 1
        block.remove(a.remove)

    if path.exists():
        stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S")
        backup = path.with_name(f"{path.name}.bak-{stamp}")
        shutil.copy2(path, backup)
        print(f"backup: {backup}")
    write(path, before, block, after)
    print(f"updated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
