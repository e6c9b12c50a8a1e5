#!/usr/bin/env python3
"""A Claude Code ``UserPromptSubmit`` hook: route each prompt with skillrouter and put the
matched skill (its SKILL.md) in front of the model.

Claude Code runs the hook with a JSON event on stdin (``{"prompt": ..., "transcript_path": ...,
...}``) and adds what it prints on exit 0 to the model's context. The last user turns of the
session's transcript (a JSONL file, one entry per line) go with the prompt as ``--context``, so a
follow-up ("same for the staging cluster") is routed with its conversation and a new request as
it stands. This hook prints nothing when no skill
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

LAST_TURNS = 4  # user turns of the transcript passed as context


def run(*args: str, stdin: str | None = None) -> str | None:
    """stdout of ``skillrouter ARGS``, or None (with the reason on stderr) if it failed."""
    command = [os.environ.get("SKILLROUTER_BIN", "skillrouter"), *args]
    try:
        done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as err:
        print(f"skillrouter hook: {err}", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"skillrouter hook: {done.stderr.strip()}", file=sys.stderr)
        return None
    return done.stdout


def user_turns(transcript: str | None, prompt: str) -> list[str]:
    """The last ``LAST_TURNS`` things the user typed in the session, oldest first (not ``prompt``
    itself): ``user`` entries whose content is text, tool results and unreadable lines skipped."""
    if not transcript:
        return []
    turns: list[str] = []
    try:
        with open(transcript, encoding="utf-8") as lines:
            for line in lines:
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if not isinstance(entry, dict) or entry.get("type") != "user" or entry.get("isMeta"):
                    continue
                message = entry.get("message")
                if not isinstance(message, dict):
                    continue
                content = message.get("content")
                if isinstance(content, list):  # text parts only: a tool result is not the user talking
                    content = "\n".join(
                        p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text"
                    )
                if isinstance(content, str) and content.strip():
                    turns.append(content.strip())
    except OSError as err:
        print(f"skillrouter hook: cannot read the transcript: {err}", file=sys.stderr)
        return []
    if turns and turns[-1] == prompt.strip():
        turns.pop()
    return turns[-LAST_TURNS:]


def context_for(prompt: str, transcript: str | None = None) -> str | None:
    """The text to add to the model's context for ``prompt``, or None when no skill fits."""
    turns = user_turns(transcript, prompt)
    args = ["route", "--json", "-k", "1", *(["--context", "-"] if turns else []), "--", prompt]
    routed = run(*args, stdin=json.dumps(turns) if turns else None)  # '--': a prompt may start with '-'
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
        event = json.load(sys.stdin)
        prompt = str(event.get("prompt") or "")
        transcript = event.get("transcript_path")
    except (json.JSONDecodeError, AttributeError) as err:
        print(f"skillrouter hook: cannot read the hook's input: {err}", file=sys.stderr)
        return 0
    if prompt.strip():
        context = context_for(prompt, transcript if isinstance(transcript, str) else None)
        if context:
            print(context)
    return 0


if __name__ == "__main__":
    sys.exit(main())
