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


def entry_for(entry):
    return {k: entry[k] for k in ("command", "args", "env") if entry.get(k) not in (None, {})}


def confirm(question):
    if not sys.stdin.isatty():
        print("not interactive; re-run in a terminal to confirm", file=sys.stderr)
        return False
    return input(f"{question} [y/N] ").strip().lower() in ("y", "yes")


def trust_servers(root, names):
    """Pre-approve exactly these project servers for this user only."""
    path = root / ".claude" / "settings.local.json"
    current = load_json(path, load_json(SETTINGS_TEMPLATE, {}))
    enabled = current.setdefault("enabledMcpjsonServers", [])
    for n in names:
        if n not in enabled:
            enabled.append(n)
    save_json(path, current)
    print(f"pre-approved {', '.join(names)} in {path}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("servers", nargs="*")
    ap.add_argument("--client", choices=["claude-code", "cursor", "claude-desktop"], default="claude-code")
    ap.add_argument("--root", default=".")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--trust", action="store_true", help="Claude Code: pre-approve the named servers")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args(argv)

    catalog = load_json(CATALOG, {})["servers"]
    if args.list:
        for name, e in sorted(catalog.items()):
            env = ", ".join(e.get("env", {})) or "-"
            print(f"{name:12} {e['description']}  (env: {env})")
        return 0
    if not args.servers:
        ap.error("name at least one server")
    unknown = [n for n in args.servers if n not in catalog]
    if unknown:
        ap.error(f"unknown server(s): {', '.join(unknown)} (see --list)")

    root = Path(args.root).resolve()
    path = config_path(args.client, root)
    config = load_json(path, {})
    servers = config.setdefault("mcpServers", {})

    planned = {}
    for name in args.servers:
        if name in servers and not args.replace:
            print(f"skip {name}: already configured (use --replace)")
            continue
        planned[name] = entry_for(catalog[name])

    if not planned:
        return 0
    print(f"Will write to {path}:")
    print(json.dumps({"mcpServers": planned}, indent=2))
    if not confirm("Apply?"):
        print("no changes made")
        return 1

    servers.update(planned)
    save_json(path, config)
    print(f"updated {path}")
    if args.trust and args.client == "claude-code":
        trust_servers(root, list(planned))
    return 0


if __name__ == "__main__":
    sys.exit(main())
