"""The ledger: every query on the store's records, in its SQLite file (``skillrouter.db``, WAL) or
a team library's PostgreSQL database.

It holds what the skill files do not: outcome statistics, task examples, version history,
each skill's status and security findings, import origins, counters. Statistics live here so
that :meth:`Ledger.record_outcome` is one transaction: several processes recording at once
lose no update, and the average is the exact mean of the recorded scores (a running sum).

Schema changes are numbered migrations (:mod:`.schema`, :data:`MIGRATIONS`). One class,
:class:`Ledger`, is the way in, whichever backend it is given (:class:`~.base.Connection`:
:class:`~.sqlite.SqliteConnection`, the store's file, one connection per thread; or
:class:`~.postgres.PgConnection`, a team library's database): its SQL is written once, for both.
It is made of topic parts:

- :mod:`.base`: the backend it is given, and the meta table;
- :mod:`.skills`: skills, versions and import origins;
- :mod:`.outcomes`: statistics, examples, misfits and earlier records;
- :mod:`.pairs`: pairs judged one skill or two, and folds;
- :mod:`.recovery`: a lost or damaged ledger.

A damaged file (not SQLite, or malformed pages) raises :class:`LedgerDamagedError` from any
call; :meth:`Ledger.salvage` reads what it still can, for ``Store.rebuild_ledger``.
"""

from __future__ import annotations

from pathlib import Path

from skillrouter.store.ledger.base import Connection
from skillrouter.store.ledger.outcomes import Outcomes
from skillrouter.store.ledger.pairs import JudgedPairs
from skillrouter.store.ledger.postgres_files import FileRows
from skillrouter.store.ledger.recovery import Recovery
from skillrouter.store.ledger.rows import Outcome, Record, Row, Version
from skillrouter.store.ledger.schema import HOLDS, MIGRATIONS, TABLES
from skillrouter.store.ledger.skills import SkillRows
from skillrouter.store.ledger.sqlite import SqliteConnection

__all__ = ["HOLDS", "MIGRATIONS", "TABLES", "Connection", "Ledger", "Outcome", "Record", "Row", "Version"]


class Ledger(Recovery, JudgedPairs, Outcomes, SkillRows):
    """The ledger of one store (see the package docstring), on ``conn``: a
    :class:`~.base.Connection`, or the path of a SQLite file (``read_only``: opened immutable).

    :attr:`files`: the skills' files, where the backend keeps them (a team library's database,
    :class:`~.postgres_files.FileRows`); None where the store's folder does."""

    def __init__(self, conn: Connection | Path, *, read_only: bool = False) -> None:
        backend = SqliteConnection(conn, read_only=read_only) if isinstance(conn, Path) else conn
        super().__init__(backend)
        self.files: FileRows | None = FileRows(self) if backend.keeps_files else None
