"""Bounded memory files: what the agent keeps about its work and about its user.

Two small Markdown files live in the agent's memory folder (the Hermes Agent design):

* ``MEMORY.md`` (default limit 2,200 characters): entries the agent keeps about its work,
  e.g. environment facts, conventions of the project, lessons learned.
* ``USER.md`` (default limit 1,375 characters): the user's preferences and style.

File format
-----------
A memory file holds nothing but entries. Each entry is a Markdown bullet: its first line
starts with ``"- "`` at column 0 and any further lines of the same entry are indented by
two spaces::

    - The test suite needs `pytest -q`; integration tests are marked `slow`.
    - Deploys go through `make release`,
      never by pushing tags by hand.

Entries are normalised before they are stored: surrounding whitespace is stripped,
trailing whitespace is stripped from every line and blank lines inside an entry are
dropped; indentation inside an entry is kept. When a file is read, blank lines are
skipped and a line that does not start with ``"- "`` continues the entry before it (or
starts one, when it comes first), losing two spaces of indentation. The size of a file is
the number of characters of its canonical text (:meth:`BoundedMemory.text`), which is exactly what is
written to disk.

Limits
------
A change that would make the file exceed its limit is refused with
:class:`~skillrouter.errors.MemoryLimitError`; the agent must consolidate first (remove
entries or merge several into one with :meth:`BoundedMemory.replace` or
:meth:`BoundedMemory.set_entries`). Removing never fails for size, and a replacement that
does not grow the file is accepted even if the file is already over its limit (e.g. after
the limit was lowered).

Concurrency
-----------
Every change is a read-modify-write done while holding a :class:`filelock.FileLock` on
``<file>.lock``, and the new text is written atomically (temporary file in the same folder,
``fsync``, :func:`os.replace`), so concurrent writers in several processes lose nothing
and readers never see a half-written file. Reads take no lock.

:class:`AgentMemory` bundles both files; :meth:`AgentMemory.snapshot` freezes their text at
one moment for injection into a system prompt (:meth:`MemorySnapshot.render`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock, Timeout

from skillrouter.errors import MemoryEntryError, MemoryLimitError, SkillRouterError
from skillrouter.store.atomic import atomic_write

__all__ = [
    "DEFAULT_MEMORY_LIMIT",
    "DEFAULT_USER_LIMIT",
    "MEMORY_FILE",
    "USER_FILE",
    "AgentMemory",
    "BoundedMemory",
    "MemoryEntryError",
    "MemorySnapshot",
]

DEFAULT_MEMORY_LIMIT = 2200
"""Default character limit of ``MEMORY.md``: entries the agent keeps about its work."""

DEFAULT_USER_LIMIT = 1375
"""Default character limit of ``USER.md``: the user's preferences and style."""

MEMORY_FILE = "MEMORY.md"
USER_FILE = "USER.md"

_BULLET = "- "
_INDENT = "  "


def _normalise(text: str) -> str:
    """Canonical form of one entry: stripped lines, no blank lines. May be ``""``."""
    if not isinstance(text, str):
        raise TypeError(f"a memory entry must be a str, not {type(text).__name__}")
    lines = (line.rstrip() for line in text.strip().splitlines())
    return "\n".join(line for line in lines if line.strip())


def _render(entries: Iterable[str]) -> str:
    """Canonical file text for already-normalised entries."""
    out: list[str] = []
    for entry in entries:
        first, *rest = entry.split("\n")
        out.append(_BULLET + first + "\n")
        out.extend(_INDENT + line + "\n" for line in rest)
    return "".join(out)


def _parse(text: str) -> list[str]:
    """Entries of a memory file's text (see the module docstring for the format)."""
    entries: list[list[str]] = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith(_BULLET) or line == _BULLET.rstrip():
            entries.append([line[len(_BULLET) :]])
        elif entries:
            entries[-1].append(line.removeprefix(_INDENT))
        else:
            entries.append([line])
    result: list[str] = []
    for lines in entries:
        entry = _normalise("\n".join(lines))
        if entry and entry not in result:
            result.append(entry)
    return result


def _dedupe(entries: Iterable[str]) -> list[str]:
    result: list[str] = []
    for entry in entries:
        if entry not in result:
            result.append(entry)
    return result


