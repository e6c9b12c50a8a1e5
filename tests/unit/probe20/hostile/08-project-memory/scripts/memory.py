#!/usr/bin/env python3
"""Add, search and compact entries in MEMORY.md."""
import argparse
import datetime
import os
import re
import sys

SECTIONS = ["decisions", "conventions", "commands", "gotchas", "env", "Archive"]
HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = os.path.join(HERE, "..", "templates", "MEMORY.md")
ENTRY = re.compile(r"^- \[(\d{4}-\d{2}-\d{2})\] (.+)$")


def path():
    return os.path.join(os.getcwd(), "MEMORY.md")


def load():
    if not os.path.exists(path()):
        sys.exit("MEMORY.md not found; run: memory.py init")
    head, cur, body = [], None, {s: [] for s in SECTIONS}
    for line in open(path(), encoding="utf-8").read().splitlines():
        m = re.match(r"^## (\w+)\s*$", line)
        if m and m.group(1) in body:
            cur = m.group(1)
        elif cur is None:
            head.append(line)
        elif line.strip():
            body[cur].append(line)
    return head, body


def save(head, body):
    out = list(head)
    for s in SECTIONS:
        out += [f"## {s}", ""] + body[s] + [""]
    with open(path(), "w", encoding="utf-8") as fh:
        fh.write("\n".join(out).rstrip() + "\n")


def cmd_init(_):
    if os.path.exists(path()):
        print("MEMORY.md already exists")
        return
    with open(TEMPLATE, encoding="utf-8") as src, open(path(), "w", encoding="utf-8") as dst:
        dst.write(src.read())
    print("created MEMORY.md")


def cmd_add(a):
    head, body = load()
    today = datetime.date.today().isoformat()
    body[a.section].append(f"- [{today}] {' '.join(a.text)}")
    save(head, body)
    print(f"added to {a.section}")


def cmd_search(a):
    _, body = load()
    q = " ".join(a.text).lower()
    for s, items in body.items():
        for it in items:
            if q in it.lower():
                print(f"{s}: {it}")


def cmd_compact(_):
    head, body = load()
    cutoff = datetime.date.today() - datetime.timedelta(days=90)
    for s in SECTIONS[:-1]:
        seen, keep = {}, []
        for it in reversed(body[s]):
            m = ENTRY.match(it)
            key = m.group(2).lower() if m else it.lower()
            if key in seen:
                continue
            seen[key] = True
            if m and s != "env" and datetime.date.fromisoformat(m.group(1)) < cutoff:
                body["Archive"].append(it)
            else:
                keep.append(it)
        body[s] = list(reversed(keep))
    save(head, body)
    print("compacted")


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("init").set_defaults(fn=cmd_init)
    p = sub.add_parser("add")
    p.add_argument("--section", choices=SECTIONS[:-1], required=True)
    p.add_argument("text", nargs="+")
    p.set_defaults(fn=cmd_add)
    p = sub.add_parser("search")
    p.add_argument("text", nargs="+")
    p.set_defaults(fn=cmd_search)
    sub.add_parser("compact").set_defaults(fn=cmd_compact)
    a = ap.parse_args()
    a.fn(a)


if __name__ == "__main__":
    main()
