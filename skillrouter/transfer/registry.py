"""Import sources: what reads one input of an import, and where third-party ones come from.

Everything a source needs is here: :class:`Source` (what it is), :class:`ReadContext` (what it
is handed), :class:`SourceSkill` (what it returns) and :func:`register_source`. A source has

- ``name``: a short label, for messages;
- ``claims(source) -> bool``: whether it reads this input, decided cheaply (a scheme, a file
  name, a suffix) and without reading it. The input is what was given: a ``Path`` (the CLI), a
  ``str`` (the library: a path, or a URL such as a team library's ``postgresql://``);
- ``read(source, ctx) -> (origin, candidates) | None``: the skills it holds and its ``origin``,
  the one string that names this source in the store (usually the resolved path): provenance, and
  ``--prune`` removes a skill of this origin that the source no longer holds. What cannot be read
  is one error per file through ``ctx.error``, never raised (the origin is then left alone by
  ``--prune``); ``None`` when nothing of the input is a source this time (a damaged archive:
  nothing of it is imported, and ``--prune`` removes nothing it brought before).

:func:`~skillrouter.transfer.sources.read_sources` asks the sources in this order, and the
first that claims an input reads it:

1. the built-ins that know an input by its scheme or name: a team library's URL, a ``.zip`` /
   ``.tar.gz`` / ``.tgz`` archive, a ``.json`` / ``.jsonl`` file, a ``SKILL.md``;
2. the third-party sources: those given to :func:`register_source`, in order, then the
   ``skillrouter.sources`` entry points, by name;
3. the built-ins that take whatever is left: any other single file (a Markdown skill by itself),
   then a folder (every ``SKILL.md`` below it).

So a plugin cannot change how the built-in formats are read, and is asked before the catch-alls
(which would take its files for Markdown skills). An input no source claims is ``no such file or
folder``.

A plugin that cannot be loaded, or lacks ``claims`` or ``read``, is one error line naming it in
every import's report; one that raises (or returns something other than ``(origin,
[SourceSkill, ...])``) is one error line naming it and the input, and is asked nothing more in
that import. Neither is a traceback, and the other sources read on. See ``docs/extending.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from skillrouter.plugins import Registry
from skillrouter.security.findings import Finding
from skillrouter.skill import Skill

__all__ = ["SOURCES", "ReadContext", "Source", "SourceSkill", "register_source"]


@dataclass
class SourceSkill:
    """One skill read from the input, before it is written."""

    skill: Skill
    path: str  # where it came from (file, or file:line for JSONL)
    folder: Path | None  # its folder, for Level 2 files
    input_hash: str
    findings: list[Finding] = field(default_factory=list)
    stats: tuple[int, float | None] = (0, None)  # (use_count, avg_score) it came with, validated
    warnings: list[str] = field(default_factory=list)  # reported only if the skill is written


class ReadContext(Protocol):
    """What a source is handed, one per import: where its errors go, and the built-in readers
    (:class:`~skillrouter.transfer.sources.ImportContext` is the import's)."""

    def error(self, path: str | Path, reason: str) -> None:
        """What could not be read: one line, for that file (or ``file:line``, ``file[i]``)."""
        ...

    def parsed(self, count: int = 1) -> None:
        """Say that ``count`` more skills were read (the CLI's progress bar)."""
        ...

    def temporary_folder(self, prefix: str = "skillrouter-import-") -> Path:
        """A new empty folder, removed when the import ends (after the skills are written)."""
        ...

    def skill_folder(
        self, skill_md: Path, root: Path, origin: str, *, alone: bool = False
    ) -> SourceSkill | None:
        """The skill of a ``SKILL.md`` and the Level 2 files beside it (``alone``: the file by
        itself), never read through a link leaving ``root``; None, with the error reported, when
        it cannot be read."""
        ...

    def skill_item(self, item: object, where: str, origin: str) -> SourceSkill | None:
        """A skill in its JSON form (a mapping: name, description, body or procedure / pitfalls /
        verification, tags, ...; one with neither body nor sections is an index entry, a
        Level-0-only skill), read as the JSON source reads each of its items; ``where`` names it
        in errors. None, with the error reported, when it is not a valid skill."""
        ...

    def walk(self, root: Path) -> Iterator[Path]:
        """Every ``SKILL.md`` below ``root`` (dot-folders and links to folders skipped)."""
        ...


class Source(Protocol):
    """Reads one kind of import input; see the module docstring."""

    name: str

    def claims(self, source: str | Path) -> bool: ...

    def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]] | None: ...


SOURCES: Registry[Source] = Registry("skillrouter.sources", "import source", ("claims", "read"))


def register_source(source: Source) -> Source:
    """Ask ``source`` about every input of every import from now on: after the built-in formats
    and the sources registered before it, before the catch-alls (one of the same name is
    replaced). Returns it."""
    return SOURCES.register(source)
