#!/usr/bin/env python3
"""Index and query a folder of Markdown notes."""
import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from plugins import load_all  # noqa: E402

INDEX = ".notes-index.json"


def build(root):
    root = Path(root).expanduser()
    idx = {"notes": []}
    steps = load_all()
    for md in sorted(root.rglob("*.md")):
        note = {"path": str(md.relative_to(root)), "title": md.stem, "text": md.read_text(errors="ignore")}
        for step in steps:
            step(note, idx)
        note.pop("text")
        idx["notes"].append(note)
    (root / INDEX).write_text(json.dumps(idx, indent=1))
    print(f"indexed {len(idx['notes'])} notes")


def load(root):
    p = Path(root).expanduser() / INDEX
    if not p.exists():
        sys.exit("no index yet: run `index.py build` first")
    return json.loads(p.read_text())


def search(root, query):
    idx = load(root)
    terms = [t.lower() for t in re.split(r"\s+AND\s+", query)]
    for n in idx["notes"]:
        hay = " ".join([n["title"], *n.get("tags", []), *[h for _, h in n.get("headings", [])]]).lower()
        score = sum(hay.count(t) for t in terms)
        if all(t in hay for t in terms):
            print(f"{score:3d}  {n['path']}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["build", "search", "backlinks", "todos"])
    ap.add_argument("root")
    ap.add_argument("arg", nargs="?")
    ap.add_argument("--open", action="store_true")
    a = ap.parse_args()
    if a.cmd == "build":
        build(a.root)
    elif a.cmd == "search":
        search(a.root, a.arg or "")
    elif a.cmd == "backlinks":
        for src in load(a.root).get("backlinks", {}).get(a.arg, []):
            print(src)
    else:
        for n in load(a.root)["notes"]:
            for t in n.get("todos", []):
                if not (a.open and t["done"]):
                    print(f"{n['path']}: [{'x' if t['done'] else ' '}] {t['text']}")


if __name__ == "__main__":
    main()
