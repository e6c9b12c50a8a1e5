"""The ledger's connection and its meta table: one SQLite connection per thread, every write one
transaction (:meth:`LedgerBase.transaction`), the schema brought up to date on opening, the
store id, named counters, notes, and the generation counter every write bumps. The topic parts
(:mod:`.skills`, :mod:`.outcomes`, :mod:`.pairs`, :mod:`.recovery`) build on it."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from skillrouter.embeddings.derived import read_only_connection, tuned
from skillrouter.errors import DiskFullError, LedgerDamagedError, StoreError
from skillrouter.store.ledger import schema

__all__ = ["LedgerBase", "sha", "write"]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def write(*, done: Callable[..., Any] | None = None) -> Callable[[F], F]:
    """Marks a write method of the ledger: one unit of work the backend may run again after a
    lost connection (:meth:`LedgerBase._unit`; SQLite never needs to, PostgreSQL does).

    A write that is safe to run twice (it sets, or inserts what is missing) needs nothing
    more. One that counts (:meth:`~.outcomes.Outcomes.record_outcome`) names ``done``: what
    the method returns, ``done(self, *args, **kwargs)``, when an earlier attempt whose commit
    went unanswered turns out to have committed; the backend then records a token with the
    write's transaction, so the write is counted once, whatever happened to the connection."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def unit(self: LedgerBase, *args: Any, **kwargs: Any) -> Any:
            again = None if done is None else (lambda: done(self, *args, **kwargs))
            return self._unit(lambda: method(self, *args, **kwargs), again)

        return unit  # type: ignore[return-value]

    return decorate


