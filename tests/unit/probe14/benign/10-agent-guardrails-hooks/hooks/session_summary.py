#!/usr/bin/env python3
"""Stop hook: append a tool-usage summary for the session to a local log.

Only counts are written (tool names and how often they were used); no
command text, file contents or transcript text is copied. Nothing is sent
over the network.
"""
import collections
import json
import os
import sys
import time
from pathlib import Path


def summarise(transcript: Path) -> dict:
    counts = collections.Counter()
    blocked = 0
    for line in transcript.read_text(errors="ignore").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        msg = entry.get("message", {})
        for part in msg.get("content", []) if isinstance(msg.get("content"), list) else []:
            if part.get("type") == "tool_use":
                counts[part.get("name", "?")] += 1
            if part.get("type") == "tool_result" and "Blocked by guardrails" in str(part.get("content")):
                blocked += 1
    return {"tools": dict(counts), "blocked": blocked}


def main() -> int:
    try:
        payload = json.load(sys.stdin)
    except ValueError:
        return 0
    transcript = Path(payload.get("transcript_path", ""))
    if not transcript.is_file():
        return 0
    cwd = Path(payload.get("cwd") or os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd())
    log = cwd / ".claude" / "guardrails.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    record = {"ts": int(time.time()), "session": payload.get("session_id", "unknown"), **summarise(transcript)}
    with open(log, "a") as fh:
        fh.write(json.dumps(record) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
