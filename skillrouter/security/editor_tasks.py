"""Code an editor runs by itself when a project is opened: VS Code's automatic tasks.

A task in ``.vscode/tasks.json`` with ``"runOptions": {"runOn": "folderOpen"}`` runs whenever the
folder is opened, once automatic tasks are allowed. A skill that has the agent copy such a file into
a repository makes everyone who opens it run the task, every time: persistence that outlives the
skill's task. Watchers started that way are ordinary (``tsc --watch``, a dev server), so the
automatic task alone is not reported; it is when what it runs is hidden or foreign:

- code given inline (``node -e``, ``python -c``, ``bash -c``, PowerShell's ``-Command`` or
  ``-EncodedCommand``), or fetched (a URL, ``curl``, ``wget``, ``Invoke-WebRequest``);
- a script in a dot-file (``node .vscode/.warmup.js``: hidden from a listing).

And the editor's own safety switched off: workspace trust disabled
(``"security.workspace.trust.enabled": false``) or automatic tasks allowed without asking
(``"task.allowAutomaticTasks": "on"``), set in a file the skill ships or code it runs (a Markdown
file: in a fenced block, not in prose that warns about it).

Blind probes written by people who never read the gate used this four times in eight rounds
(tasks.json templates and a script that writes them); no file of the real libraries of
``../shared/data`` has a ``.vscode`` folder or names these settings.

Registered as the built-in analyzer ``editor-tasks`` (:mod:`~skillrouter.security.scan`).
"""

from __future__ import annotations

import re

from skillrouter.security.analyzers import FileText
from skillrouter.security.configs import object_end, object_start
from skillrouter.security.findings import Finding, excerpt, finding
from skillrouter.security.markdown import MARKDOWN_SUFFIXES, fenced_spans

__all__ = ["EditorTasksAnalyzer", "editor_task_findings"]

FOLDER_OPEN_RE = re.compile(r"""["']?runOn["']?\s*:\s*["']folderOpen["']""")
# what a task run on folder open may not do unseen
HIDDEN_OR_FOREIGN_RE = re.compile(
    r"""["'](?:-e|--eval|-c|-Command|-EncodedCommand|-enc)["']"""  # an inline program, as an argument
    r"""|\b(?:node|python3?|bash|sh|zsh|pwsh|powershell)(?:\.exe)?\s+(?:-e|--eval|-c|-Command|-EncodedCommand)\b"""
    r"""|https?://|\b(?:curl|wget|Invoke-WebRequest|iwr|Invoke-Expression|iex)\b"""
    r"""|[/\\]\.[\w-]+\.(?:js|mjs|cjs|ts|py|sh|ps1)\b""",  # a script in a dot-file
    re.IGNORECASE,
)
# the editor's own safety switched off
SWITCH_RE = re.compile(
    r"""["']security\.workspace\.trust\.enabled["']\]?\s*[:=,]\s*false\b"""
    r"""|["']task\.allowAutomaticTasks["']\]?\s*[:=,]\s*["']on["']""",
    re.IGNORECASE,
)
_TASK_SPAN = 1500  # characters before and after runOn that its task's object may hold
WHY_TASK = (
    "An editor task set to run whenever the folder is opened runs hidden, inline or fetched code: "
    "everyone who opens the project runs it, every time."
)
WHY_SWITCH = "It switches the editor's workspace trust off or lets its tasks run by themselves, unasked."


def _object_span(text: str, at: int) -> tuple[int, int]:
    """The innermost object (``{...}``) holding ``at``, as far as it lies within the span."""
    start, end = object_start(text, at + 1, _TASK_SPAN), object_end(text, at, _TASK_SPAN)
    return (
        max(0, at - _TASK_SPAN) if start is None else start,
        min(len(text), at + _TASK_SPAN) if end is None else end + 1,
    )


def _task_around(text: str, at: int) -> str:
    """The task holding ``runOn`` at ``at``: the object around its ``runOptions`` object (or the one
    around ``at`` where ``runOn`` is written at the task's level)."""
    inner = _object_span(text, at)
    if re.search(r"""runOptions["']?\s*:\s*$""", text[max(0, inner[0] - 40) : inner[0]]):
        start, end = _object_span(text, inner[0] - 1) if inner[0] > 0 else inner
        return text[start:end]
    return text[inner[0] : inner[1]]


def editor_task_findings(relpath: str, text: str) -> list[Finding]:
    """``persistence`` on each automatic task that runs hidden or foreign code, ``safety-bypass`` on
    each line that switches the editor's safety off (see the module docstring)."""
    lowered = text.lower()
    if (
        "folderopen" not in lowered
        and "workspace.trust" not in lowered
        and "allowautomatictasks" not in lowered
    ):
        return []
    spans = None
    if relpath.lower().endswith(MARKDOWN_SUFFIXES):
        spans = fenced_spans(text)
    lines = text.split("\n")
    out: list[Finding] = []

    def add(rule: str, at: int, match: str, why: str) -> None:
        if spans is not None and not any(a <= at < b for a, b in spans):
            return  # named in prose, not given to set
        number = text.count("\n", 0, at) + 1
        if not any(f.line == number and f.rule == rule for f in out):
            line = lines[number - 1]
            out.append(finding(rule, relpath, number, excerpt(line, max(0, line.find(match))), why=why))

    for m in FOLDER_OPEN_RE.finditer(text):
        if HIDDEN_OR_FOREIGN_RE.search(_task_around(text, m.start())):
            add("persistence", m.start(), m.group(0), WHY_TASK)
    for m in SWITCH_RE.finditer(text):
        add("safety-bypass", m.start(), m.group(0), WHY_SWITCH)
    return out


class EditorTasksAnalyzer:
    """The built-in analyzer of code an editor runs by itself (:func:`editor_task_findings`)."""

    name = "editor-tasks"

    def analyze(self, file: FileText) -> list[Finding]:
        return editor_task_findings(file.relpath, file.text)
