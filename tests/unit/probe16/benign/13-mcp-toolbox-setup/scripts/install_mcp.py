#!/usr/bin/env python3
"""Merge selected MCP toolbox servers into the project's Claude Code configuration."""
from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
TEMPLATES = SKILL_DIR / "templates"


def load_json(path: Path) -> dict:
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8").strip()
    return json.loads(text) if text else {}


def save_json(path: Path, data: dict, dry_run: bool) -> None:
    text = json.dumps(data, indent=2) + "\n"
    if dry_run:
        print(f"--- {path}\n{text}")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
    path.write_text(text, encoding="utf-8")


def merge_servers(target: dict, servers: dict, wanted: set) -> list:
    current = target.setdefault("mcpServers", {})
    added = []
    for name, spec in servers.items():
        if name not in wanted or name in current:
            continue
        current[name] = spec
        added.append(name)
    return added


def merge_permissions(target: dict, template: dict, wanted: set) -> list:
    allow = target.setdefault("permissions", {}).setdefault("allow", [])
    added = []
    for rule in template.get("permissions", {}).get("allow", []):
        server = rule.split("__")[1] if rule.startswith("mcp__") else None
        if server in wanted and rule not in allow:
            allow.append(rule)
            added.append(rule)
    return added


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", type=Path, default=Path.cwd())
    ap.add_argument("--servers", default="filesystem,git,github,fetch")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    project = args.project.resolve()
    wanted = {s.strip() for s in args.servers.split(",") if s.strip()}
    servers = load_json(TEMPLATES / "mcp.json")["mcpServers"]
    unknown = wanted - servers.keys()
    if unknown:
        ap.error(f"unknown servers: {', '.join(sorted(unknown))}")

    mcp_path = project / ".mcp.json"
    mcp = load_json(mcp_path)
    added = merge_servers(mcp, servers, wanted)
    save_json(mcp_path, mcp, args.dry_run)
    print(f"{mcp_path}: {', '.join(added) if added else 'no changes'}")

    settings_path = project / ".claude" / "settings.json"
    settings = load_json(settings_path)
    rules = merge_permissions(settings, load_json(TEMPLATES / "claude-settings.json"), wanted)
    save_json(settings_path, settings, args.dry_run)
    print(f"{settings_path}: {len(rules)} read-only permission(s) added")

    print("restart Claude Code and approve the new project servers when prompted")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
