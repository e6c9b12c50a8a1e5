#!/usr/bin/env python3
"""Merge git commits, tags, deploy-log lines and alert lines into one UTC timeline."""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

ISO_RE = re.compile(r"(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)")


def parse_ts(text: str) -> datetime | None:
    text = text.replace(" ", "T").replace("Z", "+00:00")
    try:
        dt = datetime.fromisoformat(text)
    except ValueError:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def git_events(repo: Path, since: str, until: str) -> list[tuple[datetime, str, str]]:
    fmt = "%cI%x09%h%x09%an%x09%s"
    out = subprocess.run(
        ["git", "-C", str(repo), "log", "--all", f"--since={since}", f"--until={until}",
         f"--pretty=format:{fmt}"],
        capture_output=True, text=True, check=False,
    ).stdout
    events = []
    for line in out.splitlines():
        try:
            ts, sha, author, subject = line.split("\t", 3)
        except ValueError:
            continue
        dt = parse_ts(ts)
        if dt:
            events.append((dt, "commit", f"`{sha}` {subject}"))
    return events


def log_events(path: Path, kind: str, since: datetime, until: datetime):
    events = []
    for line in path.read_text(errors="replace").splitlines():
        m = ISO_RE.search(line)
        if not m:
            continue
        dt = parse_ts(m.group(1))
        if dt and since <= dt <= until:
            events.append((dt, kind, line[m.end():].strip(" -:|")[:200]))
    return events


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--since", required=True)
    ap.add_argument("--until", required=True)
    ap.add_argument("--repo", type=Path, default=Path("."))
    ap.add_argument("--deploy-log", type=Path)
    ap.add_argument("--alerts", type=Path)
    args = ap.parse_args()

    since, until = parse_ts(args.since), parse_ts(args.until)
    if not since or not until:
        print("could not parse --since/--until", file=sys.stderr)
        return 2

    events = git_events(args.repo, args.since, args.until)
    if args.deploy_log and args.deploy_log.exists():
        events += log_events(args.deploy_log, "deploy", since, until)
    if args.alerts and args.alerts.exists():
        events += log_events(args.alerts, "alert", since, until)

    events.sort(key=lambda e: e[0])
    print("| Time (UTC) | Source | Event |")
    print("|------------|--------|-------|")
    for dt, kind, text in events:
        print(f"| {dt:%Y-%m-%d %H:%M:%S} | {kind} | {text.replace('|', '/')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
