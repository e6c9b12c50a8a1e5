"""The ledger's shared part: the backend it is given (a :class:`Connection`: SQLite's file,
:mod:`.sqlite`, or a PostgreSQL database, :mod:`.postgres`), and the meta table on it: the store
id, named counters, settings, notes, and the generation counter every write bumps. The topic
parts (:mod:`.skills`, :mod:`.outcomes`, :mod:`.pairs`, :mod:`.recovery`) build on it; their SQL
is written once, for both backends (PostgreSQL's connection rewrites it, :mod:`.dialect`)."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol, TypeVar

__all__ = ["Connection", "KeptFiles", "LedgerBase", "Transactions", "View", "no_space", "sha", "write"]

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def write(*, done: Callable[..., Any] | None = None) -> Callable[[F], F]:
    """Marks a write method of the ledger: one unit of work the backend may run again after a
    lost connection (:meth:`Connection.unit`; SQLite never needs to, PostgreSQL does).

    A write that is safe to run twice (it sets, or inserts what is missing) needs nothing
    more. One that counts (:meth:`~.outcomes.Outcomes.record_outcome`) names ``done``: what
    the method returns, ``done(self, *args, **kwargs)``, when an earlier attempt whose commit
    went unanswered turns out to have committed; the backend then records a token with the
    write's transaction, so the write is counted once, whatever happened to the connection."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def unit(self: LedgerBase, *args: Any, **kwargs: Any) -> Any:
            again = None if done is None else (lambda: done(self, *args, **kwargs))
            return self.conn.unit(lambda: method(self, *args, **kwargs), again)

        return unit  # type: ignore[return-value]

    return decorate


def no_space(path: Path) -> bool:
    """Whether the file system holding ``path`` has less than 1 MiB left for this user: what an
    I/O error of SQLite means on a full disk (creating the ledger's ``-shm`` there fails as
    "disk I/O error", not "database or disk is full")."""
    try:
        status = os.statvfs(path.parent)
    except OSError:
        return False
    return status.f_bavail * status.f_frsize < 1 << 20


class View(Protocol):
    """What a backend keeps in memory of the rows a route reads (PostgreSQL's, kept in step by
    notifications: :mod:`.postgres_watch`): the generation, each skill's (status, trust level,
    uses, score sum) and misfit count."""

    @property
    def generation(self) -> int: ...
    @property
    def rows(self) -> Mapping[str, tuple[Any, ...]]: ...
    @property
    def misfits(self) -> Mapping[str, int]: ...


class Connection(Protocol):
    """A ledger's backend: where its rows are, how a transaction runs there, what it says when
    it fails. :class:`~.sqlite.SqliteConnection` and :class:`~.postgres.PgConnection` are the two."""

    read_only: bool
    read_only_why: str  # what a write on a read-only ledger says (the store sets it)
    created: bool  # new (or lost: the store decides which)
    keeps_files: bool  # whether it holds the skills' files too (:mod:`.postgres_files`)
    local: threading.local  # per thread: what the parts keep between calls of one connection

    @property
    def where(self) -> str:
        """The ledger in words (a path, or a URL without its password)."""
        ...

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]: ...

    def unit(self, run: Callable[[], Any], done: Callable[[], Any] | None) -> Any:
        """Run one write method (see :func:`write`), again after a lost connection where it can be."""
        ...

    def transaction(self, *, shared: bool = False) -> AbstractContextManager[Any]:
        """One write transaction; nested calls join the outer one (see :meth:`LedgerBase.transaction`)."""
        ...

    def in_transaction(self) -> bool: ...

    def after_commit(self, action: Callable[[], None]) -> None: ...

    def unchanged_token(self) -> Any:
        """Equal to the last one this thread got while nothing was committed since (None: no such token)."""
        ...

    def naming(self, name: str) -> AbstractContextManager[None]:
        """The write about to run changes only ``name``'s statistics or misfits."""
        ...

    def view(self) -> View | None:
        """What the backend keeps in memory for reads outside a transaction (None: nothing)."""
        ...

    @property
    def schema_version(self) -> int: ...

    def migrate(self) -> None: ...

    def check(self) -> str | None:
        """None if the backend finds the ledger sound, else what it found."""
        ...

    def close(self) -> None: ...


