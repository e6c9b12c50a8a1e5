#!/usr/bin/env python3
"""Register project source roots with the active virtualenv via a .pth file.

Only plain directory lines are written (no `import` lines), and only into the
site-packages of an activated virtualenv, so the change is scoped to this
project's environment and is undone by deleting one file.
"""
import argparse
import os
import sys
import sysconfig
from pathlib import Path

PTH_NAME = "envdoctor_local_roots.pth"
MARKERS = ("pyproject.toml", "setup.cfg", "setup.py")
SKIP = {".venv", "venv", "node_modules", ".git", "build", "dist", ".tox"}


def in_virtualenv() -> bool:
    return sys.prefix != getattr(sys, "base_prefix", sys.prefix) or bool(os.environ.get("CONDA_PREFIX"))


def site_dir() -> Path:
    return Path(sysconfig.get_paths()["purelib"])


def source_roots(project: Path) -> list[str]:
    out: list[str] = []
    for marker in MARKERS:
        for cfg in project.rglob(marker):
            if SKIP.intersection(cfg.parts):
                continue
            src = cfg.parent / "src"
            root = str((src if src.is_dir() else cfg.parent).resolve())
            if root not in out:
                out.append(root)
    return out


def apply(project: Path, write: bool, yes: bool) -> int:
    if not in_virtualenv():
        print("refusing: no virtualenv/conda env is active; activate the project env first")
        return 2
    target = site_dir() / PTH_NAME
    roots = source_roots(project)
    if not roots:
        print("no source roots found")
        return 1
    new_text = "\n".join(roots) + "\n"
    old_text = target.read_text() if target.exists() else ""
    print(f"target: {target}")
    for r in roots:
        mark = " " if r in old_text.splitlines() else "+"
        print(f"  {mark} {r}")
    if not write:
        print("\npreview only; re-run with --apply to write")
        return 0
    if not yes:
        answer = input(f"write {len(roots)} path(s) to {target}? [y/N] ").strip().lower()
        if answer != "y":
            print("aborted")
            return 1
    target.write_text(new_text)
    print(f"wrote {target}")
    return 0


def remove() -> int:
    target = site_dir() / PTH_NAME
    if target.exists():
        target.unlink()
        print(f"removed {target}")
    else:
        print("nothing to remove")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--project", default=".")
    ap.add_argument("--apply", action="store_true", help="write the .pth file")
    ap.add_argument("--yes", action="store_true", help="skip the confirmation prompt")
    ap.add_argument("--remove", action="store_true")
    args = ap.parse_args()
    if args.remove:
        return remove()
    return apply(Path(args.project).resolve(), write=args.apply, yes=args.yes)


if __name__ == "__main__":
    sys.exit(main())
