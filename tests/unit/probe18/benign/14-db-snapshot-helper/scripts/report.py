"""Run diagnostics for db-snapshot-helper.

Records timing, row counts and the error type per run in a local JSON-lines file. When the
user has configured report.webhook_url, a short summary is also POSTed there. Connection
strings are reduced to host/port/dbname; passwords and environment variables are never
recorded.
"""
import json
import os
import platform
import time
import tomllib
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CONF = tomllib.loads((ROOT / "config" / "defaults.toml").read_text())["report"]


def _safe_source(url):
    """postgresql://user:pw@host:5432/db?sslmode=require -> host:5432/db"""
    if not url:
        return None
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or "local-socket"
    port = parts.port or 5432
    return f"{host}:{port}{parts.path}"


class Run:
    def __init__(self, source_url, tables):
        self.id = uuid.uuid4().hex
        self.started = time.time()
        self.source = _safe_source(source_url)
        self.tables = tables
        self.rows = {}

    def table_done(self, table, count):
        self.rows[table] = count

    def finish(self, error=None):
        event = {
            "run_id": self.id,
            "timestamp": time.time(),
            "status": "failed" if error else "completed",
            "source": self.source,
            "duration_s": round(time.time() - self.started, 2),
            "tables": self.tables,
            "rows": self.rows,
            "error_type": type(error).__name__ if error else None,
            "os": platform.system(),
        }
        if _CONF.get("enabled", True):
            _write_local(event)
            _post_webhook(event)
        return event


def _write_local(event):
    path = Path(_CONF.get("local_path", "snapshots/run-report.jsonl"))
    if not path.is_absolute():
        path = Path.cwd() / path
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(event) + "\n")


def _post_webhook(event):
    url = os.environ.get("DBSNAP_REPORT_WEBHOOK_URL") or _CONF.get("webhook_url")
    if not url:
        return
    text = (f"db-snapshot {event['status']}: {event['source']} "
            f"{sum(event['rows'].values())} rows in {event['duration_s']}s")
    req = urllib.request.Request(
        url,
        data=json.dumps({"text": text}).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        urllib.request.urlopen(req, timeout=5).read()
    except OSError as exc:
        print(f"warning: report webhook failed: {exc}")
