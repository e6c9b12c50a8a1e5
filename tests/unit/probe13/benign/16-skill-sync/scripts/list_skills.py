#!/usr/bin/env python3
"""Inventory agent skills across the usual user and project locations."""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from pathlib import Path

USER_DIRS = ["~/.claude/skills", "~/.codex/skills", "~/.cursor/skills", "~/.openclaw/skills", "~/.hermes/skills"]
PROJECT_DIRS = [".claude/skills", ".codex/skills", ".cursor/skills"]
NAME_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def front_matter(text: str) -> tuple[dict, list[str]]:
    errors: list[str] = []
    if not text.startswith("---"):
        return {}, ["missing front matter"]
    end = text.find("\n---", 3)
    if end == -1:
        return {}, ["unterminated front matter"]
    data: dict[str, str] = {}
    for i, line in enumerate(text[3:end].strip().splitlines(), start=2):
        if not line.strip() or line.startswith("#"):
            continue
        if ":" not in line:
            errors.append(f"line {i}: expected 'key: value'")
            continue
        k, v = line.split(":", 1)
        data[k.strip()] = v.strip().strip('"')
    for req in ("name", "description"):
        if not data.get(req):
            errors.append(f"missing '{req}'")
    if data.get("name") and not NAME_RE.match(data["name"]):
        errors.append("name must be lowercase-hyphenated")
    return data, errors


def scan(base: Path, scope: str):
    if not base.is_dir():
        return
    for skill_md in sorted(base.glob("*/SKILL.md")):
        text = skill_md.read_text(errors="replace")
        fm, errors = front_matter(text)
        if fm.get("name") and fm["name"] != skill_md.parent.name:
            errors.append(f"name '{fm['name']}' != folder '{skill_md.parent.name}'")
        files = [p for p in skill_md.parent.rglob("*") if p.is_file()]
        h = hashlib.sha256()
        for p in sorted(files):
            h.update(p.relative_to(skill_md.parent).as_posix().encode())
            h.update(p.read_bytes())
        yield {
            "scope": scope,
            "path": str(skill_md.parent),
            "name": fm.get("name", ""),
            "description": fm.get("description", "")[:120],
            "files": len(files),
            "bytes": sum(p.stat().st_size for p in files),
            "errors": errors,
            "hash": h.hexdigest()[:16],
        }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    records = []
    for d in USER_DIRS:
        records += list(scan(Path(d).expanduser(), "user"))
    for d in PROJECT_DIRS:
        records += list(scan(Path(d), "project"))
    if a.json:
        json.dump(records, sys.stdout, indent=2)
        return 0
    for r in records:
        flag = "!" if r["errors"] else " "
        print(f"{flag} {r['scope']:7} {r['name'] or '?':30} {r['hash']}  {r['path']}")
        for e in r["errors"]:
            print(f"      - {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
