"""The ledger's PostgreSQL backend (team mode): the same :class:`~skillrouter.store.ledger.Ledger`,
tables and rules as on SQLite, for stores on several machines (or containers) that share one
track record::

    Store(path, ledger_url="postgresql://USER@HOST:PORT/DB")  # --ledger, $SKILLROUTER_LEDGER_URL

:class:`PgConnection` is the backend (a :class:`~.base.Connection`); the queries are the
ledger's own, written once for both backends and rewritten here by :mod:`.dialect`; its schema is
:mod:`.postgres_schema` (numbered migrations of its own, in ``ledger_schema``). What differs
from SQLite, and why:

- **Connections**: one per thread and process (a forked child opens its own), autocommit
  between transactions; every write is one ``BEGIN ... COMMIT``.
- **Who writes at once**: a write transaction that reads before it writes (most of them) takes
  the ledger's advisory lock exclusively, as SQLite's ``BEGIN IMMEDIATE`` takes the file; a
  ``shared`` one (``record_outcome``, counters, upserts: each statement atomic on its rows)
  takes it shared and runs beside the others under row locks. So ``record_outcome`` is exact
  (``UPDATE ... RETURNING`` on the skill's row) without the writers queueing for one lock.
- **The generation**: the same counter row as SQLite's, bumped in the writing transaction; a
  process compares it to the one its in-memory state was read at.
- **A lost connection** (the server restarting, the network): reads, and whole write methods
  (:func:`~.base.write`) not joined into a caller's transaction, run again on a new connection
  with backoff for up to ``retry_for`` seconds. A write that counts carries a token recorded in
  its own transaction, so one whose ``COMMIT`` went unanswered is found done, not applied
  twice. A transaction the caller holds is rolled back and reported in one line. A server that
  was never reached, or a bad URL, is a one-line :class:`StoreError` naming it.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import sql as pgsql
from psycopg.conninfo import conninfo_to_dict

from skillrouter.errors import StoreError
from skillrouter.store.ledger import Ledger
from skillrouter.store.ledger import postgres_schema as schema
from skillrouter.store.ledger import postgres_watch as watch
from skillrouter.store.ledger.base import Transactions, View
from skillrouter.store.ledger.dialect import to_postgres

__all__ = ["PgConnection", "check_url", "postgres_ledger", "redact"]

_LOCK = 0x736B696C6C726F75  # 'skillrou': the ledger's advisory lock (one ledger per database)
_GONE = ("08", "57P")  # SQLSTATE classes: connection exception; operator intervention (a restart)
_AGAIN = ("40001", "40P01")  # serialization failure, deadlock: rolled back whole, safe to run again


def redact(url: str) -> str:
    """``url`` with its password, if any, shown as ``***``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def check_url(url: str) -> str:
    """``url`` if it is a ``postgresql://`` URL libpq can read, else :class:`StoreError` naming it."""
    if urlsplit(url).scheme not in ("postgresql", "postgres"):
        raise StoreError(
            f"the ledger URL {redact(url)!r} is not a postgresql:// URL (leave it unset for the "
            f"store's own SQLite ledger)"
        )
    try:
        conninfo_to_dict(url)
    except psycopg.Error as err:
        raise StoreError(f"the ledger URL {redact(url)!r} is not valid: {_line(err)}") from None
    return url


def _line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def _gone(err: psycopg.Error) -> bool:
    state = err.sqlstate or ""
    return isinstance(err, psycopg.OperationalError) and (not state or state.startswith(_GONE))


class _Lost(StoreError):
    """The connection was lost (or the transaction rolled back for a deadlock): the whole write
    may be run again."""


