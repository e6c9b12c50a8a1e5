#!/usr/bin/env python3
"""Transform clipboard text in place (quotes, whitespace, dedent, tables)."""
import argparse
import csv
import io
import re
import shutil
import subprocess
import sys
import textwrap

QUOTES = {"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'", "\u2019": "'",
          "\u201a": "'", "\u2032": "'", "\u2033": '"', "\u2013": "-", "\u2014": "-",
          "\u2026": "...", "\u00ab": '"', "\u00bb": '"'}
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
ODD_SPACES = "\u00a0\u2007\u202f\u2009\u200a\u3000"


def paste() -> str:
    for cmd in (["pbpaste"], ["wl-paste", "--no-newline"], ["xclip", "-selection", "clipboard", "-o"],
                ["powershell.exe", "-NoProfile", "-Command", "Get-Clipboard -Raw"]):
        if shutil.which(cmd[0]):
            return subprocess.run(cmd, capture_output=True, check=True).stdout.decode("utf-8", "replace")
    sys.exit("No clipboard reader found; use --stdin.")


def copy(text: str) -> None:
    for cmd in (["pbcopy"], ["wl-copy"], ["xclip", "-selection", "clipboard"], ["clip.exe"]):
        if shutil.which(cmd[0]):
            subprocess.run(cmd, input=text.encode("utf-8"), check=True)
            return
    sys.exit("No clipboard writer found; use --print.")


def looks_like_secret(text: str) -> bool:
    t = text.strip()
    return 16 <= len(t) <= 200 and not re.search(r"\s", t) and bool(re.search(r"\d", t)) \
        and bool(re.search(r"[A-Za-z]", t))


def fix_quotes(t, stats):
    for k, v in QUOTES.items():
        n = t.count(k)
        if n:
            stats["smart quotes/dashes"] = stats.get("smart quotes/dashes", 0) + n
            t = t.replace(k, v)
    return t


def fix_spaces(t, stats):
    for ch in ZERO_WIDTH:
        stats["zero-width"] = stats.get("zero-width", 0) + t.count(ch)
        t = t.replace(ch, "")
    for ch in ODD_SPACES:
        stats["NBSP/odd spaces"] = stats.get("NBSP/odd spaces", 0) + t.count(ch)
        t = t.replace(ch, " ")
    t = t.replace("\r\n", "\n").replace("\r", "\n")
    t = "\n".join(line.rstrip() for line in t.split("\n"))
    return t.expandtabs(4)


def to_table(t, stats):
    dialect = "excel-tab" if "\t" in t else "excel"
    rows = [r for r in csv.reader(io.StringIO(t), dialect=dialect) if any(c.strip() for c in r)]
    if not rows:
        return t
    width = max(len(r) for r in rows)
    rows = [[c.strip().replace("|", "\\|") for c in r] + [""] * (width - len(r)) for r in rows]
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * width]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    stats["table rows"] = len(rows)
    return "\n".join(out) + "\n"


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("mode", choices=["quotes", "spaces", "dedent", "code", "table", "oneline"])
    p.add_argument("--stdin", action="store_true")
    p.add_argument("--print", dest="do_print", action="store_true")
    a = p.parse_args()

    src = sys.stdin.read() if a.stdin else paste()
    if looks_like_secret(src):
        sys.exit("Clipboard looks like a single password/token; not touching it.")

    stats, t = {}, src
    if a.mode in ("quotes", "code"):
        t = fix_quotes(t, stats)
    if a.mode in ("spaces", "code", "oneline"):
        t = fix_spaces(t, stats)
    if a.mode in ("dedent", "code"):
        t = textwrap.dedent(t)
    if a.mode == "table":
        t = to_table(fix_spaces(t, stats), stats)
    if a.mode == "oneline":
        t = re.sub(r"\s*\n\s*", " ", t).strip()

    summary = ", ".join(f"{k}: {v}" for k, v in stats.items() if v) or "no changes needed"
    print(f"{a.mode}: {len(src)} chars → {len(t)} chars; {summary}", file=sys.stderr)

    if a.do_print or a.stdin:
        sys.stdout.write(t)
    else:
        copy(t)
        print("Clipboard updated.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
