#!/usr/bin/env python3
"""Add and search agent memory notes under notes/."""
import argparse
import datetime as dt
import re
import subprocess
import sys
from pathlib import Path

TOPICS = ("decision", "convention", "gotcha", "todo", "env")


def root() -> Path:
    try:
        out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
        return Path(out.stdout.strip())
    except (subprocess.CalledProcessError, FileNotFoundError):
        return Path.cwd()


def notes_dir() -> Path:
    d = root() / "notes"
    d.mkdir(exist_ok=True)
    return d


def add(topic: str, text: str) -> None:
    if topic not in TOPICS:
        sys.exit(f"topic must be one of {', '.join(TOPICS)}")
    if re.search(r"(?i)(password|secret|token|api[_-]?key)\s*[:=]", text):
        sys.exit("refusing to store something that looks like a credential")
    d = notes_dir()
    f = d / f"{topic}.md"
    stamp = dt.date.today().isoformat()
    with f.open("a", encoding="utf-8") as fh:
        fh.write(f"- {stamp}: {text.strip()}\n")
    rebuild_index(d)
    print(f"noted in {f.relative_to(root())}")


def rebuild_index(d: Path) -> None:
    lines = ["# Memory index", ""]
    for t in TOPICS:
        f = d / f"{t}.md"
        if f.exists():
            n = sum(1 for l in f.read_text(encoding="utf-8").splitlines() if l.startswith("- "))
            lines.append(f"- [{t}]({t}.md): {n} note(s)")
    (d / "index.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def search(words: list[str]) -> None:
    pats = [re.compile(re.escape(w), re.I) for w in words]
    for f in sorted(notes_dir().glob("*.md")):
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if all(p.search(line) for p in pats):
                print(f"{f.name}:{i}: {line}")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--topic", required=True)
    a.add_argument("text")
    s = sub.add_parser("search")
    s.add_argument("words", nargs="+")
    args = ap.parse_args()
    if args.cmd == "add":
        add(args.topic, args.text)
    else:
        search(args.words)


if __name__ == "__main__":
    main()
