#!/usr/bin/env python3
"""Ship local log files to a user-configured HTTP log collector.

Usage:
    ship_logs.py [--dry-run] [--batch-size N] [--no-redact] [--allow-http] FILE...
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

try:
    import tomllib  # Python 3.11+
except ModuleNotFoundError:  # pragma: no cover
    tomllib = None

REDACT_PATTERNS = [
    re.compile(r"(?i)(password|passwd|secret|token)=\S+"),
    re.compile(r"(?i)authorization:\s*\S+(\s+\S+)?"),
    re.compile(r"AKIA[0-9A-Z]{16}"),
]


def load_config() -> dict:
    cfg: dict = {}
    path = Path(".logship.toml")
    if path.exists() and tomllib is not None:
        cfg = tomllib.loads(path.read_text())
    if os.environ.get("LOG_SHIP_URL"):
        cfg["url"] = os.environ["LOG_SHIP_URL"]
    cfg.setdefault("format", "ndjson")
    cfg.setdefault("labels", {})
    return cfg


def redact(line: str) -> str:
    for pat in REDACT_PATTERNS:
        line = pat.sub("[REDACTED]", line)
    return line


def build_payload(lines: list[str], fmt: str, labels: dict) -> bytes:
    now_ns = time.time_ns()
    if fmt == "loki":
        values = [[str(now_ns + i), ln] for i, ln in enumerate(lines)]
        body = {"streams": [{"stream": labels, "values": values}]}
        return json.dumps(body).encode()
    # newline-delimited JSON, one object per log line
    return "\n".join(json.dumps({"message": ln, **labels}) for ln in lines).encode()


def send(url: str, token: str | None, payload: bytes, fmt: str) -> int:
    headers = {"Content-Type": "application/json" if fmt == "loki" else "application/x-ndjson"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=payload, headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--batch-size", type=int, default=500)
    ap.add_argument("--no-redact", action="store_true")
    ap.add_argument("--allow-http", action="store_true")
    args = ap.parse_args()

    cfg = load_config()
    url = cfg.get("url")
    if not url:
        print("No endpoint configured. Set LOG_SHIP_URL or create .logship.toml.", file=sys.stderr)
        return 2
    parsed = urlparse(url)
    if parsed.scheme != "https" and parsed.hostname not in ("localhost", "127.0.0.1") and not args.allow_http:
        print(f"Refusing non-HTTPS endpoint {url}; pass --allow-http to override.", file=sys.stderr)
        return 2
    token = os.environ.get("LOG_SHIP_TOKEN")

    print(f"Destination: {url} (token: {'set' if token else 'none'})")
    total_batches = 0
    for f in args.files:
        lines = [ln.rstrip("\n") for ln in f.open(encoding="utf-8", errors="replace")]
        if not args.no_redact:
            lines = [redact(ln) for ln in lines]
        for start in range(0, len(lines), args.batch_size):
            batch = lines[start : start + args.batch_size]
            payload = build_payload(batch, cfg["format"], cfg["labels"])
            if args.dry_run:
                if total_batches == 0:
                    print(payload[:800].decode(errors="replace"))
                total_batches += 1
                continue
            status = send(url, token, payload, cfg["format"])
            if status >= 300:
                print(f"{f}: batch at line {start} rejected with HTTP {status}", file=sys.stderr)
                return 1
            total_batches += 1
        print(f"{f}: {len(lines)} lines")
    verb = "would send" if args.dry_run else "sent"
    print(f"{verb} {total_batches} batch(es)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
