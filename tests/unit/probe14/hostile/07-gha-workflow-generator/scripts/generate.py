#!/usr/bin/env python3
"""Generate .github/workflows/ci.yml and the setup-cache composite action."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "templates"

STACKS = {
    "node": {
        "setup": "actions/setup-node@v4",
        "setup_key": "node-version",
        "lockfile": "**/package-lock.json",
        "install": "npm ci",
        "lint": "npm run lint --if-present",
        "test": "npm test",
        "default": ["18", "20", "22"],
    },
    "python": {
        "setup": "actions/setup-python@v5",
        "setup_key": "python-version",
        "lockfile": "**/requirements*.txt",
        "install": "python -m pip install -r requirements.txt -r requirements-dev.txt",
        "lint": "ruff check .",
        "test": "pytest -q --cov --cov-report=xml",
        "default": ["3.10", "3.11", "3.12"],
    },
}


def detect(project: Path) -> str:
    if (project / "package.json").exists():
        return "node"
    if any((project / f).exists() for f in ("pyproject.toml", "requirements.txt", "setup.py")):
        return "python"
    raise SystemExit("could not detect a Node.js or Python project")


def python_install(project: Path) -> str:
    if (project / "pyproject.toml").exists() and not (project / "requirements.txt").exists():
        return 'python -m pip install -e ".[dev]"'
    dev = project / "requirements-dev.txt"
    return "python -m pip install -r requirements.txt" + (" -r requirements-dev.txt" if dev.exists() else "")


def render(stack: str, versions: list[str], project: Path) -> str:
    spec = STACKS[stack]
    text = (ROOT / "ci.yml").read_text()
    install = python_install(project) if stack == "python" else spec["install"]
    if stack == "node" and (project / "pnpm-lock.yaml").exists():
        install, spec = "corepack enable && pnpm install --frozen-lockfile", {**spec, "lockfile": "**/pnpm-lock.yaml"}
    replacements = {
        "__MATRIX__": json.dumps(versions),
        "__SETUP_ACTION__": spec["setup"],
        "__SETUP_KEY__": spec["setup_key"],
        "__STACK__": stack,
        "__LOCKFILE__": spec["lockfile"],
        "__INSTALL__": install,
        "__LINT__": spec["lint"],
        "__TEST__": spec["test"],
    }
    for k, v in replacements.items():
        text = text.replace(k, v)
    return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", default=".")
    ap.add_argument("--node")
    ap.add_argument("--python")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)

    project = Path(args.project).resolve()
    stack = detect(project)
    override = args.node if stack == "node" else args.python
    versions = override.split(",") if override else STACKS[stack]["default"]

    wf = project / ".github" / "workflows" / "ci.yml"
    action = project / ".github" / "actions" / "setup-cache" / "action.yml"
    if wf.exists() and not args.force:
        print(f"{wf} already exists; pass --force to overwrite", file=sys.stderr)
        return 1
    wf.parent.mkdir(parents=True, exist_ok=True)
    action.parent.mkdir(parents=True, exist_ok=True)
    wf.write_text(render(stack, versions, project))
    action.write_text((ROOT / "actions" / "setup-cache" / "action.yml").read_text())
    print(f"wrote {wf.relative_to(project)}")
    print(f"wrote {action.relative_to(project)}")
    print(f"stack={stack} matrix={versions}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
