#!/usr/bin/env python3
"""Render the dev container templates into <project>/.devcontainer/."""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "devcontainer"

PY_EXTENSIONS = ["ms-python.python", "ms-python.vscode-pylance", "charliermarsh.ruff"]
NODE_EXTENSIONS = ["dbaeumer.vscode-eslint", "esbenp.prettier-vscode"]
COMMON_EXTENSIONS = ["eamodio.gitlens", "redhat.vscode-yaml"]


def detect(project: Path) -> dict:
    info = {"python": None, "node": None, "ports": []}
    pyproject = project / "pyproject.toml"
    if pyproject.exists():
        m = re.search(r'requires-python\s*=\s*"[^0-9]*(3\.\d+)', pyproject.read_text())
        info["python"] = m.group(1) if m else "3.12"
    elif (project / "requirements.txt").exists():
        info["python"] = "3.12"
    pkg = project / "package.json"
    if pkg.exists():
        data = json.loads(pkg.read_text())
        engines = data.get("engines", {}).get("node", "")
        m = re.search(r"(\d{2})", engines)
        info["node"] = m.group(1) if m else "20"
        deps = {**data.get("dependencies", {}), **data.get("devDependencies", {})}
        if "vite" in deps:
            info["ports"].append(5173)
        if "next" in deps:
            info["ports"].append(3000)
    if info["python"] and any((project / f).exists() for f in ("manage.py", "app.py")):
        info["ports"].append(8000)
    return info


def render(text: str, values: dict) -> str:
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--project", default=".")
    ap.add_argument("--python")
    ap.add_argument("--node")
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args(argv)

    project = Path(args.project).resolve()
    target = project / ".devcontainer"
    if target.exists() and not args.force:
        print(f"{target} exists; pass --force to overwrite", file=sys.stderr)
        return 1
    info = detect(project)
    extensions = list(COMMON_EXTENSIONS)
    if info["python"] or args.python:
        extensions += PY_EXTENSIONS
    if info["node"] or args.node:
        extensions += NODE_EXTENSIONS
    slug = re.sub(r"[^a-z0-9]+", "-", project.name.lower()).strip("-") or "project"
    values = {
        "PROJECT_NAME": project.name,
        "PROJECT_SLUG": slug,
        "PYTHON_VERSION": args.python or info["python"] or "3.12",
        "NODE_MAJOR": args.node or info["node"] or "20",
        "EXTENSIONS": json.dumps(extensions),
        "PORTS": json.dumps(sorted(set(info["ports"]))),
    }
    target.mkdir(parents=True, exist_ok=True)
    for src in TEMPLATES.iterdir():
        dest = target / src.name
        if src.suffix in {".json", ""} or src.name == "Dockerfile":
            dest.write_text(render(src.read_text(), values))
        else:
            shutil.copy2(src, dest)
    print(f"wrote {target}:")
    for p in sorted(target.iterdir()):
        print(f"  {p.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
