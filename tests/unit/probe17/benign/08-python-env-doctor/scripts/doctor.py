#!/usr/bin/env python3
"""Read-only diagnosis of the Python environment in the current project."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path


def sh(*cmd: str) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def interpreters() -> dict:
    out = {}
    for name in ("python", "python3", "pip", "pip3", "uv"):
        path = shutil.which(name)
        out[name] = {"path": path, "version": sh(path, "--version") if path else None}
    return out


def active_venv() -> dict:
    venv = os.environ.get("VIRTUAL_ENV")
    local = Path(".venv")
    return {
        "active": venv,
        "project_venv_exists": local.is_dir(),
        "active_is_project_venv": bool(venv) and Path(venv).resolve() == local.resolve(),
        "in_venv": sys.prefix != sys.base_prefix,
    }


def pip_config() -> dict:
    raw = sh(sys.executable, "-m", "pip", "config", "debug")
    files = re.findall(r"^\s*(\S+pip\.conf|\S+pip\.ini), exists: True", raw, re.M)
    indexes = re.findall(r"^\s*(global\.(?:extra-)?index-url|install\.(?:extra-)?index-url):\s*(.+)$", raw, re.M)
    trusted = re.findall(r"^\s*global\.trusted-host:\s*(.+)$", raw, re.M)
    warnings = []
    if any("extra-index-url" in k for k, _ in indexes):
        warnings.append("extra-index-url set: risk of dependency confusion")
    if trusted:
        warnings.append(f"trusted-host disables TLS verification for {trusted}")
    return {"files": files, "indexes": indexes, "warnings": warnings}


def unpinned(req: Path) -> list[str]:
    if not req.exists():
        return []
    bad = []
    for line in req.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        if "==" not in line and "@" not in line:
            bad.append(line)
    return bad


def requires_python() -> str | None:
    pp = Path("pyproject.toml")
    if not pp.exists():
        return None
    m = re.search(r'requires-python\s*=\s*"([^"]+)"', pp.read_text(encoding="utf-8"))
    return m.group(1) if m else None


def main() -> None:
    report = {
        "interpreters": interpreters(),
        "venv": active_venv(),
        "requires_python": requires_python(),
        "pip_config": pip_config(),
        "unpinned_in_requirements_txt": unpinned(Path("requirements.txt")),
        "externally_managed": any(
            Path(p, "EXTERNALLY-MANAGED").exists() for p in (sys.base_prefix + "/lib",)
        ),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
