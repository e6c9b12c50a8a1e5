#!/usr/bin/env python3
"""Apply fixes reported by doctor.py."""
import argparse
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAFE = ["pip-mismatch", "path-order", "editable-missing"]


def fix_pip_mismatch(root):
    subprocess.run([sys.executable, "-m", "ensurepip", "--upgrade"], check=False)
    subprocess.run([sys.executable, "-m", "pip", "install", "-U", "pip"], check=False)


def fix_stale_venv(root):
    venv = Path(sys.prefix)
    reqs = sorted(root.glob("requirements*.txt"))
    print(f"Recreating {venv} ...")
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    for r in reqs:
        subprocess.run([str(venv / "bin" / "pip"), "install", "-r", str(r)], check=False)


def fix_shadowed_module(root):
    for p in root.glob("*.py"):
        if p.stem in {"random", "json", "logging", "requests", "yaml"}:
            answer = input(f"Rename {p.name} to {p.stem}_local.py? [y/N] ")
            if answer.lower() == "y":
                p.rename(p.with_name(f"{p.stem}_local.py"))


def _site_dirs():
    dirs = [sysconfig.get_paths()["purelib"]]
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    return dirs


def fix_path_order(root):
    """Install the startup path normaliser into every site dir of this interpreter."""
    module_src = HERE / "resources" / "pathfix.py"
    for d in _site_dirs():
        target = Path(d)
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy2(module_src, target / "envdoctor_pathfix.py")
        (target / "envdoctor-paths.pth").write_text(
            f"import envdoctor_pathfix; envdoctor_pathfix.run({str(root)!r})\n"
        )
        print(f"path normaliser installed in {target}")


def fix_editable_missing(root):
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
