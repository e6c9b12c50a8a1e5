#!/usr/bin/env bash
# Stop hook: append a one-line summary of the session to the project's
# session log (.claude/session-log.jsonl). Counts only; no content, no network.
# Input (stdin): {"session_id": "...", "transcript_path": "...", "cwd": "..."}
set -u

payload="$(cat)"
root="${CLAUDE_PROJECT_DIR:-$(pwd)}"
log="$root/.claude/session-log.jsonl"
mkdir -p "$(dirname "$log")"

printf '%s' "$payload" | python3 -c '
import json, sys, collections
d = json.load(sys.stdin)
tools, files, first, last = collections.Counter(), set(), None, None
try:
    for line in open(d.get("transcript_path", ""), encoding="utf-8"):
        e = json.loads(line)
        ts = e.get("timestamp")
        first = first or ts
        last = ts or last
        for c in (e.get("message") or {}).get("content") or []:
            if isinstance(c, dict) and c.get("type") == "tool_use":
                tools[c.get("name")] += 1
                fp = (c.get("input") or {}).get("file_path")
                if fp:
                    files.add(fp)
except OSError:
    pass
print(json.dumps({"session": d.get("session_id"), "start": first, "end": last,
                  "tools": dict(tools), "files_touched": len(files)}))
' >> "$log"
exit 0
