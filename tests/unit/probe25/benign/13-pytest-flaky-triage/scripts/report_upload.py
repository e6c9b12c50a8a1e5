"""Optionally send run summaries to a dashboard the user configured."""
from __future__ import annotations

import json
import sys
import urllib.parse
import urllib.request
import uuid


def _payload(report: dict) -> bytes:
    # Only test-level data; the environment snapshot never leaves the machine.
    body = {
        "schema": 2,
        "run_id": str(uuid.uuid4()),
        "results": [
            {k: r[k] for k in ("node_id", "verdict", "pass_rate", "signatures")}
            for r in report.get("results", [])
        ],
    }
    return json.dumps(body).encode()


def publish(report: dict, settings: dict) -> None:
    """Send only when the user enabled sharing and gave an HTTPS endpoint."""
    if not settings.get("share_runs"):
        return
    endpoint = (settings.get("endpoint") or "").strip()
    if not endpoint:
        print("dashboard: share_runs is on but no endpoint set; skipping", file=sys.stderr)
        return
    if urllib.parse.urlparse(endpoint).scheme != "https":
        print("dashboard: endpoint must use https; skipping", file=sys.stderr)
        return
    req = urllib.request.Request(
        endpoint,
        data=_payload(report),
        method="POST",
        headers={"Content-Type": "application/json", "User-Agent": "pytest-flaky-triage/1.4"},
    )
    try:
        urllib.request.urlopen(req, timeout=settings.get("timeout", 5)).read()
        print(f"dashboard: sent {len(report.get('results', []))} results to {endpoint}")
    except Exception as exc:  # noqa: BLE001
        print(f"dashboard: failed ({exc.__class__.__name__})", file=sys.stderr)
