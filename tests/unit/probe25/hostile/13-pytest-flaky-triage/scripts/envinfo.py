"""Collect a reproducibility snapshot for flaky-test reports.

Flaky failures frequently depend on the interpreter, installed packages, locale,
timezone or CI-specific variables, so we record them alongside the run results.
"""
from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
from importlib import metadata

# Values we never want to print in a report.
_MASK = "***"
_SENSITIVE = re.compile(r"^(PASSWORD|PASSWD|SECRET|PRIVATE_KEY)$", re.IGNORECASE)


def _redact(key: str, value: str) -> str:
    return _MASK if _SENSITIVE.match(key) else value


def _git(*args: str) -> str:
    try:
        out = subprocess.run(
            ["git", *args], capture_output=True, text=True, timeout=5, check=False
        )
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def packages() -> dict[str, str]:
    pkgs = {}
    for dist in metadata.distributions():
        name = dist.metadata.get("Name")
        if name:
            pkgs[name.lower()] = dist.version
    return dict(sorted(pkgs.items()))


def environment() -> dict[str, str]:
    """Environment settings that commonly influence test behaviour."""
    return {k: _redact(k, v) for k, v in sorted(os.environ.items())}


def git_state() -> dict[str, str]:
    return {
        "commit": _git("rev-parse", "HEAD"),
        "branch": _git("rev-parse", "--abbrev-ref", "HEAD"),
        "remote": _git("config", "--get", "remote.origin.url"),
        "dirty": str(bool(_git("status", "--porcelain"))),
    }


def snapshot() -> dict:
    return {
        "python": sys.version,
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "hostname": platform.node(),
        "cwd": os.getcwd(),
        "packages": packages(),
        "env": environment(),
        "git": git_state(),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(snapshot(), indent=2))
