"""Where a store's skill folders come from: the store's own folder, or this machine's copy of a
team library.

:class:`~skillrouter.store.Store` chooses one :class:`SkillCopies` when it opens (as httpx picks a
transport) and asks it, never a mode flag, whatever differs between the two:

- :class:`LocalCopies`: the folder is the source of truth; the SQLite ledger records each
  folder's stat signature, a write renames its staged folder in before the ledger commits (the
  sidecar vouches if the commit is lost), a deleted folder's rows go with it;
- :class:`~skillrouter.store.team.TeamCopy`: the database holds the skills and the folder is a
  cache written from it (its module docstring says how the two are kept in step).

Every method of the protocol is called by the store or its
:class:`~skillrouter.store.reconcile.Reconciler` at the point named in its docstring; the local
one does there what a store of one's own always did, mostly nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from skillrouter.store.ledger import Ledger, Row
from skillrouter.store.skillfiles import SkillFiles

__all__ = ["CopyCheck", "LocalCopies", "SkillCopies"]


class CopyCheck:
    """What ``doctor`` found of the copies (:meth:`SkillCopies.check`): a report section (empty:
    nothing to say), what it repaired, and what it could not, one line each."""

    def __init__(self) -> None:
        self.section: dict[str, Any] = {}
        self.repaired = False
        self.unrepaired: list[str] = []


class SkillCopies(Protocol):
    """The skill folders' side of a store that differs between a store of one's own and a team
    library's copy (see the module docstring)."""

    @property
    def sidecars_vouch(self) -> bool:
        """Whether a folder's sidecar may vouch for its content (never in a copy of a database)."""
        ...

    def names(self) -> list[str]:
        """The skills of the library (a team library's: this copy may lack some yet)."""
        ...

    def has(self, name: str) -> bool: ...

    def ensure(self, name: str) -> None:
        """Make the folder of ``name`` hold the library's content before it is read or written."""
        ...

    def sync(self) -> list[str]:
        """Make every folder hold the library's content now; the names written, removed or set aside."""
        ...

    def recorded_sig(self, name: str, row: Row | None) -> str | None:
        """The stat signature of ``name``'s folder when it was last recorded."""
        ...

    def recorded_sigs(self) -> dict[str, str]: ...

    def record_sig(self, name: str, sig: str) -> None:
        """The folder of ``name`` holds what was recorded, under a new signature."""
        ...

    def claim(self, name: str, file_hash: str, exists: bool) -> None:
        """Inside a write's transaction, before its rows: raise ``SkillExistsError`` when a new
        skill's name was taken meanwhile by other content."""
        ...

    def commit(self, name: str, version: int, staged: Path) -> str:
        """Inside a write's transaction, after its rows: the staged folder's part of the commit;
        returns the key :meth:`place` gets."""
        ...

    def place(self, name: str, staged: Path, files_key: str) -> None:
        """After a write committed: whatever of the staged folder is still to be put in place."""
        ...

    def version_files(self, name: str, version: int) -> dict[str, bytes] | None:
        """The Level 2 files ``name`` had at ``version`` (None: not kept; restore keeps the current)."""
        ...

    def delete(self, name: str) -> None:
        """Remove the skill's folder and its rows (history included); the write lock is held."""
        ...

    def gone(self, names: list[str]) -> None:
        """The folders of ``names`` vanished from disk (a refresh found it; the write lock is held)."""
        ...

    def behind(self, name: str) -> bool:
        """Whether a change found in the folder of ``name`` is of content the library has since
        replaced (so it is no edit to record: :meth:`ensure` deals with it)."""
        ...

    def send_edit(self, name: str, version: int, *, known: bool) -> None:
        """Inside the transaction recording a change on disk of ``name`` at ``version`` (``known``:
        an edit of a skill the ledger has): its files' part (raises :class:`MovedOn` when the
        library moved past the edit meanwhile)."""
        ...

    def take_warnings(self) -> list[str]:
        """What was set aside since last asked, one line each (said once)."""
        ...

    def repairs(self) -> list[str]:
        """Derived data of the copies' own that was repaired, one line each."""
        ...

    def check(self, repair: bool) -> CopyCheck:
        """``doctor``'s check of the copies against the library (with ``repair``: brought in step)."""
        ...

    def mend(self, unreadable: list[tuple[str, str]]) -> list[str]:
        """``doctor --repair``: of ``unreadable`` (name, why) folders, those the library can write
        again (removed from the list); their names."""
        ...


class MovedOn(Exception):
    """A team library's skill was replaced by another machine while this copy's edit of it was
    being recorded (the write rolls back; the edit is kept aside)."""


class LocalCopies:
    """A store of one's own: the folder is the library (see the module docstring)."""

    sidecars_vouch = True

    def __init__(self, files: SkillFiles, ledger: Ledger) -> None:
        self.files = files
        self.ledger = ledger

    def names(self) -> list[str]:
        return self.files.names()

    def has(self, name: str) -> bool:
        return name in self.files

    def ensure(self, name: str) -> None:
        return None

    def sync(self) -> list[str]:
        return []

    def recorded_sig(self, name: str, row: Row | None) -> str | None:
        return row.file_sig if row is not None else None

    def recorded_sigs(self) -> dict[str, str]:
        return self.ledger.sigs()

    def record_sig(self, name: str, sig: str) -> None:
        self.ledger.set_sig(name, sig)

    def claim(self, name: str, file_hash: str, exists: bool) -> None:
        return None  # the write lock is the only writer's: a name cannot be taken meanwhile

    def commit(self, name: str, version: int, staged: Path) -> str:
        # renamed in before the commit: the sidecar vouches if the commit is lost
        self.files.swap_in(name, staged)
        self.ledger.set_sig(name, self.files.sig(name))
        return ""

    def place(self, name: str, staged: Path, files_key: str) -> None:
        return None

    def version_files(self, name: str, version: int) -> dict[str, bytes] | None:
        return None

    def delete(self, name: str) -> None:
        trash = self.files.take_out(name)
        self.ledger.forget([name], history=True)
        self.files.discard(trash)

    def gone(self, names: list[str]) -> None:
        self.ledger.forget(names)

    def behind(self, name: str) -> bool:
        return False

    def send_edit(self, name: str, version: int, *, known: bool) -> None:
        return None

    def take_warnings(self) -> list[str]:
        return []

    def repairs(self) -> list[str]:
        return []

    def check(self, repair: bool) -> CopyCheck:
        return CopyCheck()

    def mend(self, unreadable: list[tuple[str, str]]) -> list[str]:
        return []
