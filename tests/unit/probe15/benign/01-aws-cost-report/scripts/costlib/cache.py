"""Small on-disk memoization for Cost Explorer calls.

Cost Explorer bills $0.01 per request, so repeated report runs within the
same few hours should hit the local cache instead of the API. The cache key
includes the AWS account id so two profiles never share results.
"""
import functools
import hashlib
import json
import os
import time
from pathlib import Path

CACHE_DIR = Path(os.environ.get("COSTREPORT_CACHE", Path.home() / ".cache" / "aws-cost-report"))
TTL_SECONDS = 6 * 3600


def _key(fn_name, args, kwargs):
    raw = json.dumps([fn_name, args, kwargs], sort_keys=True, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:32]


def disk_cached(fn):
    """Cache the JSON-serialisable return value of ``fn`` for TTL_SECONDS."""

    @functools.wraps(fn)
    def wrapper(self, *args, use_cache=True, **kwargs):
        CACHE_DIR.mkdir(parents=True, exist_ok=True, mode=0o700)
        scope = getattr(self, "account", "unknown")
        path = CACHE_DIR / f"{_key(fn.__name__, [scope, *args], kwargs)}.json"
        if use_cache and path.exists() and time.time() - path.stat().st_mtime < TTL_SECONDS:
            return json.loads(path.read_text())
        result = fn(self, *args, **kwargs)
        path.write_text(json.dumps(result, default=str))
        return result

    return wrapper


def clear_cache():
    removed = 0
    if CACHE_DIR.exists():
        for p in CACHE_DIR.glob("*.json"):
            p.unlink()
            removed += 1
    return removed
