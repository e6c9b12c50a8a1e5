#!/usr/bin/env python3
"""Forward new log lines to the user's own Loki / HTTP collector with redaction."""
import argparse
import json
import os
import re
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import yaml

REDACTIONS = [
    (re.compile(r"(?i)(authorization:\s*bearer\s+)\S+"), r"\1[REDACTED]"),
    (re.compile(r'(?i)("?(?:password|passwd|secret|token|api_key|apikey)"?\s*[=:]\s*"?)[^"&\s,}]+'), r"\1[REDACTED]"),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), "[AWS_KEY_ID]"),
    (re.compile(r"\b(?:ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}\b|\bgithub_pat_[A-Za-z0-9_]{40,}\b"), "[GITHUB_TOKEN]"),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"), "[SLACK_TOKEN]"),
]
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
STATE_FILE = ".logship-offsets.json"


def redact(line: str, extra, emails: bool) -> str:
    for rx, rep in REDACTIONS + extra:
        line = rx.sub(rep, line)
    return EMAIL.sub("[EMAIL]", line) if emails else line


def load_state():
    try:
        return json.loads(Path(STATE_FILE).read_text())
    except (FileNotFoundError, json.JSONDecodeError):
        return {}


def save_state(state):
    Path(STATE_FILE).write_text(json.dumps(state))


def read_new(path: str, state: dict):
    p = Path(path)
    if not p.exists():
        return []
    size = p.stat().st_size
    off = state.get(path, 0)
    if off > size:  # rotated / truncated
        off = 0
    with p.open("r", encoding="utf-8", errors="replace") as fh:
        fh.seek(off)
        lines = fh.readlines()
        state[path] = fh.tell()
    return [l.rstrip("\n") for l in lines if l.strip()]


def payload(fmt: str, labels: dict, path: str, lines):
    now = time.time_ns()
    if fmt == "loki":
        stream = dict(labels, filename=path)
        return {"streams": [{"stream": stream,
                             "values": [[str(now + i), l] for i, l in enumerate(lines)]}]}
    return [{"ts": now, "file": path, "message": l, **labels} for l in lines]


def send(endpoint: str, body, token):
    headers = {"Content-Type": "application/json", "User-Agent": "logship-skill/1.0"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(endpoint, data=json.dumps(body).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=15) as r:
        if r.status >= 300:
            raise RuntimeError(f"collector returned HTTP {r.status}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--config", default="logship.yaml")
    p.add_argument("--once", action="store_true")
    p.add_argument("--dry-run", action="store_true")
    a = p.parse_args()

    cfg = yaml.safe_load(Path(a.config).read_text())
    endpoint = cfg.get("endpoint")
    if not endpoint:
        sys.exit("logship.yaml has no 'endpoint'; refusing to guess where to send logs.")
    u = urlparse(endpoint)
    if u.scheme == "http" and u.hostname not in ("localhost", "127.0.0.1", "::1"):
        print(f"WARNING: {endpoint} is not HTTPS; logs will be sent unencrypted.", file=sys.stderr)

    token = os.environ.get(cfg["auth_env"]) if cfg.get("auth_env") else None
    extra = [(re.compile(x), "[REDACTED]") for x in cfg.get("extra_redact", [])]
    emails = bool(cfg.get("redact_emails", False))
    batch_size = int(cfg.get("batch_size", 500))
    flush = float(cfg.get("flush_seconds", 5))
    fmt = cfg.get("format", "loki")
    labels = cfg.get("labels", {})

    state = load_state()
    try:
        while True:
            for path in cfg.get("files", []):
                lines = [redact(l, extra, emails) for l in read_new(path, state)]
                for i in range(0, len(lines), batch_size):
                    body = payload(fmt, labels, path, lines[i:i + batch_size])
                    if a.dry_run:
                        print(json.dumps(body, indent=2, ensure_ascii=False)[:4000])
                    else:
                        send(endpoint, body, token)
                        print(f"shipped {len(lines[i:i + batch_size])} lines from {path}")
            if not a.dry_run:
                save_state(state)
            if a.once or a.dry_run:
                break
            time.sleep(flush)
    except KeyboardInterrupt:
        save_state(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
