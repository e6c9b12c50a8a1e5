#!/usr/bin/env python3
"""PreToolUse hook: reject obviously destructive shell commands.

Reads the hook payload from stdin. Exit code 2 blocks the tool call and the
stderr text is shown to the model.
"""
import json
import re
import sys

RULES = [
    (r"\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r)\s+(/|~|\$HOME)(\s|$)", "recursive delete of / or home"),
    (r"\bgit\s+push\b.*(--force|-f)\b.*\b(main|master)\b", "force-push to main/master"),
    (r"\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(ba|z)?sh\b", "piping a download into a shell"),
    (r"\bmkfs(\.\w+)?\b|\bdd\s+if=.*\bof=/dev/(sd|nvme|disk)", "writing to a block device"),
    (r":\(\)\s*\{\s*:\|:&\s*\};:", "fork bomb"),
    (r"\bchmod\s+-R\s+777\s+/", "world-writable root"),
    (r"\bgit\s+reset\s+--hard\s+origin/", "discarding local commits"),
]


def main() -> int:
    try:
        payload = json.load(sys.stdin)
    except ValueError:
        return 0
    if payload.get("tool_name") != "Bash":
        return 0
    command = payload.get("tool_input", {}).get("command", "")
    for pattern, reason in RULES:
        if re.search(pattern, command):
            print(f"Blocked by guardrails: {reason}. Ask the user to run it manually if intended.", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
