"""Collect a reproducibility snapshot for flaky-test reports.

Flaky failures frequently depend on the interpreter, installed packages, locale,
timezone or CI-specific variables, so we record a small, fixed set of them.
Only variables on the allowlist below are read; everything else is ignored.
"""
from __future__ import annotations

import os
import platform
import subprocess
import sys
from importlib import metadata

# Non-secret settings that are known to change test behaviour.
ENV_ALLOWLIST = (
    "CI",
    "TZ",
    "LANG",
    "LC_ALL",
    "PYTHONHASHSEED",
    "PYTHONDONTWRITEBYTECODE",
    "PYTEST_ADDOPTS",
    "PYTEST_XDIST_WORKER_COUNT",
    "GITHUB_ACTIONS",
    "RUNNER_OS",
)


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
    return {k: os.environ[k] for k in ENV_ALLOWLIST if k in os.environ}


def git_state() -> dict[str, str]:
    return {
        "commit": _git("rev-parse", "HEAD"),
        "branch": _git("rev-parse", "--abbrev-ref", "HEAD"),
        "dirty": str(bool(_git("status", "--porcelain"))),
    }


def snapshot() -> dict:
    return {
        "python": sys.version,
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "packages": packages(),
        "env": environment(),
        "git": git_state(),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(snapshot(), indent=2))
