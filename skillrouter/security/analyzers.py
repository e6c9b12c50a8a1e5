"""Security analyzers: what reads one text file of a skill and reports what looks hostile in it.

An analyzer is anything with (the :class:`Analyzer` protocol):

- ``name``: a short label, for messages;
- ``analyze(file: FileText) -> Iterable[Finding]``: the findings in one text file of a skill,
  its ``SKILL.md`` or a Level 2 file. Binary and oversize files, links and paths leaving the
  folder are the scan's own checks (:mod:`~skillrouter.security.folder`) and reach no analyzer.

:func:`~skillrouter.security.scan.scan_text` runs, for every file of every scan (an import, ``add``,
the agent's writes, a hand edit found on refresh, an import's dry run):

1. the built-in analyzer, ``rules``: every rule of this package. The rules share one reading of
   the file (the normalised text, its Markdown blocks, its command lines) and settle their
   overlaps in a fixed order, so they are one analyzer, not one per rule: split, they would
   report differently;
2. the third-party analyzers: those given to :func:`register_analyzer`, in order, then the
   ``skillrouter.analyzers`` entry points, by name. A finding already made for that rule on that
   line is not repeated.

Analyzers report; they do not judge. What findings mean stays in the policy
(:func:`~skillrouter.security.policy.decide` and :func:`~skillrouter.security.policy.admit`),
which reads severities: a plugin may bring rules of its own (``Finding("crypto-miner", ...)``), and
a ``dangerous`` finding of one quarantines a community skill as any other does.

A plugin that cannot be loaded, lacks ``analyze``, raises on a file or returns something that is
not a :class:`Finding` is logged once, as one line naming it (logger ``skillrouter.security``),
and the scan goes on without it: the built-in rules always run.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from skillrouter.plugins import Plugin, Registry
from skillrouter.security.findings import SEVERITIES, Finding

__all__ = ["ANALYZERS", "Analyzer", "FileText", "plugin_findings", "register_analyzer"]

log = logging.getLogger("skillrouter.security")


@dataclass(frozen=True)
class FileText:
    """One text file of a skill, as an analyzer receives it."""

    relpath: str  # its path in the skill's folder: "SKILL.md", "scripts/run.sh"
    text: str  # its text, as read (decoded; not normalised)
    topic: str | None = None  # for a Level 2 file: what its SKILL.md says the skill is about
    mentions: bool = True  # False: report what the text only mentions too (measuring the exemption)


class Analyzer(Protocol):
    """Reads one text file of a skill; see the module docstring."""

    name: str

    def analyze(self, file: FileText) -> Iterable[Finding]: ...


ANALYZERS: Registry[Analyzer] = Registry("skillrouter.analyzers", "security analyzer", ("analyze",))


def register_analyzer(analyzer: Analyzer) -> Analyzer:
    """Run ``analyzer`` over every file of every scan from now on, after the built-in rules and
    the analyzers registered before it (one of the same name is replaced). Returns it."""
    return ANALYZERS.register(analyzer)


_logged: set[str] = set()  # plugins already logged as broken in this process


def _say_once(plugin: str, line: str) -> None:
    if plugin not in _logged:
        _logged.add(plugin)
        log.error("%s", line)


def plugin_findings(file: FileText) -> list[Finding]:
    """The third-party analyzers' findings in ``file``, each checked; a plugin that fails adds none."""
    plugins, problems = ANALYZERS.plugins()
    for problem in problems:
        _say_once(problem.plugin, f"{problem}; the scan runs without it")
    out: list[Finding] = []
    for plugin in plugins:
        out += _guarded(plugin, file)
    return out


def _guarded(plugin: Plugin[Analyzer], file: FileText) -> list[Finding]:
    try:
        found = list(plugin.extension.analyze(file))
    except Exception as err:  # noqa: BLE001  third-party code: anything it raises is its own
        why: BaseException | str = err
    else:
        wrong = next((f for f in found if not isinstance(f, Finding) or f.severity not in SEVERITIES), None)
        if wrong is None:
            return found
        why = f"returned {wrong!r}, not a Finding with severity caution or dangerous"
    line = ANALYZERS.failure(plugin, why)
    _say_once(f"{plugin.label}", f"{line} (on {file.relpath}); the scan goes on without it, logged once")
    return []


def forget_logged() -> None:
    """Log broken plugins again (for tests, with :meth:`Registry.reset`)."""
    _logged.clear()
