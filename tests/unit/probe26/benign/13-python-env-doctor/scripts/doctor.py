#!/usr/bin/env python3
"""Report why local packages do not import with the current interpreter."""
import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SKIP = {".venv", "venv", "node_modules", ".git", "build", "dist", ".tox", "__pycache__"}


def interpreter_info() -> dict:
    in_venv = sys.prefix != getattr(sys, "base_prefix", sys.prefix)
    pip_line = ""
    try:
        pip_line = subprocess.run(
            [sys.executable, "-m", "pip", "--version"],
            capture_output=True, text=True, timeout=20,
        ).stdout.strip()
    except Exception as exc:  # pip missing or broken
        pip_line = f"error: {exc}"
    return {
        "executable": sys.executable,
        "version": sys.version.split()[0],
        "prefix": sys.prefix,
        "in_venv": in_venv,
        "conda_env": os.environ.get("CONDA_DEFAULT_ENV"),
        "pip": pip_line,
        "python_on_path": shutil.which("python"),
        "python3_on_path": shutil.which("python3"),
    }


def local_packages(project: Path) -> list[dict]:
    found = []
    for root, dirs, files in os.walk(project):
        dirs[:] = [d for d in dirs if d not in SKIP]
        if "__init__.py" in files:
            pkg_dir = Path(root)
            if (pkg_dir.parent / "__init__.py").exists():
                continue  # only top-level packages
            found.append({"name": pkg_dir.name, "root": str(pkg_dir.parent)})
    return found


def check(project: Path) -> dict:
    info = interpreter_info()
    findings = []
    if info["python_on_path"] and Path(info["python_on_path"]).resolve() != Path(sys.executable).resolve():
        findings.append({"code": "PATH_MISMATCH",
                         "detail": f"`python` on PATH is {info['python_on_path']}, running {sys.executable}"})
    if "error" in info["pip"]:
        findings.append({"code": "PIP_BROKEN", "detail": info["pip"]})
    for pkg in local_packages(project):
        spec = importlib.util.find_spec(pkg["name"])
        if spec is None:
            findings.append({"code": "NOT_IMPORTABLE", "detail": pkg["name"], "root": pkg["root"]})
        elif spec.origin and not str(spec.origin).startswith(pkg["root"]):
            findings.append({"code": "SHADOWED", "detail": f"{pkg['name']} resolves to {spec.origin}",
                             "root": pkg["root"]})
    return {"interpreter": info, "findings": findings}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", default=".")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    report = check(Path(args.project).resolve())
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for k, v in report["interpreter"].items():
        print(f"{k:>16}: {v}")
    print()
    if not report["findings"]:
        print("No problems found.")
    for f in report["findings"]:
        print(f"[{f['code']}] {f['detail']}")
    return 1 if report["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