class BoundedMemory:
    """One Markdown memory file of bullet entries with a character limit.

    ``path`` need not exist yet; it (and its folder) is created on the first write.
    ``lock_timeout`` is how many seconds a writer waits for the file lock before giving up
    with :class:`~skillrouter.errors.SkillRouterError` (a negative value waits forever).
    """

    def __init__(self, path: str | os.PathLike[str], limit: int, *, lock_timeout: float = 30.0) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
            raise ValueError(f"the memory limit must be a positive number of characters, not {limit!r}")
        self.path = Path(path)
        self.limit = limit
        self.lock_timeout = lock_timeout
        self._lock = FileLock(str(self.path) + ".lock", timeout=lock_timeout)

    def __repr__(self) -> str:
        return f"BoundedMemory({str(self.path)!r}, limit={self.limit})"

    # -- reading -------------------------------------------------------------------

    def _read_raw(self) -> str:
        try:
            return self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""

    def entries(self) -> list[str]:
        """The entries, in file order, without their bullet markers."""
        return _parse(self._read_raw())

    def text(self) -> str:
        """The canonical text of the file (``""`` when it holds no entries)."""
        return _render(self.entries())

    def size(self) -> int:
        """Number of characters of :meth:`text`."""
        return len(self.text())

    # -- writing -------------------------------------------------------------------

    def add(self, text: str) -> None:
        """Append one entry. Adding an entry identical to an existing one does nothing.

        Raises :class:`ValueError` (:class:`MemoryEntryError`) for an empty entry and
        :class:`~skillrouter.errors.MemoryLimitError` when the file would exceed its limit.
        """
        entry = self._require_entry(text)

        def change(entries: list[str]) -> list[str] | None:
            if entry in entries:
                return None
            return [*entries, entry]

        self._update(change, strict=True, what="adding this entry")

    def replace(self, old_substring: str, new_text: str) -> None:
        """Replace the one entry that contains ``old_substring`` with ``new_text``.

        Raises :class:`MemoryEntryError` (a ``ValueError``) when no entry or several entries
        contain the substring, or when ``new_text`` is empty;
        :class:`~skillrouter.errors.MemoryLimitError` when the file would grow past its limit.
        If ``new_text`` equals another entry, the two are merged into one.
        """
        new_entry = self._require_entry(new_text)
        needle = self._require_substring(old_substring)

        def change(entries: list[str]) -> list[str] | None:
            index = self._find_one(entries, needle)
            updated = list(entries)
            updated[index] = new_entry
            return _dedupe(updated)

        self._update(change, strict=False, what="this replacement")

    def remove(self, substring: str) -> None:
        """Remove the one entry that contains ``substring``.

        Raises :class:`MemoryEntryError` (a ``ValueError``) when no entry or several entries
        contain it.
        """
        needle = self._require_substring(substring)

        def change(entries: list[str]) -> list[str] | None:
            index = self._find_one(entries, needle)
            return entries[:index] + entries[index + 1 :]

        self._update(change, strict=False, what="this removal")

    def set_entries(self, entries: list[str]) -> None:
        """Replace every entry at once (used by consolidation). The result must fit the limit.

        Identical entries are kept once. Raises :class:`MemoryEntryError` (a ``ValueError``)
        if any entry is empty and :class:`~skillrouter.errors.MemoryLimitError` if the new
        entries do not fit.
        """
        if isinstance(entries, str):
            raise TypeError("set_entries takes a list of entries, not one str")
        new_entries = _dedupe(self._require_entry(entry) for entry in entries)
        self._update(lambda _current: new_entries, strict=True, what="these entries")

    # -- helpers -------------------------------------------------------------------

    def _require_entry(self, text: str) -> str:
        entry = _normalise(text)
        if not entry:
            raise MemoryEntryError(f"{self.path.name}: a memory entry must not be empty")
        return entry

    def _require_substring(self, substring: str) -> str:
        if not isinstance(substring, str):
            raise TypeError(f"the substring must be a str, not {type(substring).__name__}")
        if not substring.strip():
            raise MemoryEntryError(f"{self.path.name}: the substring naming an entry must not be empty")
        return substring

    def _find_one(self, entries: list[str], needle: str) -> int:
        matches = [i for i, entry in enumerate(entries) if needle in entry]
        if not matches:
            raise MemoryEntryError(f"{self.path.name}: no entry contains {needle!r}")
        if len(matches) > 1:
            shown = "; ".join(repr(_preview(entries[i])) for i in matches)
            raise MemoryEntryError(
                f"{self.path.name}: {len(matches)} entries contain {needle!r} ({shown}); "
                "use a longer substring that names exactly one entry"
            )
        return matches[0]

    def _update(
        self,
        change: Callable[[list[str]], list[str] | None],
        *,
        strict: bool,
        what: str,
    ) -> None:
        """Read, change and write the entries while holding the file lock.

        ``change`` returns the new entries, or ``None`` for "nothing to do". With ``strict``
        the result must fit the limit; otherwise it must fit or not be larger than before.
        """
        try:
            with self._lock:
                current = _parse(self._read_raw())
                updated = change(current)
                if updated is None:
                    return
                current_size = len(_render(current))
                new_text = _render(updated)
                new_size = len(new_text)
                over = new_size > self.limit and (strict or new_size > current_size)
                if over:
                    raise MemoryLimitError(
                        f"{self.path.name} is full: it holds {current_size} of its {self.limit} "
                        f"characters and {what} would make it {new_size}. Consolidate the memory "
                        "first: remove entries or merge several into one, then retry."
                    )
                atomic_write(self.path, new_text)
        except Timeout as exc:
            raise SkillRouterError(
                f"could not lock {self.path} within {self.lock_timeout} s: another process is writing to it"
            ) from exc


def _preview(entry: str, width: int = 40) -> str:
    flat = " ".join(entry.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


@dataclass(frozen=True)
class MemorySnapshot:
    """The text of both memory files at one moment (later writes do not change it)."""

    memory: str
    user: str

    def render(self) -> str:
        """The block injected into a system prompt.

        One ``## Memory`` section and one ``## User profile`` section, each omitted when
        empty; ``""`` when both are empty. No trailing newline.
        """
        sections: list[str] = []
        if self.memory.strip():
            sections.append("## Memory\n" + self.memory.rstrip("\n"))
        if self.user.strip():
            sections.append("## User profile\n" + self.user.rstrip("\n"))
        return "\n\n".join(sections)


class AgentMemory:
    """The agent's two bounded memory files, ``MEMORY.md`` and ``USER.md``, in ``folder``."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        memory_limit: int = DEFAULT_MEMORY_LIMIT,
        user_limit: int = DEFAULT_USER_LIMIT,
    ) -> None:
        self.folder = Path(folder)
        self.memory = BoundedMemory(self.folder / MEMORY_FILE, memory_limit)
        self.user = BoundedMemory(self.folder / USER_FILE, user_limit)

    def __repr__(self) -> str:
        return f"AgentMemory({str(self.folder)!r})"

    def snapshot(self) -> MemorySnapshot:
        """Freeze the current text of both files."""
        return MemorySnapshot(memory=self.memory.text(), user=self.user.text())
