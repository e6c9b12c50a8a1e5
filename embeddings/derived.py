"""A SQLite file of derived data: contents that can be made again from the store at any time (the
embedding cache, the keyword index's counts), so damage is repaired, never fatal.

:class:`DerivedFile` opens the file in WAL mode and runs every statement through :meth:`run`:

- **damaged** (not a database, malformed pages, found at opening or at any later statement):
  the file is set aside as ``<name>.damaged-<time>`` (with its ``-wal`` and ``-shm``), a new one
  is made, the statement runs once more, and :attr:`repairs` says so in one line (the caller
  shows it; ``on_reset`` lets it forget what it had read from the old file);
- **full disk** or **I/O error**: an :class:`OSError` (``ENOSPC`` / ``EIO``) naming the file
  and what to do, which command lines print as one line. Nothing already there is harmed
  (SQLite rolls the statement back);
- **read-only** (a mounted library, a shared folder; ``read_only=True``): the file is opened
  ``immutable`` (no lock, no ``-wal``), or not at all when it does not exist, and writes are
  skipped (:meth:`run` with ``write=True`` returns None).

Lives in ``embeddings`` (the lowest layer) so that both the embedding cache and the keyword
index (:mod:`skillrouter.routing.lexical`) can use it.
"""

from __future__ import annotations

import errno
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = ["PAGE_CACHE_KIB", "DerivedFile", "is_damage", "read_only_connection", "tuned"]

T = TypeVar("T")

_DAMAGE = ("malformed", "not a database", "file is encrypted", "disk image")


PAGE_CACHE_KIB = 32_768
"""SQLite's page cache per connection, a limit and not an allocation (SQLite's default is 2 MB). At
100,000 skills the B-tree pages above the rows of the embedding cache and of the ledger alone pass
2 MB, so a lookup read them from the file again, and the embedding cache's one-key lookup of a
route was many times slower than with this (measured:
docs/evaluation/scale.md#measurements-behind-code-choices). Memory maps would be faster still,
but a file truncated under a long-running process
would then kill it (SIGBUS) instead of being one error and a repair."""


def tuned(db: sqlite3.Connection) -> sqlite3.Connection:
    """``db`` with the page cache of :data:`PAGE_CACHE_KIB`."""
    db.execute(f"PRAGMA cache_size=-{PAGE_CACHE_KIB}")
    return db


def read_only_connection(path: Path) -> sqlite3.Connection:
    """A connection that writes nothing, to ``path`` or beside it: ``immutable`` when no ``-wal``
    holds commits beyond the main file (a cleanly closed file: no lock, no ``-shm`` made), else
    ``mode=ro`` (which reads those commits, where SQLite can use the ``-shm``), else ``immutable``
    after all (a read-only file system with no ``-shm``: what the main file holds)."""
    wal = Path(f"{path}-wal")
    if not wal.is_file() or wal.stat().st_size == 0:
        return tuned(_connect_uri(f"file:{path}?immutable=1"))
    try:
        db = _connect_uri(f"file:{path}?mode=ro")
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return tuned(db)
    except sqlite3.OperationalError:
        return tuned(_connect_uri(f"file:{path}?immutable=1"))


def _connect_uri(uri: str) -> sqlite3.Connection:
    return sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)


def is_damage(err: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's error says the file itself is damaged (not busy, locked or full)."""
    text = str(err).lower()
    return isinstance(err, sqlite3.DatabaseError) and any(mark in text for mark in _DAMAGE)


class DerivedFile:
    """One derived SQLite file (see the module docstring). Safe for several threads (one lock)."""

    def __init__(
        self,
        path: str | Path,
        schema: Callable[[sqlite3.Connection], None],
        *,
        read_only: bool = False,
        on_reset: Callable[[], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.schema = schema
        self.read_only = read_only
        self.on_reset = on_reset
        self.repairs: list[str] = []  # what was repaired, one line each, for the caller to show
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is not None:
            return self._db
        if self.read_only:
            if not self.path.is_file():
                return None
            self._db = read_only_connection(self.path)
            return self._db
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        try:
            tuned(db)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            self.schema(db)
        except BaseException:
            db.close()
            raise
        self._db = db
        return db

    def run(self, statement: Callable[[sqlite3.Connection], T], *, write: bool = False) -> T | None:
        """``statement(connection)``, repaired and translated as the module docstring says. None
        when there is no file to read (read-only, none yet) or a write is skipped (read-only)."""
        if write and self.read_only:
            return None
        with self._lock:
            for attempt in (1, 2):
                try:
                    db = self._connect()
                    return None if db is None else statement(db)
                except sqlite3.DatabaseError as err:
                    if is_damage(err) and attempt == 1 and not self.read_only:
                        self._set_aside(err)
                        continue
                    raise self._os_error(err) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def check(self) -> str | None:
        """What is wrong with the file, None when nothing is (or there is no file): ``PRAGMA
        quick_check`` on a connection of its own, read-only. Repairs nothing (:meth:`repair` does)."""
        if not self.path.is_file():
            return None
        try:
            db = read_only_connection(self.path)
            try:
                result = db.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                db.close()
        except sqlite3.DatabaseError as err:
            return f"{self.path}: {err}"
        return None if result == "ok" else f"{self.path}: {result}"

    def repair(self) -> str | None:
        """Set the file aside and start anew if :meth:`check` finds it damaged; what was done, or None."""
        found = self.check()
        if found is None or self.read_only:
            return None
        with self._lock:
            self._set_aside(sqlite3.DatabaseError(found.removeprefix(f"{self.path}: ")))
        return self.repairs[-1]

    def _set_aside(self, err: sqlite3.DatabaseError) -> None:
        self.close()
        stamp = time.strftime("%Y%m%dT%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        for suffix in ("", "-wal", "-shm"):
            found = Path(f"{self.path}{suffix}")
            if found.exists():
                found.replace(f"{aside}{suffix}")
        self.repairs.append(f"{self.path} was damaged ({err}): set aside as {aside.name} and rebuilt")
        if self.on_reset is not None:
            self.on_reset()

    def _os_error(self, err: sqlite3.DatabaseError) -> Exception:
        text = str(err).lower()
        if "full" in text:
            return OSError(
                errno.ENOSPC,
                "no space left on the device (free some and run the command again)",
                str(self.path),
            )
        if "readonly" in text or "read-only" in text:
            return OSError(errno.EROFS, "read-only file system", str(self.path))
        if "disk i/o" in text or "unable to open" in text:
            return OSError(
                errno.EIO,
                f"cannot use the file ({err}); check the disk, then run the command again",
                str(self.path),
            )
        return err

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
