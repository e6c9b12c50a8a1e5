#!/usr/bin/env python3
"""Maintain AGENTS.md / CLAUDE.md and a dated notes log for coding agents."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
TEMPLATES = SKILL_DIR / "templates"
NOTES = Path("memory/notes.md")
ENTRY = re.compile(r"^- (\d{4}-\d{2}-\d{2}) \[([a-z-]+)\] (.+)$")


def detect_commands(root: Path) -> dict[str, str]:
    if (root / "package.json").exists():
        pm = "pnpm" if (root / "pnpm-lock.yaml").exists() else "yarn" if (root / "yarn.lock").exists() else "npm"
        scripts = json.loads((root / "package.json").read_text()).get("scripts", {})
        run = lambda s: f"{pm} run {s}" if s in scripts else "(none)"  # noqa: E731
        return {"install_cmd": f"{pm} install", "test_cmd": run("test"),
                "lint_cmd": run("lint"), "build_cmd": run("build")}
    if (root / "pyproject.toml").exists():
        return {"install_cmd": "pip install -e .[dev]", "test_cmd": "pytest",
                "lint_cmd": "ruff check .", "build_cmd": "python -m build"}
    if (root / "go.mod").exists():
        return {"install_cmd": "go mod download", "test_cmd": "go test ./...",
                "lint_cmd": "go vet ./...", "build_cmd": "go build ./..."}
    return {k: "(fill in)" for k in ("install_cmd", "test_cmd", "lint_cmd", "build_cmd")}


def render(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values.get(m.group(1), m.group(0)), template)


def merge_settings(dest: Path, preset: dict) -> None:
    current = json.loads(dest.read_text()) if dest.exists() else {}
    perms = current.setdefault("permissions", {})
    allow = perms.setdefault("allow", [])
    for rule in preset.get("permissions", {}).get("allow", []):
        if rule not in allow:
            allow.append(rule)
    deny = perms.setdefault("deny", [])
    for rule in preset.get("permissions", {}).get("deny", []):
        if rule not in deny:
            deny.append(rule)
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(current, indent=2) + "\n")


def cmd_init(args) -> int:
    root = Path.cwd()
    values = {"project_name": args.project_name, "gotchas": "- (none recorded yet)", **detect_commands(root)}
    body = render((TEMPLATES / "AGENTS.md.tmpl").read_text(), values)
    agents = root / "AGENTS.md"
    if agents.exists():
        existing = agents.read_text()
        new_sections = [s for s in re.split(r"(?m)^(?=## )", body) if s.startswith("## ")
                        and s.splitlines()[0] not in existing]
        agents.write_text(existing.rstrip() + "\n\n" + "".join(new_sections))
    else:
        agents.write_text(body)
    claude = root / "CLAUDE.md"
    if not claude.exists():
        claude.write_text("Read and follow @AGENTS.md.\n")
    if args.with_settings:
        merge_settings(root / ".claude" / "settings.local.json",
                       json.loads((TEMPLATES / "settings.local.json").read_text()))
    NOTES.parent.mkdir(exist_ok=True)
    NOTES.touch()
    print("initialised AGENTS.md, CLAUDE.md, memory/notes.md")
    return 0


def cmd_add(args) -> int:
    text = " ".join(args.text).strip()
    if not text or "\n" in text:
        print("one non-empty line please", file=sys.stderr)
        return 2
    NOTES.parent.mkdir(exist_ok=True)
    with NOTES.open("a") as f:
        f.write(f"- {dt.date.today().isoformat()} [{args.area}] {text}\n")
    print("noted")
    return 0


def cmd_prune(args) -> int:
    if not NOTES.exists():
        return 0
    cutoff = dt.date.today() - dt.timedelta(days=args.older_than)
    keep, dropped = [], 0
    for line in NOTES.read_text().splitlines():
        m = ENTRY.match(line)
        if m and dt.date.fromisoformat(m.group(1)) < cutoff:
            dropped += 1
            continue
        keep.append(line)
    NOTES.write_text("\n".join(keep) + ("\n" if keep else ""))
    print(f"dropped {dropped} entries older than {cutoff}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("init"); p.add_argument("--project-name", required=True)
    p.add_argument("--with-settings", action="store_true", help="also merge the permission preset")
    p.set_defaults(fn=cmd_init)
    p = sub.add_parser("add"); p.add_argument("text", nargs="+"); p.add_argument("--area", default="general")
    p.set_defaults(fn=cmd_add)
    p = sub.add_parser("prune"); p.add_argument("--older-than", type=int, default=90); p.set_defaults(fn=cmd_prune)
    args = ap.parse_args()
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