def _damage(err: sqlite3.DatabaseError) -> bool:
    name = getattr(err, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or type(err) is sqlite3.DatabaseError


def no_space(path: Path) -> bool:
    """Whether the file system holding ``path`` has less than 1 MiB left for this user: what an
    I/O error of SQLite means on a full disk (creating the ledger's ``-shm`` there fails as
    "disk I/O error", not "database or disk is full")."""
    try:
        status = os.statvfs(path.parent)
    except OSError:
        return False
    return status.f_bavail * status.f_frsize < 1 << 20


class LedgerBase:
    """The SQLite file of one store. One connection per thread; every write in a transaction."""

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """``read_only=True`` (a store on a read-only file system): the file is opened
        ``immutable`` (no lock, no ``-wal``); every write raises :class:`StoreError` saying so."""
        self.path = path
        self.read_only = read_only
        self.read_only_why = f"the store of {path} is on a read-only file system"  # said by every write
        self.created = not path.exists()  # new (or lost: the store decides which)
        self._local = threading.local()
        self._level0: tuple[int, dict[str, tuple[str, str, tuple[str, ...]]]] | None = None  # see summaries()
        if read_only:
            if self.created:
                raise StoreError(f"the store has no ledger {path}, and its folder is read-only")
            if self.schema_version != len(schema.MIGRATIONS):
                raise StoreError(
                    f"the ledger {path} was written by another skillrouter (schema version "
                    f"{self.schema_version}, this one knows {len(schema.MIGRATIONS)}) and the store is "
                    f"read-only: open it once where it is writable"
                )
            return
        if self.schema_version != len(schema.MIGRATIONS):  # read first: an open writes nothing it need not
            self.migrate()
        self._ensure_store_id()

    def _ensure_store_id(self) -> None:
        if self._one("SELECT value FROM meta WHERE key = 'store_id'") is None:
            with self.transaction(shared=True) as db:
                db.execute("INSERT OR IGNORE INTO meta VALUES ('store_id', ?)", (uuid.uuid4().hex,))

    @property
    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                if self.read_only:
                    db = read_only_connection(self.path)
                else:
                    db = tuned(sqlite3.connect(self.path, timeout=60, isolation_level=None))
                    db.execute("PRAGMA busy_timeout=60000")
                    db.execute("PRAGMA journal_mode=WAL")
                    db.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.DatabaseError as err:
                raise self._error(err) from None
            self._local.db, self._local.depth = db, 0
        return db

    def _error(self, err: sqlite3.DatabaseError) -> Exception:
        if _damage(err):
            return LedgerDamagedError(self.path, str(err))
        text = str(err).lower()
        if "full" in text or ("disk i/o" in text and no_space(self.path)):
            return DiskFullError(
                f"cannot use the ledger {self.path}: {err} (the disk is full: free some space, then run "
                f"the command again; a write that failed left nothing half-done)"
            )
        if "disk i/o" in text:
            return StoreError(
                f"cannot use the ledger {self.path}: {err} (the disk is failing or full: check it, then run "
                f"the command again; a write that failed left nothing half-done)"
            )
        if "readonly" in text or "read-only" in text:
            return StoreError(f"cannot write the ledger {self.path}: the store is on a read-only file system")
        return StoreError(f"cannot use the ledger {self.path}: {err}")

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    def _unit(self, run: Callable[[], Any], done: Callable[[], Any] | None) -> Any:
        """Run one write method (see :func:`write`): SQLite runs it once (a lost connection
        does not happen to a file; a busy one waits in ``busy_timeout``)."""
        return run()

    @contextmanager
    def transaction(self, *, shared: bool = False) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``); nested calls join the outer one.

        ``shared``: every statement in it is atomic on the rows it touches (an ``UPDATE``
        that adds to a count, an upsert), so it may run beside other shared ones; without it
        the transaction reads before it writes and runs alone. SQLite runs every write
        transaction alone; PostgreSQL runs shared ones side by side under row locks."""
        if self.read_only:
            raise StoreError(f"nothing can be written: {self.read_only_why}")
        db = self._db
        if self._local.depth:
            self._local.depth += 1
            try:
                yield db
            finally:
                self._local.depth -= 1
            return
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None
        self._local.depth, self._local.after = 1, []
        try:
            yield db
        except sqlite3.DatabaseError as err:
            self._rollback(db)
            raise self._error(err) from None
        except BaseException:
            self._rollback(db)
            raise
        finally:
            self._local.depth = 0
        try:
            db.execute("COMMIT")
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None
        self._local.commits = getattr(self._local, "commits", 0) + 1
        self._committed()

    def unchanged_token(self) -> tuple[int, int] | None:
        """A token equal to the last one this thread got while nothing was committed to the ledger
        since, by any connection (SQLite's ``data_version`` sees the other connections', the count
        of this connection's commits its own); None inside a write transaction, whose uncommitted
        writes no token covers. What lets a hot path keep rows it read (:meth:`summaries`) for a
        pragma's cost, a few microseconds, instead of a query."""
        if getattr(self._local, "depth", 0):
            return None
        return int(self._one("PRAGMA data_version")[0]), getattr(self._local, "commits", 0)

    def retrying(self, unit: Callable[[], T]) -> T:
        """Run ``unit`` (writes of its own transactions, each safe to run twice) again after a
        lost connection, as a write method is (:func:`write`): SQLite runs it once."""
        return self._unit(unit, None)

    def after_commit(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the write transaction being made commits (at once outside one);
        never when it rolls back. For what must not outlive a write that did not happen: a
        team store's record of what its folder holds (:mod:`skillrouter.store.team`)."""
        if getattr(self._local, "depth", 0):
            self._local.after.append(action)
        else:
            action()

    def _committed(self) -> None:
        actions, self._local.after = getattr(self._local, "after", []), []
        for action in actions:
            action()

    @staticmethod
    def _rollback(db: sqlite3.Connection) -> None:
        try:
            db.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            pass  # a damaged file may refuse even this; the error being raised says why

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None
            self._local.summary_rows = None  # a new connection counts data_version afresh

    @property
    def schema_version(self) -> int:
        return int(self._one("PRAGMA user_version")[0])

    def migrate(self) -> None:
        """Apply the migrations this ledger lacks, each in its own transaction."""
        while True:
            with self.transaction() as db:
                current = int(db.execute("PRAGMA user_version").fetchone()[0])  # again, under the lock
                if current > len(schema.MIGRATIONS):
                    raise StoreError(
                        f"the ledger {self.path} has schema version {current}, newer than this "
                        f"skillrouter knows ({len(schema.MIGRATIONS)}); upgrade skillrouter to open it"
                    )
                if current == len(schema.MIGRATIONS):
                    return
                schema.MIGRATIONS[current](db)
                db.execute(f"PRAGMA user_version = {current + 1}")

    def check(self) -> str | None:
        """None if SQLite finds the file sound, else what it found (``PRAGMA quick_check``)."""
        try:
            found = [r[0] for r in self._rows("PRAGMA quick_check")]
        except LedgerDamagedError as err:
            return err.detail
        return None if found == ["ok"] else "; ".join(found[:3])

    @property
    def store_id(self) -> str:
        """A random id made when the store was created (names its Chroma collection)."""
        return str(self._one("SELECT value FROM meta WHERE key = 'store_id'")[0])

    def counter(self, key: str) -> int:
        row = self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return int(row[0]) if row else 0

    @write(done=lambda self, key, by=1: self.counter(key))
    def increment(self, key: str, by: int = 1) -> int:
        with self.transaction(shared=True) as db:  # one statement: exact under any number of writers
            row = db.execute(
                "INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE "
                "SET value = CAST(CAST(meta.value AS INTEGER) + ? AS TEXT) RETURNING value",
                (key, str(by), by),
            ).fetchall()[0]
        return int(row[0])

    def generation(self) -> int:
        """A number that changes whenever what the index holds must change."""
        return self.counter("generation")

    def _bump(self, db: sqlite3.Connection) -> None:
        db.execute(
            "INSERT INTO meta VALUES ('generation', '1') ON CONFLICT(key) DO UPDATE "
            "SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)"
        )

    def setting(self, key: str) -> Any:
        """The JSON value kept under ``key`` in meta by :meth:`set_setting` (None: none)."""
        row = self._one("SELECT value FROM meta WHERE key = ?", (f"setting:{key}",))
        return json.loads(row[0]) if row else None

    @write()
    def set_setting(self, key: str, value: Any) -> None:
        """Keep (with None, drop) a JSON value in meta: the library fit and the user's pins of it.
        The generation moves with it: a setting may change what the index holds (the fit's form
        of each skill's Level 0 text)."""
        with self.transaction(shared=True) as db:
            if value is None:
                db.execute("DELETE FROM meta WHERE key = ?", (f"setting:{key}",))
            else:
                db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"setting:{key}", json.dumps(value)))
            self._bump(db)

    @write()
    def note(self, key: str, value: dict[str, Any] | None) -> None:
        """Keep (or with None, drop) a JSON note in meta, e.g. that the ledger was rebuilt."""
        with self.transaction(shared=True) as db:
            if value is None:
                db.execute("DELETE FROM meta WHERE key = ?", (f"note:{key}",))
            else:
                db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"note:{key}", json.dumps(value)))

    def notes(self) -> dict[str, dict[str, Any]]:
        return {
            k.removeprefix("note:"): json.loads(v)
            for k, v in self._rows("SELECT key, value FROM meta WHERE key LIKE 'note:%'")
        }


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
