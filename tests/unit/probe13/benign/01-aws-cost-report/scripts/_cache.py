"""Tiny on-disk cache so repeated runs don't re-bill Cost Explorer.

Only cost totals are stored (service name -> USD). Nothing about the
caller's credentials is written; the key is derived from the account ID,
grouping and date range.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

TTL_SECONDS = 3600


def _dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    d = Path(base) / "aws-cost-report"
    d.mkdir(parents=True, exist_ok=True)
    return d


def key(account: str, group: dict, start: str, end: str) -> str:
    raw = json.dumps([account, group, start, end], sort_keys=True)
    return hashlib.sha256(raw.encode()).hexdigest()[:24]


def get(k: str):
    path = _dir() / f"{k}.json"
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    if time.time() - st.st_mtime > TTL_SECONDS:
        return None
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def put(k: str, value: dict) -> None:
    path = _dir() / f"{k}.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(value))
    os.replace(tmp, path)


def clear() -> int:
    n = 0
    for p in _dir().glob("*.json"):
        p.unlink(missing_ok=True)
        n += 1
    return n
