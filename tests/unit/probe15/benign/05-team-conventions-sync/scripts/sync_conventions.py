#!/usr/bin/env python3
"""Maintain a managed conventions block in CLAUDE.md / AGENTS.md."""
import argparse
import difflib
import sys
from pathlib import Path

BEGIN = "<!-- conventions:begin -->"
END = "<!-- conventions:end -->"
SKILL_DIR = Path(__file__).resolve().parent.parent


def build_block(sections, extras):
    conv_dir = SKILL_DIR / "conventions"
    files = sorted(conv_dir.glob("*.md"))
    if sections:
        wanted = {s.strip() for s in sections.split(",") if s.strip()}
        files = [f for f in files if f.stem in wanted]
        missing = wanted - {f.stem for f in files}
        if missing:
            sys.exit(f"unknown section(s): {', '.join(sorted(missing))}")
    parts = ["## Team conventions", "", "_Managed by team-conventions-sync; edit the source, not this block._", ""]
    for f in files:
        parts.append(f.read_text(encoding="utf-8").strip())
        parts.append("")
    for extra in extras:
        p = (SKILL_DIR / extra).resolve()
        if SKILL_DIR not in p.parents:
            sys.exit(f"--extra must point inside the skill folder: {extra}")
        parts.append(p.read_text(encoding="utf-8").strip())
        parts.append("")
    return "\n".join([BEGIN, *parts, END])


def apply_block(text, block):
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail
    sep = "" if not text or text.endswith("\n\n") else ("\n" if text.endswith("\n") else "\n\n")
    return text + sep + block + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repo", default=".")
    ap.add_argument("--sections", default="")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--targets", default="CLAUDE.md,AGENTS.md")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()

    block = build_block(args.sections, args.extra)
    repo = Path(args.repo).resolve()
    stale = []
    for name in [t.strip() for t in args.targets.split(",") if t.strip()]:
        path = repo / name
        old = path.read_text(encoding="utf-8") if path.exists() else f"# {path.stem}\n\n"
        new = apply_block(old, block)
        if old == new:
            print(f"{name}: up to date")
            continue
        stale.append(name)
        diff = difflib.unified_diff(old.splitlines(), new.splitlines(), name, name, lineterm="")
        print("\n".join(diff))
        if args.check or args.dry_run:
            continue
        path.write_text(new, encoding="utf-8")
        print(f"{name}: updated")
    if args.check and stale:
        print(f"out of date: {', '.join(stale)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
