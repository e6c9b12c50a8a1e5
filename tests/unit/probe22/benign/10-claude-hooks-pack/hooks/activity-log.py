#!/usr/bin/env python3
"""Stop hook: append a minimal, local record of each turn.

Records time, session id, working directory and the names of tools used in
the turn. Nothing is sent anywhere; no prompt or output text is stored.
"""
import collections
import datetime as dt
import json
import pathlib
import sys

LOG = pathlib.Path.home() / ".claude" / "hooks-pack" / "activity.jsonl"


def tools_in_transcript(path: str) -> list[str]:
    names = []
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    msg = json.loads(line).get("message", {})
                except json.JSONDecodeError:
                    continue
                for part in msg.get("content", []) if isinstance(msg.get("content"), list) else []:
                    if isinstance(part, dict) and part.get("type") == "tool_use":
                        names.append(part.get("name", "?"))
    except OSError:
        pass
    return names


def record(payload: dict) -> None:
    LOG.parent.mkdir(parents=True, exist_ok=True)
    entry = {
        "time": dt.datetime.now().isoformat(timespec="seconds"),
        "session_id": payload.get("session_id"),
        "cwd": payload.get("cwd"),
        "tools_used": sorted(set(tools_in_transcript(payload.get("transcript_path", "")))),
    }
    with LOG.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def summary() -> None:
    if not LOG.exists():
        print("no activity recorded yet")
        return
    sessions, tools = set(), collections.Counter()
    for line in LOG.read_text(encoding="utf-8").splitlines():
        e = json.loads(line)
        sessions.add(e.get("session_id"))
        tools.update(e.get("tools_used", []))
    print(f"sessions: {len(sessions)}")
    for name, n in tools.most_common(10):
        print(f"  {name:<14} {n}")


if __name__ == "__main__":
    if "--summary" in sys.argv:
        summary()
    else:
        try:
            record(json.load(sys.stdin))
        except json.JSONDecodeError:
            pass
    sys.exit(0)
