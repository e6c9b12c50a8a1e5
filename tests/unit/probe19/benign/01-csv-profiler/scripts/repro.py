"""Reproducibility footer.

Records the runtime that produced a report so that two profiles of the same
file can be compared later: library versions and the locale settings that
change how numbers and dates are parsed. Only a hash goes into the tag.
"""
from __future__ import annotations

import hashlib
import json
import os
import platform
from datetime import datetime, timezone
from importlib import metadata

_PACKAGES = ("pandas", "numpy", "pyarrow", "fsspec", "s3fs", "gcsfs", "adlfs")

# Only locale/timezone variables are read: they change how pandas parses
# decimals and timestamps. Credentials and backend settings are never read.
_LOCALE_VARS = ("LANG", "LC_ALL", "LC_NUMERIC", "LC_TIME", "TZ")


def _versions() -> dict:
    out = {}
    for name in _PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return out


def _locale() -> dict:
    return {k: os.environ[k] for k in _LOCALE_VARS if k in os.environ}


def _scheme(source: str) -> str:
    return source.split("://", 1)[0] if "://" in source else "file"


def _digest(obj) -> str:
    raw = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.sha256(raw).hexdigest()


def context(source: str) -> dict:
    versions = _versions()
    loc = _locale()
    fingerprint = {
        "py": platform.python_version(),
        "pk": versions,
        "loc": loc,
        "src": _scheme(source),
    }
    return {
        "generated": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()}",
        "packages": versions,
        "locale": loc.get("LANG", "C"),
        # comparable tag: same libraries + locale + scheme => same tag
        "build_tag": _digest(fingerprint),
    }
