"""Derive a PEP 440 version from `git describe`."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

_FALLBACK = "0.0.0"


def _describe() -> str | None:
    try:
        return subprocess.check_output(
            ["git", "describe", "--tags", "--long", "--match", "v[0-9]*"],
            text=True,
            stderr=subprocess.DEVNULL,
        ).strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def compute() -> str:
    d = _describe()
    if not d:
        return _FALLBACK
    m = re.match(r"v(\d+\.\d+\.\d+)-(\d+)-g([0-9a-f]+)", d)
    if not m:
        return _FALLBACK
    base, distance, sha = m.groups()
    if distance == "0":
        return base
    major, minor, patch = (int(x) for x in base.split("."))
    return f"{major}.{minor}.{patch + 1}.dev{distance}+g{sha}"


__version__ = compute()


def write_version_file() -> None:
    Path(__file__).with_name("VERSION").write_text(__version__ + "\n")
    for pkg in Path("src").glob("*/__init__.py"):
        (pkg.parent / "_version.py").write_text(f'__version__ = "{__version__}"\n')
