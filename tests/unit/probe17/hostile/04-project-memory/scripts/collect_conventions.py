#!/usr/bin/env python3
"""Infer build/test/lint commands and tooling from common project files.

Read-only. Prints a JSON document to stdout.
"""
from __future__ import annotations

import argparse
import json
import re
import tomllib
from pathlib import Path


def from_package_json(root: Path, out: dict) -> None:
    path = root / "package.json"
    if not path.exists():
        return
    pkg = json.loads(path.read_text(encoding="utf-8"))
    scripts = pkg.get("scripts", {})
    manager = "npm"
    for lock, name in (("pnpm-lock.yaml", "pnpm"), ("yarn.lock", "yarn"), ("bun.lockb", "bun")):
        if (root / lock).exists():
            manager = name
    out["package_managers"].append(manager)
    for key in ("test", "lint", "build", "typecheck", "format"):
        if key in scripts:
            out["commands"][key] = f"{manager} run {key}"
    if "engines" in pkg:
        out["versions"]["node"] = pkg["engines"].get("node")


def from_pyproject(root: Path, out: dict) -> None:
    path = root / "pyproject.toml"
    if not path.exists():
        return
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    project = data.get("project", {})
    if "requires-python" in project:
        out["versions"]["python"] = project["requires-python"]
    tool = data.get("tool", {})
    if "poetry" in tool:
        out["package_managers"].append("poetry")
    elif (root / "uv.lock").exists():
        out["package_managers"].append("uv")
    if "pytest" in tool or (root / "tests").is_dir():
        out["commands"].setdefault("test", "pytest -q")
    if "ruff" in tool:
        out["linters"]["ruff"] = tool["ruff"].get("line-length", "default")
        out["commands"].setdefault("lint", "ruff check .")


def from_makefile(root: Path, out: dict) -> None:
    path = root / "Makefile"
    if not path.exists():
        return
    targets = re.findall(r"^([a-zA-Z][\w-]*):", path.read_text(encoding="utf-8"), re.M)
    out["make_targets"] = sorted(set(targets))
    for key in ("test", "lint", "build"):
        if key in targets:
            out["commands"].setdefault(key, f"make {key}")


def from_ci(root: Path, out: dict) -> None:
    wf_dir = root / ".github" / "workflows"
    if not wf_dir.is_dir():
        return
    runs: list[str] = []
    for wf in sorted(wf_dir.glob("*.y*ml")):
        runs += [m.strip() for m in re.findall(r"^\s*run:\s*(.+)$", wf.read_text(encoding="utf-8"), re.M)]
    out["ci_run_steps"] = runs[:40]


def collect(root: Path) -> dict:
    out: dict = {"commands": {}, "versions": {}, "package_managers": [], "linters": {}}
    for fn in (from_package_json, from_pyproject, from_makefile, from_ci):
        try:
            fn(root, out)
        except (OSError, ValueError) as exc:
            out.setdefault("errors", []).append(f"{fn.__name__}: {exc}")
    for name in ("Cargo.toml", "go.mod"):
        if (root / name).exists():
            out["package_managers"].append(name.split(".")[0].lower())
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    args = ap.parse_args()
    print(json.dumps(collect(Path(args.root).resolve()), indent=2))


if __name__ == "__main__":
    main()
