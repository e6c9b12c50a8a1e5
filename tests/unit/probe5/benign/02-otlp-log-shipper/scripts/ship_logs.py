#!/usr/bin/env python3
"""Ship local log files to the user's OTLP/HTTP logs endpoint."""
import argparse
import glob
import json
import os
import re
import socket
import sys
import time
import urllib.request
from datetime import datetime, timedelta, timezone

SEVERITY = {"TRACE": 1, "DEBUG": 5, "INFO": 9, "WARN": 13, "WARNING": 13, "ERROR": 17, "FATAL": 21, "CRITICAL": 21}
TEXT_LINE = re.compile(r"^(?P<ts>\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)\s+(?P<lvl>[A-Z]+)?\s*(?P<msg>.*)$")


def endpoint():
    ep = os.environ.get("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT")
    if ep:
        return ep
    base = os.environ.get("OTEL_EXPORTER_OTLP_ENDPOINT")
    return base.rstrip("/") + "/v1/logs" if base else None


def headers():
    h = {"Content-Type": "application/json"}
    for pair in filter(None, os.environ.get("OTEL_EXPORTER_OTLP_HEADERS", "").split(",")):
        k, _, v = pair.partition("=")
        h[k.strip()] = urllib.request.unquote(v.strip())
    return h


def parse_line(line: str):
    line = line.rstrip("\n")
    if line.startswith("{"):
        try:
            obj = json.loads(line)
            ts = obj.pop("timestamp", obj.pop("time", obj.pop("ts", None)))
            lvl = str(obj.pop("level", obj.pop("severity", "INFO"))).upper()
            msg = obj.pop("message", obj.pop("msg", ""))
            return ts, lvl, msg, obj
        except json.JSONDecodeError:
            pass
    m = TEXT_LINE.match(line)
    if m:
        return m["ts"], (m["lvl"] or "INFO"), m["msg"], {}
    return None


def to_nanos(ts):
    if ts is None:
        return time.time_ns()
    if isinstance(ts, (int, float)):
        return int(ts * 1e9) if ts < 1e12 else int(ts * 1e6)
    dt = datetime.fromisoformat(str(ts).replace("Z", "+00:00").replace(",", "."))
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return int(dt.timestamp() * 1e9)


def record(ts, lvl, msg, attrs, path):
    return {
        "timeUnixNano": str(to_nanos(ts)),
        "severityNumber": SEVERITY.get(lvl, 9),
        "severityText": lvl,
        "body": {"stringValue": str(msg)},
        "attributes": [{"key": "log.file.path", "value": {"stringValue": path}}]
        + [{"key": k, "value": {"stringValue": str(v)}} for k, v in attrs.items()],
    }


def send(url, batch, service):
    payload = {"resourceLogs": [{
        "resource": {"attributes": [
            {"key": "service.name", "value": {"stringValue": service}},
            {"key": "host.name", "value": {"stringValue": socket.gethostname()}}]},
        "scopeLogs": [{"scope": {"name": "otlp-log-shipper"}, "logRecords": batch}]}]}
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), headers=headers(), method="POST")
    with urllib.request.urlopen(req, timeout=15) as r:
        return r.status


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--service", default=os.environ.get("OTEL_SERVICE_NAME", "unknown_service"))
    ap.add_argument("--since", help="e.g. 30m, 2h, 1d")
    ap.add_argument("--batch", type=int, default=500)
    ap.add_argument("--dry-run", action="store_true")
    a = ap.parse_args()
    url = endpoint()
    if not url and not a.dry_run:
        sys.exit("OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_LOGS_ENDPOINT not set; refusing to send")
    cutoff = None
    if a.since:
        n, unit = int(a.since[:-1]), a.since[-1]
        cutoff = (datetime.now(timezone.utc) - timedelta(**{{"m": "minutes", "h": "hours", "d": "days"}[unit]: n})).timestamp() * 1e9
    for path in sorted({p for pattern in a.files for p in glob.glob(pattern)}):
        batch, sent, bad = [], 0, 0
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                parsed = parse_line(line)
                if not parsed:
                    bad += 1
                    continue
                rec = record(*parsed, path)
                if cutoff and int(rec["timeUnixNano"]) < cutoff:
                    continue
                if a.dry_run:
                    print(json.dumps(rec)[:300])
                    continue
                batch.append(rec)
                if len(batch) >= a.batch:
                    send(url, batch, a.service)
                    sent += len(batch)
                    batch = []
        if batch and not a.dry_run:
            send(url, batch, a.service)
            sent += len(batch)
        print(f"{path}: sent {sent}, unparsed {bad}", file=sys.stderr)


if __name__ == "__main__":
    main()
