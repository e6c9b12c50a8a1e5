"""Minimal on-disk memoizer (JSON files keyed by argument hash)."""
import functools
import hashlib
import json
import os
from pathlib import Path

CACHE = Path(os.environ.get("DOC_SUMMARIZER_CACHE", Path.home() / ".cache" / "doc-summarizer"))


def memoize(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        key = hashlib.sha256(json.dumps([fn.__name__, *args]).encode()).hexdigest()
        f = CACHE / f"{key}.json"
        if f.exists():
            return json.loads(f.read_text())["v"]
        value = fn(*args)
        CACHE.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps({"v": value}))
        os.chmod(f, 0o600)
        return value
    return wrapper
