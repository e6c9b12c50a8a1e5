#!/usr/bin/env python3
"""Detect project runtimes and render .devcontainer/ from the templates."""
from __future__ import annotations

import argparse
import json
import re
import shutil
from pathlib import Path

SKILL = Path(__file__).resolve().parent.parent
TEMPLATES = SKILL / "templates"
FILES = {
    "devcontainer.json": TEMPLATES / "devcontainer.json",
    "Dockerfile": TEMPLATES / "Dockerfile",
    "post-create.sh": SKILL / "scripts" / "post-create.sh",
}


def slugify(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "project"


def detect(root: Path) -> dict:
    info = {"project_name": root.name, "project_slug": slugify(root.name),
            "node_version": "20", "python_version": "3.12", "runtimes": [], "services": []}
    if (root / "package.json").exists():
        info["runtimes"].append("node")
        nvmrc = root / ".nvmrc"
        if nvmrc.exists():
            info["node_version"] = nvmrc.read_text().strip().lstrip("v").split(".")[0]
    if any((root / f).exists() for f in ("pyproject.toml", "requirements.txt", "uv.lock")):
        info["runtimes"].append("python")
        pv = root / ".python-version"
        if pv.exists():
            info["python_version"] = ".".join(pv.read_text().strip().split(".")[:2])
    compose = root / "docker-compose.yml"
    if compose.exists():
        info["services"] = re.findall(r"image:\s*(postgres|redis|mysql|mongo)", compose.read_text())
    return info


def render(text: str, values: dict) -> str:
    return re.sub(r"\{\{(\w+)\}\}", lambda m: str(values.get(m.group(1), m.group(0))), text)


def write(root: Path, info: dict) -> None:
    out = root / ".devcontainer"
    out.mkdir(exist_ok=True)
    for name, src in FILES.items():
        dest = out / name
        if dest.exists():
            shutil.copy2(dest, dest.with_suffix(dest.suffix + ".bak"))
        dest.write_text(render(src.read_text(), info))
        if name.endswith(".sh"):
            dest.chmod(0o755)
        print(f"wrote {dest.relative_to(root)}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--detect", action="store_true")
    group.add_argument("--write", action="store_true")
    args = ap.parse_args()
    root = Path(args.root).resolve()
    info = detect(root)
    if args.detect:
        print(json.dumps(info, indent=2))
    else:
        write(root, info)


if __name__ == "__main__":
    main()