class Transactions:
    """What both backends keep per thread of a write transaction (``local.depth``: how deep the
    calls that joined it are, ``local.after``: what runs once it commits), and what they do with it."""

    local: threading.local

    def in_transaction(self) -> bool:
        return bool(getattr(self.local, "depth", 0))

    def after_commit(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the write transaction being made commits (at once outside one)."""
        if getattr(self.local, "depth", 0):
            self.local.after.append(action)
        else:
            action()

    def _committed(self) -> None:
        actions, self.local.after = getattr(self.local, "after", []), []
        for action in actions:
            action()


class KeptFiles(Protocol):
    """What the shared SQL asks of a backend that keeps the skills' files (:mod:`.postgres_files`)."""

    def forget_files(self, names: Iterable[str], *, history: bool = False) -> None: ...


class LedgerBase:
    """A ledger on one :class:`Connection`: its SQL, the backend's transactions."""

    files: KeptFiles | None = None  # the skills' files, where the backend keeps them

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._level0: tuple[int, dict[str, tuple[str, str, tuple[str, ...]]]] | None = None  # see summaries()
        if not conn.read_only:
            self._ensure_store_id()

    # ------------------------------------------------------------ the backend's, as the parts use it

    @property
    def read_only(self) -> bool:
        return self.conn.read_only

    @property
    def read_only_why(self) -> str:
        return self.conn.read_only_why

    @read_only_why.setter
    def read_only_why(self, why: str) -> None:
        self.conn.read_only_why = why

    @property
    def created(self) -> bool:
        return self.conn.created

    @property
    def where(self) -> str:
        return self.conn.where

    @property
    def _local(self) -> threading.local:
        return self.conn.local

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        return self.conn.rows(sql, args)

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    def transaction(self, *, shared: bool = False) -> AbstractContextManager[Any]:
        """One write transaction (SQLite: ``BEGIN IMMEDIATE``); nested calls join the outer one.

        ``shared``: every statement in it is atomic on the rows it touches (an ``UPDATE``
        that adds to a count, an upsert), so it may run beside other shared ones; without it
        the transaction reads before it writes and runs alone. SQLite runs every write
        transaction alone; PostgreSQL runs shared ones side by side under row locks."""
        return self.conn.transaction(shared=shared)

    def unchanged_token(self) -> Any:
        """A token equal to the last one this thread got while nothing was committed to the ledger
        since, by any connection; None inside a write transaction (or on a backend that keeps a
        view instead). What lets a hot path keep rows it read (:meth:`summaries`) for a
        pragma's cost, a few microseconds, instead of a query."""
        return self.conn.unchanged_token()

    def retrying(self, unit: Callable[[], T]) -> T:
        """Run ``unit`` (writes of its own transactions, each safe to run twice) again after a
        lost connection, as a write method is (:func:`write`): SQLite runs it once."""
        done: T = self.conn.unit(unit, None)
        return done

    def after_commit(self, action: Callable[[], None]) -> None:
        """Run ``action`` once the write transaction being made commits (at once outside one);
        never when it rolls back. For what must not outlive a write that did not happen: a
        team store's record of what its folder holds (:mod:`skillrouter.store.team`)."""
        self.conn.after_commit(action)

    def close(self) -> None:
        self.conn.close()

    @property
    def schema_version(self) -> int:
        return self.conn.schema_version

    def migrate(self) -> None:
        """Apply the migrations this ledger lacks, each in its own transaction."""
        self.conn.migrate()

    def check(self) -> str | None:
        """None if the backend finds the ledger sound, else what it found (SQLite: ``PRAGMA quick_check``)."""
        return self.conn.check()

    # ------------------------------------------------------------ the meta table

    def _ensure_store_id(self) -> None:
        if self._one("SELECT value FROM meta WHERE key = 'store_id'") is None:
            with self.transaction(shared=True) as db:
                db.execute("INSERT OR IGNORE INTO meta VALUES ('store_id', ?)", (uuid.uuid4().hex,))

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
        view = self.conn.view()
        return self.counter("generation") if view is None else int(view.generation)

    def _bump(self, db: Any) -> None:
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
