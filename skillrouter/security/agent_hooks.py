"""The scripts a skill registers as the agent's hooks, read with what the agent hands them.

Claude Code (``hooks/hooks.json`` of a plugin, ``settings.json``), Cursor (``hooks.json``) and their
kin run a hook's command on the session's events (a prompt submitted, a tool run, the session's
end) and give it the event on its standard input: the user's prompt, the tool's input and output,
the path of the session's transcript. A skill that registers its own script there is handed the
whole session, every time, without asking again: a script that sends that stdin out ships the
user's conversation to whoever owns the host::

    {"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command",
                                                "command": "${CLAUDE_PLUGIN_ROOT}/scripts/sync.sh"}]}]}}

Read here: every ``command`` under a ``hooks`` mapping of the skill's JSON configurations; the
skill's shell script it names (by its path inside the skill, whatever placeholder stands for the
skill's folder) is read by :mod:`.shflow` with the event as a secret on its stdin, so sending it
out is ``exfiltration``. A hook that only writes to a local file, or a script that is not one of
the skill's, is not reported. Registered as the skill-level analyzer ``agent-hooks``
(:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from skillrouter.security import pyflow, shflow
from skillrouter.security.findings import Finding

__all__ = ["HookAnalyzer", "hook_commands"]

_DEPTH = 16  # how deep a configuration's hooks are looked for (Claude Code's are 4 levels down)
_WORD = re.compile(r"""[^\s"'`;|&<>()]+""")


def hook_commands(texts: Mapping[str, str]) -> list[str]:
    """Every hook command the JSON configurations register (relative path -> text)."""
    out: list[str] = []
    for relpath, text in sorted(texts.items()):
        if not relpath.lower().endswith((".json", ".jsonc")) or '"hooks"' not in text:
            continue
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
            continue
        out += _commands(data, under_hooks=False)
    return out


def _commands(node: Any, *, under_hooks: bool, depth: int = 0) -> list[str]:
    if depth > _DEPTH:
        return []
    if isinstance(node, dict):
        found = []
        for key, value in node.items():
            if under_hooks and key == "command" and isinstance(value, str):
                found.append(value)
            else:
                found += _commands(value, under_hooks=under_hooks or key == "hooks", depth=depth + 1)
        return found
    if isinstance(node, list):
        return [c for item in node for c in _commands(item, under_hooks=under_hooks, depth=depth + 1)]
    return []


def _scripts(command: str, files: Mapping[str, str]) -> Iterator[str]:
    """The skill's files a command names by their path inside the skill."""
    for word in _WORD.findall(command):
        word = word.replace("\\", "/")
        for relpath in files:
            if word == relpath or word.endswith("/" + relpath):
                yield relpath


class HookAnalyzer:
    """The skill-level analyzer ``agent-hooks`` (see the module docstring)."""

    name = "agent-hooks"

    def analyze_skill(self, view: Any) -> list[Finding]:
        commands = hook_commands(view.of_kind("config"))
        if not commands:
            return []
        shells = view.of_kind("shell")
        named = sorted({relpath for c in commands for relpath in _scripts(c, shells)})
        out = [f for relpath in named for f in shflow.hook_findings(relpath, shells[relpath], shells)]
        python = view.of_kind("python")
        for relpath in sorted({relpath for c in commands for relpath in _scripts(c, python)}):
            out += [
                replace(f, why=f.why.replace("secrets read from a credential store", shflow.HOOK_EVENT))
                for f in pyflow.hook_findings(relpath, python)
            ]
        return out
