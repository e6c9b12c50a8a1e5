"""Filling a library for an evaluation: skill files, benchmark tools, the built-in example set.

- :func:`load_library` adds every skill found under some paths with the bulk importer
  (``skillrouter.transfer.importer.import_paths``): SKILL.md folders, a store, JSON / JSONL skills.
- :func:`add_tools` adds a benchmark's :class:`~skillrouter.eval.datasets.Tool` list as skills.
- :func:`builtin_skills` and :func:`builtin_queries` locate the built-in benchmark: the
  example library shipped in ``skillrouter/examples/skills`` and ``eval/data/builtin_queries.jsonl``.

Benchmark tools are written with ``lib.add(..., scan=False, sync=False)`` (no Level 2 files,
no scan); the index is synced by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from skillrouter.eval.datasets import Tool

import skillrouter
from skillrouter import Skill, SkillExistsError
from skillrouter.library import SkillLibrary
from skillrouter.transfer.sources import is_team_url

__all__ = [
    "LoadReport",
    "add_tools",
    "builtin_queries",
    "builtin_skills",
    "folder_names",
    "load_library",
    "read_skills",
    "tool_skill",
]


@dataclass
class LoadReport:
    """What was added, and what was skipped with the reason (one line each).

    ``distractors``: the added skills that came from ``--distractors`` paths (never gold).
    """

    added: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    distractors: list[str] = field(default_factory=list)

    def merge(self, other: LoadReport) -> LoadReport:
        self.added += other.added
        self.skipped += other.skipped
        self.distractors += other.distractors
        return self


def builtin_skills() -> Path:
    """The example skill library shipped with skillrouter (16 SKILL.md folders)."""
    return Path(skillrouter.__file__).parent / "examples" / "skills"


def builtin_queries() -> Path:
    """The built-in benchmark's queries (134 lines, 32 with ``"gold": []``)."""
    return Path(__file__).parent / "data" / "builtin_queries.jsonl"


def tool_skill(tool: Tool) -> Skill:
    """A benchmark tool as a skill: its name, its description, its tags."""
    return Skill.create(tool.name, tool.description, tags=tool.tags, source=tool.source_name or None)


def load_library(lib: SkillLibrary, paths: Iterable[str | Path]) -> LoadReport:
    """Add every skill found under ``paths`` to ``lib`` with the bulk importer.

    Anything ``skillrouter import`` reads: SKILL.md folders (recursively), a store, archives,
    JSON / JSONL skills, index files. The security scan is off (a flagged skill would be
    quarantined, and the router never returns those, which is not what a routing benchmark
    measures) and a name already taken is skipped. Files that do not parse are reported in
    :attr:`LoadReport.skipped`, never fatal: real libraries hold a few odd files.
    """

    sources = [p if is_team_url(p) else Path(p).expanduser() for p in paths]  # a team library's URL
    result = lib.import_skills(sources, on_conflict="skip", scan=False)
    report = LoadReport(added=list(result.added) + list(result.updated))
    report.skipped += [(e.get("path", ""), e.get("reason", "")) for e in result.errors]
    report.skipped += [(s.get("path", ""), s.get("reason", "")) for s in result.skipped]
    return report


def read_skills(paths: Iterable[str | Path]) -> list[Skill]:
    """Every skill under ``paths`` as the importer reads it (repairs included), without a store;
    a name already read is skipped, as :func:`load_library` does."""
    from contextlib import ExitStack

    from skillrouter.transfer.report import ImportReport
    from skillrouter.transfer.sources import read_sources

    found: dict[str, Skill] = {}
    with ExitStack() as stack:
        sources = [p if is_team_url(p) else Path(p).expanduser() for p in paths]
        for _, candidates in read_sources(sources, ImportReport(), stack):
            for cand in candidates:
                found.setdefault(cand.skill.name, cand.skill)
    return list(found.values())


def add_tools(lib: SkillLibrary, tools: Sequence[Tool]) -> LoadReport:
    """Add a benchmark's tools as skills (each name must be new)."""
    report = LoadReport()
    for tool in tools:
        try:
            lib.add(
                tool_skill(tool), scan=False, sync=False
            )  # benchmark data under test, not skills an agent obeys
        except SkillExistsError:
            report.skipped.append((tool.name, "name already in the library"))
            continue
        report.added.append(tool.name)
    return report


def folder_names(root: str | Path) -> dict[str, str]:
    """``<folder relative to root>`` -> the name the importer gives the skill in it, for labels
    that name skills by folder (clawhub-sample's ``<author>/<slug>``). Two folders of one name
    import once (:func:`load_library` skips the second), so both map to the skill imported: in
    clawhub-sample those are copies of one skill, labelled as alternates of each other."""
    from contextlib import ExitStack

    from skillrouter.transfer.report import ImportReport
    from skillrouter.transfer.sources import read_sources

    base = Path(root).expanduser().resolve()
    out: dict[str, str] = {}
    with ExitStack() as stack:
        for _, candidates in read_sources([base], ImportReport(), stack):
            for cand in candidates:
                folder = Path(cand.path).resolve().parent
                try:
                    rel = folder.relative_to(base).as_posix()
                except ValueError:
                    continue
                out[rel] = cand.skill.name
    return out
