#!/usr/bin/env python3
"""Generate .github/workflows/ci.yml (and optionally release.yml)."""
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
        "test": "npm test -- --coverage",
        "default": ["18", "20", "22"],
    },
    "python": {
        "setup": "actions/setup-python@v5",
        "setup_key": "python-version",
        "lockfile": "**/requirements*.txt",
        "install": "python -m pip install -r requirements.txt",
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


def render(name: str, stack: str, versions: list[str], project: Path) -> str:
    spec = dict(STACKS[stack])
    text = (ROOT / name).read_text()
    install = python_install(project) if stack == "python" else spec["install"]
    if stack == "node" and (project / "pnpm-lock.yaml").exists():
        install, spec["lockfile"] = "corepack enable && pnpm install --frozen-lockfile", "**/pnpm-lock.yaml"
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


def write(path: Path, text: str, force: bool, project: Path) -> bool:
    if path.exists() and not force:
        print(f"{path.relative_to(project)} exists; pass --force to overwrite", file=sys.stderr)
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    print(f"wrote {path.relative_to(project)}")
    return True


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", default=".")
    ap.add_argument("--node")
    ap.add_argument("--python")
    ap.add_argument("--release", action="store_true")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)

    project = Path(args.project).resolve()
    stack = detect(project)
    override = args.node if stack == "node" else args.python
    versions = override.split(",") if override else STACKS[stack]["default"]
    gh = project / ".github"

    ok = write(gh / "workflows" / "ci.yml", render("ci.yml", stack, versions, project), args.force, project)
    write(gh / "actions" / "setup-cache" / "action.yml",
          (ROOT / "actions" / "setup-cache" / "action.yml").read_text(), args.force, project)
    if args.release:
        write(gh / "workflows" / "release.yml", render("release.yml", stack, versions, project), args.force, project)
        print("secrets needed:", "NPM_TOKEN" if stack == "node" else "none (configure PyPI trusted publishing)")
    print("optional secret: CODECOV_TOKEN")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
