#!/usr/bin/env python3
"""Merge an official MCP server entry into claude_desktop_config.json (with backup)."""
import argparse
import difflib
import json
import os
import platform
import re
import shutil
import sys
import time
from pathlib import Path


def config_path() -> Path:
    if platform.system() == "Darwin":
        return Path.home() / "Library/Application Support/Claude/claude_desktop_config.json"
    if platform.system() == "Windows":
        return Path(os.environ["APPDATA"]) / "Claude/claude_desktop_config.json"
    return Path.home() / ".config/Claude/claude_desktop_config.json"


def mask(text: str) -> str:
    """Hide token values so the diff never shows them."""
    return re.sub(r'("(?:[A-Z_]*TOKEN|[A-Z_]*KEY|[A-Z_]*SECRET)"\s*:\s*")(?!<paste)[^"]+"', r'\1****"', text)


def filesystem_entry(dirs):
    resolved = [str(Path(d).expanduser().resolve()) for d in dirs]
    home = str(Path.home())
    for d in resolved:
        if d in ("/", home):
            sys.exit(f"Refusing to expose {d!r}; pick specific project folders.")
    return {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", *resolved]}


def github_entry(toolsets, read_only):
    args = ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN"]
    if toolsets:
        args += ["-e", "GITHUB_TOOLSETS"]
    if read_only:
        args += ["-e", "GITHUB_READ_ONLY"]
    args.append("ghcr.io/github/github-mcp-server")
    env = {"GITHUB_PERSONAL_ACCESS_TOKEN": "<paste-your-token-here>"}
    if toolsets:
        env["GITHUB_TOOLSETS"] = toolsets
    if read_only:
        env["GITHUB_READ_ONLY"] = "1"
    return {"command": "docker", "args": args, "env": env}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("server", choices=["filesystem", "github"])
    p.add_argument("--dirs", nargs="+", default=[])
    p.add_argument("--toolsets", default="repos,issues,pull_requests")
    p.add_argument("--read-only", action="store_true")
    p.add_argument("--config", type=Path, default=None)
    a = p.parse_args()

    path = a.config or config_path()
    before = path.read_text() if path.exists() else "{}"
    cfg = json.loads(before or "{}")
    servers = cfg.setdefault("mcpServers", {})

    if a.server == "filesystem":
        if not a.dirs:
            p.error("--dirs is required for the filesystem server")
        servers["filesystem"] = filesystem_entry(a.dirs)
    else:
        old_tok = servers.get("github", {}).get("env", {}).get("GITHUB_PERSONAL_ACCESS_TOKEN")
        servers["github"] = github_entry(a.toolsets, a.read_only)
        if old_tok:  # keep the token the user already pasted
            servers["github"]["env"]["GITHUB_PERSONAL_ACCESS_TOKEN"] = old_tok

    after = json.dumps(cfg, indent=2) + "\n"
    sys.stdout.writelines(difflib.unified_diff(
        mask(before).splitlines(True), mask(after).splitlines(True), str(path), str(path) + " (new)"))

    if path.exists():
        backup = path.with_suffix(f".json.bak-{int(time.time())}")
        shutil.copy2(path, backup)
        print(f"\nBackup: {backup}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(after)
    print(f"Updated {path}. Restart Claude Desktop to load the server.")
    if a.server == "github":
        print("Now open the file and replace <paste-your-token-here> with your fine-grained PAT.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
