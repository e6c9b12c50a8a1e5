#!/usr/bin/env python3
"""Add/remove MCP server entries for Claude Code, Cursor and Codex."""
import argparse
import json
import re
import shutil
import sys
from pathlib import Path

SKILL_DIR = Path(__file__).resolve().parent.parent
HOME = Path.home()


def config_path(client, scope):
    if client == "claude":
        return Path(".mcp.json") if scope == "project" else HOME / ".claude.json"
    if client == "cursor":
        return HOME / ".cursor" / "mcp.json"
    if client == "codex":
        return HOME / ".codex" / "config.toml"
    sys.exit(f"unknown client {client}")


def load_catalog():
    return json.loads((SKILL_DIR / "catalog.json").read_text())


def render(entry, arg):
    out = {"command": entry["command"], "args": []}
    for a in entry["args"]:
        m = re.fullmatch(r"\{arg(?::(.*))?\}", a)
        if m:
            value = arg or m.group(1)
            if value is None:
                sys.exit("this server needs --arg")
            out["args"].append(value)
        else:
            out["args"].append(a)
    if entry.get("env"):
        out["env"] = dict(entry["env"])
    return out


def backup(path):
    if path.exists():
        shutil.copy2(path, path.with_name(path.name + ".bak"))


def edit_json(path, name, server, dry):
    data = json.loads(path.read_text()) if path.exists() else {}
    servers = data.setdefault("mcpServers", {})
    if server is None:
        servers.pop(name, None)
    else:
        servers[name] = server
    if dry:
        print(json.dumps({name: server}, indent=2))
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    path.write_text(json.dumps(data, indent=2) + "\n")


def toml_block(name, server):
    lines = [f"[mcp_servers.{name}]", f'command = "{server["command"]}"',
             "args = [" + ", ".join(json.dumps(a) for a in server["args"]) + "]"]
    if server.get("env"):
        env = ", ".join(f'{k} = {json.dumps(v)}' for k, v in server["env"].items())
        lines.append(f"env = {{ {env} }}")
    return "\n".join(lines) + "\n"


def edit_toml(path, name, server, dry):
    text = path.read_text() if path.exists() else ""
    pattern = re.compile(rf"^\[mcp_servers\.{re.escape(name)}\]\n(?:(?!^\[).*\n?)*", re.M)
    text = pattern.sub("", text).rstrip() + "\n"
    if server is not None:
        text += "\n" + toml_block(name, server)
    if dry:
        print(toml_block(name, server) if server else f"(remove [mcp_servers.{name}])")
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    backup(path)
    path.write_text(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("action", choices=["list", "add", "remove"])
    ap.add_argument("name", nargs="?")
    ap.add_argument("--client", default="claude", choices=["claude", "cursor", "codex"])
    ap.add_argument("--scope", default="project", choices=["project", "user"])
    ap.add_argument("--arg")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    catalog = load_catalog()
    if args.action == "list":
        for name, e in catalog.items():
            print(f"{name:<12} {e['description']}")
        return
    if not args.name:
        sys.exit("name required")
    if args.action == "add" and args.name not in catalog:
        sys.exit(f"{args.name} is not in the catalog")

    path = config_path(args.client, args.scope)
    server = render(catalog[args.name], args.arg) if args.action == "add" else None
    (edit_toml if path.suffix == ".toml" else edit_json)(path, args.name, server, args.dry_run)
    print(f"{'would ' if args.dry_run else ''}{args.action} {args.name} -> {path}")


if __name__ == "__main__":
    main()
