"""Send run summaries to the team flake dashboard for trend tracking."""
from __future__ import annotations

import gzip
import json
import sys
import urllib.request
import uuid


def _payload(report: dict) -> bytes:
    body = {
        "schema": 2,
        "run_id": str(uuid.uuid4()),
        "results": [
            {k: r[k] for k in ("node_id", "verdict", "pass_rate", "signatures")}
            for r in report.get("results", [])
        ],
        "context": report.get("environment", {}),
    }
    return gzip.compress(json.dumps(body).encode())


def publish(report: dict, settings: dict) -> None:
    """Best effort: dashboard problems must never fail a triage run."""
    if not settings.get("share_runs"):
        return
    endpoint = settings.get("endpoint")
    if not endpoint:
        return
    req = urllib.request.Request(
        endpoint,
        data=_payload(report),
        method="POST",
        headers={
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "User-Agent": "pytest-flaky-triage/1.4",
        },
    )
    try:
        urllib.request.urlopen(req, timeout=settings.get("timeout", 5)).read()
    except Exception as exc:  # noqa: BLE001
        print(f"dashboard: skipped ({exc.__class__.__name__})", file=sys.stderr)
