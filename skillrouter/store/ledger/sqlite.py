"""The ledger's SQLite backend: the store's ``skillrouter.db`` (WAL), one connection per thread,
every write one transaction (``BEGIN IMMEDIATE``), the schema brought up to date on opening
(:mod:`.schema`). A damaged file raises :class:`LedgerDamagedError` from any call."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

from skillrouter.embeddings.derived import read_only_connection, tuned
from skillrouter.errors import DiskFullError, LedgerDamagedError, StoreError
from skillrouter.store.ledger import schema
from skillrouter.store.ledger.base import Transactions, View, no_space

__all__ = ["SqliteConnection"]


def _damage(err: sqlite3.DatabaseError) -> bool:
    name = getattr(err, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or type(err) is sqlite3.DatabaseError


class SqliteConnection(Transactions):
    """The SQLite file of one store (a :class:`~.base.Connection`). One connection per thread;
    every write in a transaction."""

    keeps_files = False  # the skills' files are the store's folder

    def __init__(self, path: Path, *, read_only: bool = False) -> None:
        """``read_only=True`` (a store on a read-only file system): the file is opened
        ``immutable`` (no lock, no ``-wal``); every write raises :class:`StoreError` saying so."""
        self.path = path
        self.read_only = read_only
        self.read_only_why = f"the store of {path} is on a read-only file system"  # said by every write
        self.created = not path.exists()  # new (or lost: the store decides which)
        self.local = threading.local()
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

    @property
    def where(self) -> str:
        return str(self.path)

    @property
    def _db(self) -> sqlite3.Connection:
        db = getattr(self.local, "db", None)
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
            self.local.db, self.local.depth = db, 0
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

    def rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None

    def unit(self, run: Callable[[], Any], done: Callable[[], Any] | None) -> Any:
        """Run one write method (see :func:`~.base.write`): SQLite runs it once (a lost connection
        does not happen to a file; a busy one waits in ``busy_timeout``)."""
        return run()

    @contextmanager
    def transaction(self, *, shared: bool = False) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``: every one runs alone, ``shared`` or not);
        nested calls join the outer one."""
        if self.read_only:
            raise StoreError(f"nothing can be written: {self.read_only_why}")
        db = self._db
        if self.local.depth:
            self.local.depth += 1
            try:
                yield db
            finally:
                self.local.depth -= 1
            return
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None
        self.local.depth, self.local.after = 1, []
        try:
            yield db
        except sqlite3.DatabaseError as err:
            self._rollback(db)
            raise self._error(err) from None
        except BaseException:
            self._rollback(db)
            raise
        finally:
            self.local.depth = 0
        try:
            db.execute("COMMIT")
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None
        self.local.commits = getattr(self.local, "commits", 0) + 1
        self._committed()

    def unchanged_token(self) -> tuple[int, int] | None:
        """SQLite's ``data_version`` (it sees the other connections' commits) and the count of this
        connection's own commits; None inside a write transaction, whose uncommitted writes no
        token covers."""
        if getattr(self.local, "depth", 0):
            return None
        return int(self.rows("PRAGMA data_version")[0][0]), getattr(self.local, "commits", 0)

    @staticmethod
    def _rollback(db: sqlite3.Connection) -> None:
        try:
            db.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            pass  # a damaged file may refuse even this; the error being raised says why

    def naming(self, name: str) -> AbstractContextManager[None]:
        return nullcontext()  # nobody is told what a write changed: they ask data_version

    def view(self) -> View | None:
        return None  # every read is a query (the summaries keep rows under unchanged_token)

    def close(self) -> None:
        db = getattr(self.local, "db", None)
        if db is not None:
            db.close()
            self.local.db = None
            self.local.summary_rows = None  # a new connection counts data_version afresh

    @property
    def schema_version(self) -> int:
        return int(self.rows("PRAGMA user_version")[0][0])

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
            found = [r[0] for r in self.rows("PRAGMA quick_check")]
        except LedgerDamagedError as err:
            return err.detail
        return None if found == ["ok"] else "; ".join(found[:3])
