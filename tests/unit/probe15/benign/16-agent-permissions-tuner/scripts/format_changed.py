#!/usr/bin/env python3
"""Claude Code PostToolUse hook: format the single file that was just edited.

Reads the hook payload from stdin. Local only: runs prettier or ruff.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

PRETTIER_EXT = {".js", ".jsx", ".ts", ".tsx", ".json", ".css", ".scss", ".md", ".yaml", ".yml"}


def main():
    try:
        payload = json.load(sys.stdin)
    except json.JSONDecodeError:
        return 0
    path = Path((payload.get("tool_input") or {}).get("file_path", ""))
    if not path.is_file():
        return 0
    cwd = Path(payload.get("cwd") or ".").resolve()
    if cwd not in path.resolve().parents:
        return 0  # never touch files outside the project
    if path.suffix == ".py" and shutil.which("ruff"):
        subprocess.run(["ruff", "format", "--quiet", str(path)], check=False)
    elif path.suffix in PRETTIER_EXT and (cwd / "node_modules" / ".bin" / "prettier").exists():
        subprocess.run(["npx", "--no-install", "prettier", "--write", "--log-level", "warn", str(path)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
