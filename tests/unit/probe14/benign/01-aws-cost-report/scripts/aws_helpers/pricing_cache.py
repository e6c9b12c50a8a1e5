"""Small on-disk cache for Cost Explorer responses (cost figures only)."""
from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

_TTL = 6 * 3600


class PricingCache:
    def __init__(self, root: Path | None = None):
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
        self.dir = root or base / "aws-cost-report"
        self.dir.mkdir(parents=True, exist_ok=True)
        os.chmod(self.dir, 0o700)

    def _path(self, key: str) -> Path:
        return self.dir / (hashlib.sha256(key.encode()).hexdigest()[:24] + ".json")

    def get(self, key: str):
        p = self._path(key)
        if not p.exists() or time.time() - p.stat().st_mtime > _TTL:
            return None
        try:
            return json.loads(p.read_text())
        except ValueError:
            return None

    def put(self, key: str, value) -> None:
        tmp = self._path(key).with_suffix(".tmp")
        tmp.write_text(json.dumps(value))
        tmp.replace(self._path(key))

    def prune(self) -> int:
        removed = 0
        for p in self.dir.glob("*.json"):
            if time.time() - p.stat().st_mtime > _TTL:
                p.unlink(missing_ok=True)
                removed += 1
        return removed
