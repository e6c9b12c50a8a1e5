#!/usr/bin/env python3
"""Merge timestamped evidence files into a single UTC timeline (Markdown table)."""
from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

ISO = re.compile(r"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)")
SYSLOG = re.compile(r"^([A-Z][a-z]{2}\s+\d{1,2} \d{2}:\d{2}:\d{2})")


@dataclass(order=True)
class Entry:
    at: datetime
    text: str
    source: str
    kind: str = "log"


def parse_ts(raw: str, year: int) -> datetime | None:
    raw = raw.replace(" ", "T", 1) if ISO.fullmatch(raw) else raw
    try:
        ts = datetime.fromisoformat(raw.replace("Z", "+00:00"))
    except ValueError:
        try:
            ts = datetime.strptime(f"{year} {raw}", "%Y %b %d %H:%M:%S")
        except ValueError:
            return None
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=timezone.utc)
    return ts.astimezone(timezone.utc)


def read_log(path: Path, year: int) -> list:
    entries = []
    kind = "deploy" if "deploy" in path.name else "log"
    for lineno, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        m = ISO.search(line) or SYSLOG.search(line)
        if not m:
            continue
        ts = parse_ts(m.group(1), year)
        if ts is None:
            continue
        text = line[m.end():].strip(" -|:") or line
        entries.append(Entry(ts, text[:160], f"{path.name}:{lineno}", kind))
    return entries


def read_alerts(path: Path) -> list:
    entries = []
    for alert in json.loads(path.read_text()):
        for field, verb in (("fired_at", "fired"), ("resolved_at", "resolved")):
            if alert.get(field):
                ts = parse_ts(alert[field], 1970)
                if ts:
                    entries.append(Entry(ts, f"ALERT {alert.get('name', '?')} {verb}", path.name, "alert"))
    return entries


def render(entries: list) -> str:
    marks = {"deploy": "🚀 ", "alert": "🚨 ", "log": ""}
    rows = ["| Time (UTC) | Event | Source |", "| --- | --- | --- |"]
    for e in entries:
        text = e.text.replace("|", "\\|")
        rows.append(f"| {e.at:%H:%M:%S} | {marks[e.kind]}{text} | [{e.source}] |")
    return "\n".join(rows) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--since", required=True)
    ap.add_argument("--until", required=True)
    ap.add_argument("--max-per-source", type=int, default=200)
    args = ap.parse_args()

    since, until = parse_ts(args.since, 1970), parse_ts(args.until, 1970)
    entries = []
    for f in args.files:
        batch = read_alerts(f) if f.suffix == ".json" else read_log(f, since.year)
        batch = [e for e in batch if since <= e.at <= until]
        entries.extend(batch[: args.max_per_source])
    entries.sort()
    print(render(entries), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
