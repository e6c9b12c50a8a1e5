"""A lost or damaged ledger: opening with repair, setting a damaged file aside, salvaging what
it still holds row by row, and the note that says what was lost."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Self

from skillrouter.errors import LedgerDamagedError
from skillrouter.skill import now_iso
from skillrouter.store.ledger.base import LedgerBase
from skillrouter.store.ledger.schema import HOLDS, TABLES
from skillrouter.store.ledger.sqlite import SqliteConnection

__all__ = ["Recovery"]


class Recovery(LedgerBase):
    """Opening, rebuilding and salvaging a store's SQLite file (a team library's server keeps
    its database: it reports no damage, :meth:`~.postgres.PgConnection.check`)."""

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        repair: bool = False,
        files_exist: Callable[[], bool] = lambda: False,
        read_only: bool = False,
    ) -> Self:
        """Open (or create) the ledger. A damaged one raises :class:`LedgerDamagedError`, or
        with ``repair`` is checked (``PRAGMA quick_check``) and rebuilt (:meth:`rebuild`). A
        missing one beside existing skill folders is noted as lost (``notes()``). ``read_only``:
        see :class:`~skillrouter.store.ledger.base.LedgerBase` (nothing is rebuilt or noted)."""
        if read_only:
            return cls(SqliteConnection(path, read_only=True))
        ledger: Self | None = None
        try:
            ledger = cls(SqliteConnection(path))
            damage = ledger.check() if repair else None
        except LedgerDamagedError as err:
            if not repair:
                raise
            damage = err.detail
        if damage is not None:
            if ledger is not None:
                ledger.close()
            return cls.rebuild(path, damage)
        assert ledger is not None
        if ledger.created and files_exist():
            ledger.note("ledger_rebuilt", cls.loss_note("skillrouter.db was missing"))
        return ledger

    @staticmethod
    def loss_note(
        reason: str,
        lost: Sequence[str] = (
            "stats",
            "examples",
            "misfits",
            "earlier_records",
            "judged_pairs",
            "versions",
            "meta",
        ),
    ) -> dict[str, Any]:
        """The note kept when the ledger had to start again (statuses, findings and import
        origins come back from the skill folders' sidecars; see ``store``)."""
        return {"at": now_iso(), "reason": reason, "lost": [HOLDS[t] for t in lost]}

    @classmethod
    def rebuild(cls, path: Path, why: str) -> Self:
        """Set a damaged ledger aside (``skillrouter.db.damaged-*``, kept for the user) and
        start a new one holding every row still readable in it. The new ledger's
        ``notes()["ledger_rebuilt"]`` says what was salvaged and what was lost."""
        rows, broken = cls.salvage(path)
        aside = path.with_name(f"{path.name}.damaged-{now_iso().replace(':', '')}")
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{path}{suffix}").exists():
                Path(f"{path}{suffix}").replace(f"{aside}{suffix}")
        ledger = cls(SqliteConnection(path))
        kept = ledger.restore_rows(rows)
        note = cls.loss_note(f"{path.name} was damaged: {why}", sorted(broken))
        note["lost"] = [
            f"{what} ({f'partly: {kept[t]} rows read' if kept.get(t) else 'all'})"
            for t, what in zip(sorted(broken), note["lost"])
        ]
        ledger.note(
            "ledger_rebuilt", note | {"kept_at": str(aside), "salvaged": {t: n for t, n in kept.items() if n}}
        )
        return ledger

    @staticmethod
    def salvage(path: Path) -> tuple[dict[str, list[dict[str, Any]]], dict[str, str]]:
        """What can still be read of a damaged ledger: ({table: rows as column -> value},
        {table: why reading it stopped}). Rows are read one by one, so a table that breaks
        halfway keeps its first part; columns are named, so rows of an older schema fit a newer one.
        """
        rows: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
        broken: dict[str, str] = {}
        try:
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        except sqlite3.DatabaseError as err:
            return rows, dict.fromkeys(TABLES, str(err))
        try:
            for table in TABLES:
                try:
                    cursor = db.execute(f"SELECT * FROM {table}")
                    columns = [c[0] for c in cursor.description]
                    for found in cursor:
                        rows[table].append(dict(zip(columns, found)))
                except sqlite3.OperationalError as err:
                    if not str(err).startswith("no such table"):  # a ledger of an older schema lacks it
                        broken[table] = str(err)
                except sqlite3.DatabaseError as err:
                    broken[table] = str(err)
        finally:
            db.close()
        return rows, broken

    def restore_rows(self, rows: dict[str, list[dict[str, Any]]]) -> dict[str, int]:
        """Copy salvaged rows in (skills rows are marked unread, so their files are read again)."""
        kept: dict[str, int] = {}
        with self.transaction() as db:
            for table, found in rows.items():
                have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
                kept[table] = 0
                for row in found:
                    row = {k: v for k, v in row.items() if k in have} | (
                        {"file_sig": ""} if table == "skills" else {}
                    )
                    try:
                        db.execute(
                            f"INSERT OR REPLACE INTO {table} ({', '.join(row)}) "
                            f"VALUES ({', '.join('?' * len(row))})",
                            list(row.values()),
                        )
                        kept[table] += 1
                    except sqlite3.Error:
                        continue  # a row of the wrong shape: leave it behind
        return kept
