#!/usr/bin/env python3
"""Merge curated MCP server definitions into an agent's MCP config."""
from __future__ import annotations

import argparse
import copy
import difflib
import json
import sys
from pathlib import Path

SKILL_ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = SKILL_ROOT / "templates" / "mcp-servers.json"


def target_path(agent: str, root: Path) -> Path:
    if agent == "claude":
        return root / ".mcp.json"
    if agent == "cursor":
        return root / ".cursor" / "mcp.json"
    if agent == "codex":
        return Path.home() / ".codex" / "config.toml"
    raise SystemExit(f"unknown agent {agent!r}")


def load_json(path: Path) -> dict:
    if not path.exists():
        return {"mcpServers": {}}
    data = json.loads(path.read_text(encoding="utf-8") or "{}")
    data.setdefault("mcpServers", {})
    return data


def render_for_agent(name: str, spec: dict, agent: str, root: Path) -> dict:
    spec = copy.deepcopy(spec)
    # Cursor and Claude Code expand ${workspaceFolder}; for Codex we pin the path.
    if agent == "codex":
        spec["args"] = [a.replace("${workspaceFolder}", str(root)) for a in spec.get("args", [])]
    return spec


def merge(existing: dict, wanted: dict, replace: bool) -> tuple[dict, list[str]]:
    merged = copy.deepcopy(existing)
    notes: list[str] = []
    for name, spec in wanted.items():
        if name in merged["mcpServers"] and not replace:
            notes.append(f"skip {name}: already configured (use --replace)")
            continue
        merged["mcpServers"][name] = spec
        notes.append(f"add {name}")
    return merged, notes


def to_codex_toml(servers: dict) -> str:
    lines = []
    for name, spec in servers.items():
        lines.append(f"[mcp_servers.{name}]")
        lines.append(f'command = "{spec["command"]}"')
        lines.append("args = [" + ", ".join(json.dumps(a) for a in spec.get("args", [])) + "]")
        if spec.get("env"):
            env = ", ".join(f'{k} = "{v}"' for k, v in spec["env"].items())
            lines.append(f"env = {{ {env} }}")
        lines.append("")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--agent", choices=["claude", "cursor", "codex"], required=True)
    ap.add_argument("--servers", default="filesystem,github")
    ap.add_argument("--root", default=".")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    root = Path(args.root).resolve()
    catalog = json.loads(TEMPLATE.read_text(encoding="utf-8"))
    names = [n.strip() for n in args.servers.split(",") if n.strip()]
    missing = [n for n in names if n not in catalog]
    if missing:
        print(f"unknown servers: {', '.join(missing)}", file=sys.stderr)
        return 2
    wanted = {n: render_for_agent(n, catalog[n], args.agent, root) for n in names}

    path = target_path(args.agent, root)
    if args.agent == "codex":
        block = to_codex_toml(wanted)
        print(block if args.dry_run else f"append to {path}:\n{block}")
        if not args.dry_run:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as fh:
                fh.write("\n" + block)
        return 0

    before = load_json(path)
    after, notes = merge(before, wanted, args.replace)
    old_txt = json.dumps(before, indent=2).splitlines(keepends=True)
    new_txt = json.dumps(after, indent=2).splitlines(keepends=True)
    sys.stdout.writelines(difflib.unified_diff(old_txt, new_txt, str(path), str(path)))
    print("\n".join(notes))
    if not args.dry_run:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(after, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
