#!/usr/bin/env python3
"""Draft/diff/write a generated block in AGENTS.md from the repo's real commands."""
import argparse
import difflib
import json
import re
import sys
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None

BEGIN = "<!-- agents-md:begin (generated; edit outside these markers) -->"
END = "<!-- agents-md:end -->"
ROOT = Path.cwd()


def detect():
    cmds = {"install": [], "dev": [], "test": [], "lint": [], "build": []}
    pj = ROOT / "package.json"
    if pj.exists():
        scripts = json.loads(pj.read_text()).get("scripts", {})
        pm = "pnpm" if (ROOT / "pnpm-lock.yaml").exists() else "yarn" if (ROOT / "yarn.lock").exists() else "npm"
        cmds["install"].append(f"{pm} install")
        for k in ("dev", "test", "lint", "build"):
            if k in scripts:
                cmds[k].append(f"{pm} run {k}")
    pp = ROOT / "pyproject.toml"
    if pp.exists() and tomllib:
        data = tomllib.loads(pp.read_text())
        tool = data.get("tool", {})
        cmds["install"].append("uv sync" if (ROOT / "uv.lock").exists() else "pip install -e '.[dev]'")
        if "pytest" in tool or (ROOT / "tests").exists():
            cmds["test"].append("pytest")
        if "ruff" in tool:
            cmds["lint"].append("ruff check . && ruff format --check .")
    mk = ROOT / "Makefile"
    if mk.exists():
        targets = re.findall(r"^([a-zA-Z][\w-]*):", mk.read_text(), re.M)
        for k in ("test", "lint", "build", "dev"):
            if k in targets:
                cmds[k].append(f"make {k}")
    if (ROOT / "go.mod").exists():
        cmds["build"].append("go build ./...")
        cmds["test"].append("go test ./...")
        cmds["lint"].append("go vet ./...")
    if (ROOT / "Cargo.toml").exists():
        cmds["build"].append("cargo build")
        cmds["test"].append("cargo test")
        cmds["lint"].append("cargo clippy -- -D warnings")
    return cmds


def layout():
    skip = {".git", "node_modules", ".venv", "dist", "build", "target", "__pycache__"}
    return sorted(p.name for p in ROOT.iterdir() if p.is_dir() and p.name not in skip and not p.name.startswith("."))


def render():
    c = detect()
    lines = [BEGIN, "## Build & run"]
    lines += [f"- {k.capitalize()}: `{v}`" for k in ("install", "dev", "build") for v in dict.fromkeys(c[k])] or ["- (no build commands detected)"]
    lines += ["", "## Test & lint"]
    lines += [f"- {k.capitalize()}: `{v}`" for k in ("test", "lint") for v in dict.fromkeys(c[k])] or ["- (no test commands detected)"]
    lines += ["", "## Layout"] + [f"- `{d}/`" for d in layout()] + [END]
    return "\n".join(lines) + "\n"


def merged(current: str) -> str:
    block = render()
    if BEGIN in current and END in current:
        pre, rest = current.split(BEGIN, 1)
        post = rest.split(END, 1)[1]
        return pre + block.rstrip("\n") + post
    title = f"# {ROOT.name}\n\n" if not current.strip() else ""
    return title + current.rstrip() + ("\n\n" if current.strip() else "") + block


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cmd", choices=["draft", "diff", "write"])
    ap.add_argument("--claude-pointer", action="store_true")
    a = ap.parse_args()
    target = ROOT / "AGENTS.md"
    current = target.read_text(encoding="utf-8") if target.exists() else ""
    new = merged(current)
    if a.cmd == "draft":
        print(new)
    elif a.cmd == "diff":
        sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), new.splitlines(True), "AGENTS.md", "AGENTS.md (proposed)"))
    else:
        target.write_text(new, encoding="utf-8")
        print(f"wrote {target}")
        claude = ROOT / "CLAUDE.md"
        if a.claude_pointer and not claude.exists():
            claude.write_text("@AGENTS.md\n", encoding="utf-8")
            print(f"wrote {claude}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