class _Tx:
    """What a transaction hands its body: ``execute`` with the SQLite dialect's SQL."""

    def __init__(self, db: psycopg.Connection[Any]) -> None:
        self.db = db

    def execute(self, sql: str, args: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self.db.execute(to_postgres(sql), tuple(args))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> psycopg.Cursor[Any]:
        """``sql`` once per row, pipelined (one round trip for many rows: :mod:`.migrate`)."""
        cursor = self.db.cursor()
        cursor.executemany(to_postgres(sql), [tuple(r) for r in rows])
        return cursor


class _Backoff:
    """Waits between attempts, doubling from 50 ms to 1 s, for ``limit`` seconds in all."""

    def __init__(self, limit: float) -> None:
        self.deadline, self.pause = time.monotonic() + limit, 0.05

    def wait(self, failure: StoreError) -> None:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise failure
        time.sleep(min(self.pause, left))
        self.pause = min(self.pause * 2, 1.0)


def postgres_ledger(url: str, *, read_only: bool = False, retry_for: float = 30.0) -> Ledger:
    """The ledger in the PostgreSQL database at ``url`` (see the module docstring), with the
    skills' files (:attr:`Ledger.files <skillrouter.store.ledger.Ledger.files>`)."""
    return Ledger(PgConnection(url, read_only=read_only, retry_for=retry_for))


class PgConnection(Transactions):
    """A store's ledger in a PostgreSQL database (a :class:`~.base.Connection`; see the module
    docstring): it keeps the skills' files too (:mod:`.postgres_files`)."""

    keeps_files = True

    def __init__(self, url: str, *, read_only: bool = False, retry_for: float = 30.0) -> None:
        """Connect to ``url`` and bring its schema up to date. ``retry_for``: how long a lost
        connection is tried again before the call fails (none before the first one is made)."""
        self.url, self.where = check_url(url), redact(url)
        self.read_only, self.retry_for = read_only, retry_for
        self.read_only_why = f"the ledger {self.where} was opened read-only"
        self.local = threading.local()
        self._reached = False
        self._view: watch.View | None = None
        version = self.schema_version  # connects: a server that cannot be reached says so here
        self.created = version == 0
        if version > len(schema.MIGRATIONS) or (read_only and version != len(schema.MIGRATIONS)):
            raise self._newer(version)
        if read_only:
            return
        if version != len(schema.MIGRATIONS):
            self.migrate()
        with self.transaction(shared=True) as db:
            db.execute("DELETE FROM write_tokens WHERE at < now() - interval '1 day'")

    def check(self) -> str | None:
        """None: the server answers (its own checks keep the pages sound)."""
        self.rows("SELECT 1")
        return None

    def _newer(self, version: int) -> StoreError:
        if self.read_only and version < len(schema.MIGRATIONS):
            return StoreError(
                f"the ledger {self.where} has schema version {version} and the store is read-only: "
                f"open it once with write access"
            )
        return StoreError(
            f"the ledger {self.where} has schema version {version}, newer than this skillrouter "
            f"knows ({len(schema.MIGRATIONS)}); upgrade skillrouter to open it"
        )

    # ------------------------------------------------------------ the connection

    @property
    def _db(self) -> psycopg.Connection[Any]:
        db = getattr(self.local, "db", None)
        if db is None or db.closed or self.local.pid != os.getpid():
            try:
                db = psycopg.connect(
                    self.url, autocommit=True, connect_timeout=10, application_name="skillrouter"
                )
                db.execute("SET lock_timeout = '60s'")
            except psycopg.Error as err:
                raise _Lost(f"cannot reach the ledger {self.where}: {_line(err)}") from None
            self._reached = True
            self.local.db, self.local.pid, self.local.depth = db, os.getpid(), 0
            self.local.exclusive = False
        return db

    def _drop(self) -> None:
        db = getattr(self.local, "db", None)
        self.local.db = None
        if db is not None and self.local.pid == os.getpid():
            try:
                db.close()
            except psycopg.Error:
                pass  # already gone

    def _error(self, err: Exception, *, committing: bool = False) -> StoreError:
        if isinstance(err, psycopg.Error) and (_gone(err) or (err.sqlstate or "") in _AGAIN):
            if _gone(err):
                self._drop()
            what = (
                "while committing: the write may or may not have been kept"
                if committing
                else "the transaction was rolled back, nothing of it written"
            )
            return _Lost(f"the connection to the ledger {self.where} failed ({_line(err)}): {what}")
        return StoreError(f"cannot use the ledger {self.where}: {_line(err)}")

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        query, backoff = to_postgres(sql), _Backoff(self.retry_for)
        while True:
            try:
                return self._db.execute(query, tuple(args)).fetchall()
            except psycopg.Error as err:
                failure = self._error(err)
            except _Lost as err:
                failure = err
            inside = bool(getattr(self.local, "depth", 0))
            if not isinstance(failure, _Lost) or inside or not self._reached:
                raise failure  # inside a transaction the caller's write is lost: it is told, not retried
            backoff.wait(failure)

    def unit(self, run: Callable[[], Any], done: Callable[[], Any] | None) -> Any:
        """Run a write method, again after a lost connection (see the module docstring)."""
        if getattr(self.local, "depth", 0):
            return run()  # joined into the caller's transaction: the caller's to retry
        token, backoff = (uuid.uuid4().hex if done is not None else None), _Backoff(self.retry_for)
        while True:
            self.local.token = token
            try:
                return run()
            except _Lost as err:
                if not self._reached:
                    raise
                backoff.wait(err)
            finally:
                self.local.token = None
            if done is not None and self.rows("SELECT 1 FROM write_tokens WHERE token = ?", (token,)):
                return done()  # the commit went through; its answer was what got lost

    @contextmanager
    def transaction(self, *, shared: bool = False) -> Iterator[_Tx]:
        if self.read_only:
            raise StoreError(f"nothing can be written: the ledger {self.where} was opened read-only")
        db = self._db
        tx = _Tx(db)
        if self.local.depth:
            if not shared and not self.local.exclusive:  # a shared transaction that needs more now
                tx.execute("SELECT pg_advisory_xact_lock(?)", (_LOCK,))
                self.local.exclusive = True
            self._note_names()
            self.local.depth += 1
            try:
                yield tx
            finally:
                self.local.depth -= 1
            return
        token, self.local.token = getattr(self.local, "token", None), None
        self.local.changed, self.local.unnamed = set(), False
        self._note_names()
        lock = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
        begin: pgsql.SQL | pgsql.Composed = pgsql.SQL(f"BEGIN; SELECT {lock}({_LOCK})")  # one round trip
        if token is not None:
            begin += pgsql.SQL("; INSERT INTO write_tokens (token) VALUES ({})").format(token)
        try:
            db.execute(begin)
        except psycopg.Error as err:
            self._rollback(db)
            raise self._error(err) from None
        self.local.depth, self.local.exclusive, self.local.after = 1, not shared, []
        try:
            yield tx
        except psycopg.Error as err:
            self._rollback(db)
            raise self._error(err) from None
        except BaseException:
            self._rollback(db)
            raise
        finally:
            self.local.depth, self.local.exclusive = 0, False
        changed = "\n".join(sorted(self.local.changed))
        payload = watch.EVERYTHING if self.local.unnamed or len(changed) > 7000 else changed
        try:  # the notification is delivered if, and when, the transaction commits
            db.execute(pgsql.SQL("SELECT pg_notify({}, {}); COMMIT").format(watch.CHANNEL, payload))
        except psycopg.Error as err:
            raise self._error(err, committing=True) from None
        watch.mark(self.url, payload)
        self._committed()

    def _note_names(self) -> None:
        """What the transaction being entered changes, for the views (see :mod:`.postgres_watch`):
        the skills a caller named (:meth:`_naming`), else anything."""
        names = getattr(self.local, "names", None)
        self.local.names = None
        if names is None:
            self.local.unnamed = True
        else:
            self.local.changed |= names

    @contextmanager
    def naming(self, name: str) -> Iterator[None]:
        """The write about to run changes only ``name``'s statistics or misfits."""
        self.local.names = {name}
        try:
            yield
        finally:
            self.local.names = None

    @staticmethod
    def _rollback(db: Any) -> None:
        try:
            db.execute("ROLLBACK")
        except psycopg.Error:
            pass  # a lost connection was rolled back by the server

    def close(self) -> None:
        self._drop()
        if self._view is not None:
            self._view = watch.view_of(self.url, release=self._view)

    # ------------------------------------------------------------ what a route reads, in memory

    def view(self) -> View | None:
        """The process's view of what a route reads (no query unless something changed); None
        inside a transaction, which reads its own writes."""
        if self.in_transaction():
            return None
        view = self._view
        if view is None:
            view = self._view = watch.view_of(self.url)
            assert view is not None
        return view.read(self.rows)

    def unchanged_token(self) -> None:
        return None  # the process's view (:meth:`view`) keeps what was read instead

    # ------------------------------------------------------------ the schema

    @property
    def schema_version(self) -> int:
        if not self.rows("SELECT to_regclass('ledger_schema') IS NOT NULL")[0][0]:
            return 0
        return int(self.rows("SELECT COALESCE(MAX(version), 0) FROM ledger_schema")[0][0])

    def migrate(self) -> None:
        """Apply the migrations this database lacks, each in its own transaction, under the
        ledger's exclusive lock (two processes opening a new database migrate it once)."""
        while True:
            with self.transaction() as db:
                db.execute(
                    "CREATE TABLE IF NOT EXISTS ledger_schema (version INTEGER PRIMARY KEY, "
                    "applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                current = int(
                    db.execute("SELECT COALESCE(MAX(version), 0) FROM ledger_schema").fetchall()[0][0]
                )
                if current > len(schema.MIGRATIONS):
                    raise self._newer(current)
                if current == len(schema.MIGRATIONS):
                    return
                schema.MIGRATIONS[current](db)
                db.execute("INSERT INTO ledger_schema (version) VALUES (?)", (current + 1,))
