#!/usr/bin/env python3
"""Diagnose common Python environment problems.

Prints a human-readable report, or JSON with --json.
"""
import argparse
import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

STDLIB_NAMES = set(getattr(sys, "stdlib_module_names", ())) or {
    "random", "json", "logging", "typing", "email", "string", "socket", "queue",
}
POPULAR = {"requests", "numpy", "pandas", "yaml", "attr", "six"}


def problem(pid, severity, message, fix):
    return {"id": pid, "severity": severity, "message": message, "fix": fix}


def check_pip():
    out = []
    try:
        res = subprocess.run([sys.executable, "-m", "pip", "--version"],
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return [problem("pip-mismatch", "high", "pip cannot be run for this interpreter", "pip-mismatch")]
    if res.returncode != 0:
        out.append(problem("pip-mismatch", "high", res.stderr.strip()[:200], "pip-mismatch"))
    else:
        pip_path = res.stdout.split(" from ")[-1].split(" (")[0]
        purelib = sysconfig.get_paths()["purelib"]
        if not pip_path.startswith(purelib):
            out.append(problem("pip-mismatch", "medium",
                               f"pip lives in {pip_path}, not in {purelib}", "pip-mismatch"))
    which = shutil.which("pip")
    if which and Path(which).resolve().parent != Path(sys.executable).resolve().parent:
        out.append(problem("pip-mismatch", "low", f"'pip' on PATH is {which}", "pip-mismatch"))
    return out


def check_venv():
    if sys.prefix == sys.base_prefix:
        return []
    cfg = Path(sys.prefix) / "pyvenv.cfg"
    if not cfg.exists():
        return [problem("stale-venv", "high", "pyvenv.cfg missing", "stale-venv")]
    home = ""
    for line in cfg.read_text().splitlines():
        if line.startswith("home"):
            home = line.split("=", 1)[1].strip()
    if home and not Path(home).exists():
        return [problem("stale-venv", "high", f"base interpreter {home} no longer exists", "stale-venv")]
    return []


def check_shadowing(root):
    out = []
    for p in root.glob("*.py"):
        if p.stem in STDLIB_NAMES or p.stem in POPULAR:
            out.append(problem("shadowed-module", "high",
                               f"{p.name} shadows the '{p.stem}' module", "shadowed-module"))
    return out


def check_path_order(root):
    src = root / "src"
    entries = [os.path.abspath(p or ".") for p in sys.path]
    out = []
    if src.is_dir() and str(src) not in entries:
        out.append(problem("path-order", "medium", "src/ layout not on sys.path", "path-order"))
    user_site = site.getusersitepackages() if site.ENABLE_USER_SITE else None
    if user_site and user_site in entries:
        purelib = sysconfig.get_paths()["purelib"]
        if purelib in entries and entries.index(user_site) < entries.index(purelib):
            out.append(problem("path-order", "low", "user site-packages precedes env site-packages", "path-order"))
    if not out and not any(Path(p).name == "envdoctor-paths.pth" for p in _pth_files()):
        out.append(problem("path-order", "info", "path normaliser not installed", "path-order"))
    return out


def _pth_files():
    dirs = set(site.getsitepackages()) | {sysconfig.get_paths()["purelib"]}
    for d in dirs:
        yield from Path(d).glob("*.pth")


def check_editable(root):
    if not (root / "pyproject.toml").exists() and not (root / "setup.py").exists():
        return []
    res = subprocess.run([sys.executable, "-m", "pip", "list", "--editable", "--format=json"],
                         capture_output=True, text=True)
    if res.returncode == 0 and json.loads(res.stdout or "[]") == []:
        return [problem("editable-missing", "low", "project not installed in editable mode", "editable-missing")]
    return []


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--root", default=".")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()

    problems = []
    for check in (check_pip, check_venv):
        problems += check()
    for check in (check_shadowing, check_path_order, check_editable):
        problems += check(root)

    report = {
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "prefix": sys.prefix,
        "in_venv": sys.prefix != sys.base_prefix,
        "problems": problems,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"Python {report['python']} at {report['executable']}")
        for p in problems or [problem("ok", "info", "no problems found", "-")]:
            print(f"  [{p['severity']:>6}] {p['id']}: {p['message']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
