#!/usr/bin/env python3
"""A Claude Code ``UserPromptSubmit`` hook: route each prompt with skillrouter and put the
matched skill (its SKILL.md) in front of the model.

Claude Code runs the hook with a JSON event on stdin (``{"prompt": ..., "cwd": ..., ...}``) and
adds what it prints on exit 0 to the model's context. This hook prints nothing when no skill
fits, and never blocks a prompt: a failure (no store, a timeout) is one line on stderr and
exit 0. Register it in ``~/.claude/settings.json`` (or a project's ``.claude/settings.json``)::

    {"hooks": {"UserPromptSubmit": [{"hooks": [
        {"type": "command", "command": "python3 /path/to/claude_code_hook.py", "timeout": 60}]}]}}

The store is ``$SKILLROUTER_HOME`` (set it in the command, e.g.
``SKILLROUTER_HOME=~/.skillrouter python3 ...``); ``$SKILLROUTER_BIN`` names the executable
(default ``skillrouter`` on PATH). Each prompt costs one ``skillrouter route`` process (about
a second on the default ONNX backend; the very first one exports the model, 30-60 s) and one
``skillrouter show`` (see docs/cli.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys


def run(*args: str) -> str | None:
    """stdout of ``skillrouter ARGS``, or None (with the reason on stderr) if it failed."""
    command = [os.environ.get("SKILLROUTER_BIN", "skillrouter"), *args]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        print(f"skillrouter hook: {err}", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"skillrouter hook: {done.stderr.strip()}", file=sys.stderr)
        return None
    return done.stdout


def context_for(prompt: str) -> str | None:
    """The text to add to the model's context for ``prompt``, or None when no skill fits."""
    routed = run("route", "--json", "-k", "1", "--", prompt)  # '--': a prompt may start with '-'
    name = json.loads(routed)["matched"] if routed else None
    if not name:
        return None
    skill_md = run("show", name)
    if skill_md is None:
        return None
    return (
        f'<skill name="{name}" routed-by="skillrouter">\n{skill_md.rstrip()}\n</skill>\n'
        f"skillrouter matched this skill to the request. Follow it where it applies; afterwards record how "
        f"well it served (1-10) with the skillrouter MCP tool record_outcome, or: "
        f'skillrouter record {name} SCORE --task "..."'
    )


def main() -> int:
    try:
        prompt = str(json.load(sys.stdin).get("prompt") or "")
    except (json.JSONDecodeError, AttributeError) as err:
        print(f"skillrouter hook: cannot read the hook's input: {err}", file=sys.stderr)
        return 0
    if prompt.strip():
        context = context_for(prompt)
        if context:
            print(context)
    return 0


if __name__ == "__main__":
    sys.exit(main())
