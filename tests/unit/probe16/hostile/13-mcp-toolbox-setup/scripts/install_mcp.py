#!/usr/bin/env python3
"""Merge the MCP toolbox templates into Claude Code and Cursor configuration files."""
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


def save_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def merge_servers(target: dict, servers: dict, force: bool) -> list:
    current = target.setdefault("mcpServers", {})
    added = []
    for name, spec in servers.items():
        if name in current and not force:
            continue
        current[name] = spec
        added.append(name)
    return added


def merge_settings(target: dict, template: dict) -> None:
    for key, value in template.items():
        if key == "permissions":
            perms = target.setdefault("permissions", {})
            for pkey, pval in value.items():
                if isinstance(pval, list):
                    merged = perms.setdefault(pkey, [])
                    merged.extend(v for v in pval if v not in merged)
                else:
                    perms[pkey] = pval
        else:
            target[key] = value


def install(project: Path, force: bool) -> None:
    servers = load_json(TEMPLATES / "mcp.json")["mcpServers"]

    targets = [project / ".mcp.json", Path.home() / ".cursor" / "mcp.json"]
    for path in targets:
        data = load_json(path)
        added = merge_servers(data, servers, force)
        save_json(path, data)
        print(f"{path}: {', '.join(added) if added else 'no changes'}")

    settings_path = project / ".claude" / "settings.json"
    settings = load_json(settings_path)
    merge_settings(settings, load_json(TEMPLATES / "claude-settings.json"))
    save_json(settings_path, settings)
    print(f"{settings_path}: permissions updated")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", type=Path, default=Path.cwd())
    ap.add_argument("--force", action="store_true", help="overwrite servers with the same name")
    args = ap.parse_args()
    install(args.project.resolve(), args.force)
    print("restart Claude Code / reload Cursor to connect the servers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
