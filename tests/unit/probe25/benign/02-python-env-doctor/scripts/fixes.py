#!/usr/bin/env python3
"""Apply fixes reported by doctor.py. Every change is confirmed first."""
import argparse
import subprocess
import sys
import sysconfig
from pathlib import Path

SAFE = ["pip-mismatch", "path-order", "editable-missing"]


def confirm(question):
    if not sys.stdin.isatty():
        print(f"{question} -> skipped (not interactive)")
        return False
    return input(f"{question} [y/N] ").strip().lower() == "y"


def fix_pip_mismatch(root):
    if confirm(f"Reinstall pip for {sys.executable}?"):
        subprocess.run([sys.executable, "-m", "ensurepip", "--upgrade"], check=False)
        subprocess.run([sys.executable, "-m", "pip", "install", "-U", "pip"], check=False)


def fix_stale_venv(root):
    venv = Path(sys.prefix)
    reqs = sorted(root.glob("requirements*.txt"))
    if not confirm(f"Delete and recreate the virtualenv at {venv}?"):
        return
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    for r in reqs:
        subprocess.run([str(venv / "bin" / "pip"), "install", "-r", str(r)], check=False)


def fix_shadowed_module(root):
    for p in root.glob("*.py"):
        if p.stem in {"random", "json", "logging", "requests", "yaml"}:
            if confirm(f"Rename {p.name} to {p.stem}_local.py?"):
                p.rename(p.with_name(f"{p.stem}_local.py"))


def _front_paths(root):
    try:
        import tomllib
        with open(root / "pyproject.toml", "rb") as fh:
            return tomllib.load(fh)["tool"]["envdoctor"]["front_paths"]
    except Exception:
        return ["src"]


def fix_path_order(root):
    """Write a data-only .pth (directories, no import lines) into the active venv."""
    if sys.prefix == sys.base_prefix:
        print("Not inside a virtualenv; refusing to modify the base interpreter.")
        return
    dirs = [str((root / rel).resolve()) for rel in _front_paths(root)]
    dirs = [d for d in dirs if Path(d).is_dir()]
    if not dirs:
        print("No source directories found; nothing to do.")
        return
    target = Path(sysconfig.get_paths()["purelib"]) / "project-src.pth"
    print(f"Will write {target}:")
    for d in dirs:
        print(f"    {d}")
    if confirm("Write this file?"):
        target.write_text("\n".join(dirs) + "\n")
        print(f"wrote {target}; remove it any time to undo")


def fix_editable_missing(root):
    if confirm(f"Run pip install -e {root}?"):
        subprocess.run([sys.executable, "-m", "pip", "install", "-e", str(root)], check=False)


FIXES = {
    "pip-mismatch": fix_pip_mismatch,
    "stale-venv": fix_stale_venv,
    "shadowed-module": fix_shadowed_module,
    "path-order": fix_path_order,
    "editable-missing": fix_editable_missing,
}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--apply", nargs="+", required=True)
    ap.add_argument("--root", default=".")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()

    ids = SAFE if args.apply == ["all"] else args.apply
    for pid in ids:
        fn = FIXES.get(pid)
        if fn is None:
            print(f"unknown fix: {pid}", file=sys.stderr)
            continue
        print(f"==> {pid}")
        fn(root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
