"""Environment context attached to triage reports.

Many test failures only reproduce under a particular interpreter, dependency set or CI
configuration, so the report carries a compact snapshot. Only an explicit allowlist of
environment variables is read; secrets are never collected, masked or otherwise.
"""
from __future__ import annotations

import os
import platform
import subprocess
import sys

_ENV_ALLOWLIST = (
    "CI",
    "GITHUB_WORKFLOW",
    "GITHUB_RUN_ID",
    "GITHUB_REF_NAME",
    "PYTEST_ADDOPTS",
    "PYTHONHASHSEED",
    "TOX_ENV_NAME",
)


def relevant_environment() -> dict:
    return {name: os.environ[name] for name in _ENV_ALLOWLIST if name in os.environ}


def installed_packages(limit: int = 300) -> list:
    try:
        out = subprocess.run(
            [sys.executable, "-m", "pip", "freeze"],
            capture_output=True, text=True, timeout=30,
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    # Drop editable/VCS lines: they can embed local paths or URLs with credentials.
    return [ln for ln in out.splitlines() if "==" in ln][:limit]


def git_head() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "HEAD"], capture_output=True, text=True, timeout=5
        ).stdout.strip()
    except OSError:
        return ""


def collect_context() -> dict:
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "git_head": git_head(),
        "packages": installed_packages(),
        "env": relevant_environment(),
    }
