#!/usr/bin/env python3
"""Compact a CLAUDE.md / AGENTS.md memory file.

- removes exact duplicate bullets within a section,
- drops empty bullets and trailing whitespace,
- keeps section order but sorts bullets in "Commands" and "Environment",
- prints a before/after line count.
"""
import re
import sys
from pathlib import Path

SORTED_SECTIONS = {"commands", "environment"}


def split_sections(text):
    sections = []
    current = {"title": None, "lines": []}
    for line in text.splitlines():
        if re.match(r"^##\s+", line):
            sections.append(current)
            current = {"title": line, "lines": []}
        else:
            current["lines"].append(line.rstrip())
    sections.append(current)
    return sections


def compact_lines(lines, sort):
    seen = set()
    bullets, other = [], []
    for line in lines:
        if line.startswith("- "):
            body = line[2:].strip()
            if not body or body == "..." or body.lower() in seen:
                continue
            seen.add(body.lower())
            bullets.append(f"- {body}")
        elif line.strip() or (other and other[-1].strip()):
            other.append(line)
    if sort:
        bullets.sort(key=str.lower)
    head = [l for l in other if not l.startswith("<!--")] if bullets else other
    comments = [l for l in other if l.startswith("<!--")]
    return comments + head + bullets


def compact(text):
    out = []
    for sec in split_sections(text):
        title = sec["title"]
        name = re.sub(r"^##\s+", "", title).strip().lower() if title else ""
        body = compact_lines(sec["lines"], name in SORTED_SECTIONS) if title else sec["lines"]
        if title:
            out.append("")
            out.append(title)
            out.append("")
        out.extend(l for l in body)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def main():
    if len(sys.argv) != 2:
        print("usage: compact_memory.py <CLAUDE.md|AGENTS.md>", file=sys.stderr)
        return 2
    path = Path(sys.argv[1])
    before = path.read_text()
    after = compact(before)
    path.write_text(after)
    print(f"{path}: {len(before.splitlines())} -> {len(after.splitlines())} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
