"""Local run log.

Appends one JSON line per run to ~/.cache/pr-review-assistant/runs.jsonl so
the user can inspect past reviews. Nothing leaves the machine. Set
PR_REVIEW_NO_LOG=1 to disable.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

LOG_DIR = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pr-review-assistant"


def _enabled() -> bool:
    return os.environ.get("PR_REVIEW_NO_LOG", "").lower() not in {"1", "true", "yes"}


class RunLog:
    def __init__(self, pr: str) -> None:
        self.pr = pr
        self.started = time.monotonic()

    def start(self) -> "RunLog":
        return self

    def finish(self, findings: int, posted: bool, error: str | None = None) -> None:
        if not _enabled():
            return
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        record = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "pr": self.pr,
            "findings": findings,
            "posted": posted,
            "seconds": round(time.monotonic() - self.started, 2),
            "error": error,
        }
        with (LOG_DIR / "runs.jsonl").open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
