"""Filling a library for an evaluation: skill files, benchmark tools, the built-in example set.

- :func:`load_library` adds every skill found under some paths (SKILL.md folders, a store,
  JSON / JSONL skills). It is the one place to swap for ``skillrouter.importer.import_paths``
  once the bulk importer lands.
- :func:`add_tools` adds a benchmark's :class:`~eval.datasets.Tool` list as skills.
- :func:`builtin_skills` and :func:`builtin_queries` locate the built-in benchmark: the
  example library shipped in ``skillrouter/examples/skills`` and ``eval/data/builtin_queries.jsonl``.

Skills are written with ``lib.store.add`` (no Level 2 files, one index sync at the end), so a
library of thousands of tools loads in seconds; the index is synced by the caller's first route.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import skillrouter
from skillrouter import Skill, SkillExistsError, SkillFormatError, read_skill_md, skill_from_json
from skillrouter.library import SkillLibrary

from eval.datasets import Tool

__all__ = ["LoadReport", "add_tools", "builtin_queries", "builtin_skills", "load_library", "tool_skill"]


@dataclass
class LoadReport:
    """What :func:`load_library` added, and what it skipped with the reason (one line each)."""

    added: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def merge(self, other: LoadReport) -> LoadReport:
        self.added += other.added
        self.skipped += other.skipped
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


def _skill_files(path: Path) -> Iterator[tuple[Path, str]]:
    """(file, kind) for every skill under ``path``: kind is ``md``, ``json`` or ``jsonl``."""
    if path.is_file():
        if path.name == "SKILL.md" or path.suffix == ".md":
            yield path, "md"
        elif path.suffix == ".json":
            yield path, "json"
        elif path.suffix == ".jsonl":
            yield path, "jsonl"
        else:
            raise SkillFormatError("not a SKILL.md, JSON or JSONL skill file", path=path)
        return
    if not path.is_dir():
        raise SkillFormatError("no such file or folder", path=path)
    if (path / "SKILL.md").is_file():
        yield path / "SKILL.md", "md"
        return
    found = sorted(p for p in path.rglob("SKILL.md") if not any(part.startswith(".") for part in p.parts[-3:]))
    yield from ((p, "md") for p in found)
    if not found:
        for p in sorted(path.glob("*.json")):
            yield p, "json"
        for p in sorted(path.glob("*.jsonl")):
            yield p, "jsonl"


def _read(file: Path, kind: str) -> Iterator[Skill | tuple[str, str]]:
    """Skills in one file; a problem is yielded as (where, why) instead of raised."""
    if kind == "md":
        try:
            yield read_skill_md(file)
        except SkillFormatError as err:
            yield str(file), str(err)
        return
    try:
        text = file.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        yield str(file), f"cannot read: {err}"
        return
    if kind == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            yield str(file), f"not valid JSON: {err.msg} (line {err.lineno})"
            return
        items: list[tuple[str, object]] = [(f"{file}[{i}]", d) for i, d in enumerate(data)] \
            if isinstance(data, list) else [(str(file), data)]
    else:
        items = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                items.append((f"{file}:{number}", json.loads(line)))
            except json.JSONDecodeError as err:
                yield f"{file}:{number}", f"not valid JSON: {err.msg}"
    for where, data in items:
        try:
            yield skill_from_json(data, path=where)
        except SkillFormatError as err:
            yield where, str(err)


def load_library(lib: SkillLibrary, paths: Iterable[str | Path]) -> LoadReport:
    """Add every skill found under ``paths`` to ``lib``'s store; report what was skipped.

    A path may be a SKILL.md, a skill folder, a folder of skill folders (searched
    recursively, e.g. a store's ``skills/``), a JSON skill (or a list of them) or a JSONL file
    of skills. A file that does not parse, or a name already taken, is skipped and reported,
    never fatal: real libraries hold a few odd files.
    """
    report = LoadReport()
    for raw in paths:
        path = Path(raw).expanduser()
        for file, kind in _skill_files(path):
            for item in _read(file, kind):
                if isinstance(item, tuple):
                    report.skipped.append(item)
                    continue
                try:
                    lib.store.add(item)
                except SkillExistsError:
                    report.skipped.append((str(file), f"name {item.name!r} is already in the library"))
                    continue
                report.added.append(item.name)
    return report


def add_tools(lib: SkillLibrary, tools: Sequence[Tool]) -> LoadReport:
    """Add a benchmark's tools as skills (each name must be new)."""
    report = LoadReport()
    for tool in tools:
        try:
            lib.store.add(tool_skill(tool))
        except SkillExistsError:
            report.skipped.append((tool.name, "name already in the library"))
            continue
        report.added.append(tool.name)
    return report
