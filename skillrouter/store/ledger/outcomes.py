"""What the loop learned about each skill: its outcome statistics (one transaction per outcome:
the exact mean, under any number of writers), the tasks kept as its examples and misfits, and
the records set aside when a retired skill came back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skillrouter.errors import StoreError
from skillrouter.skill import now_iso, validate_score
from skillrouter.store.ledger.base import LedgerBase, write
from skillrouter.store.ledger.rows import Outcome

__all__ = ["Outcomes"]


class Outcomes(LedgerBase):
    """Statistics, examples, misfits and earlier records."""

    @write(done=lambda self, name, *args, **kwargs: self.outcome(name))
    def record_outcome(
        self,
        name: str,
        score: float,
        *,
        task: str | None = None,
        example_min_score: float = 7.0,
        max_examples: int = 200,
    ) -> Outcome:
        """Count a use scored ``score`` (1-10); a good one with ``task`` keeps it as an example.
        Returns the statistics this use made (one ``UPDATE ... RETURNING``: exact, whoever else
        records at the same time; the row is locked until the transaction commits)."""
        score, now = validate_score(score), now_iso()
        with self.conn.naming(name), self.transaction(shared=True) as db:
            db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (name,))
            uses, total, last, when = db.execute(
                "UPDATE stats SET use_count = use_count + 1, score_sum = score_sum + ?, last_score = ?, "
                "last_used = ? WHERE name = ? RETURNING use_count, score_sum, last_score, last_used",
                (score, score, now, name),
            ).fetchall()[0]
            if task and task.strip() and score >= example_min_score:
                db.execute(
                    "INSERT OR REPLACE INTO examples VALUES (?, ?, ?, ?)", (name, task.strip(), score, now)
                )
                db.execute("DELETE FROM misfits WHERE name = ? AND task = ?", (name, task.strip()))
                self._bump(db)
                db.execute(
                    "DELETE FROM examples WHERE name = ? AND rowid NOT IN (SELECT rowid FROM examples "
                    "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)",
                    (name, name, max_examples),
                )
        return Outcome(name, uses, total / uses, last, when)

    @write()
    def record_misfit(self, name: str, task: str, *, max_misfits: int = 200) -> int:
        """Keep ``task`` as a misfit of ``name``: the skill was routed to it and did not fit.
        The skill's statistics are untouched; the same task stops being one of its examples
        (the latest verdict wins); the newest ``max_misfits`` are kept. Returns how many it has."""
        task, now = task.strip(), now_iso()
        if not task:
            raise StoreError("a misfit needs the task's text")
        with self.conn.naming(name), self.transaction(shared=True) as db:
            db.execute("INSERT OR REPLACE INTO misfits VALUES (?, ?, ?)", (name, task, now))
            db.execute("DELETE FROM examples WHERE name = ? AND task = ?", (name, task))
            db.execute(
                "DELETE FROM misfits WHERE name = ? AND rowid NOT IN (SELECT rowid FROM misfits "
                "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)",
                (name, name, max_misfits),
            )
            self._bump(db)
            return int(db.execute("SELECT COUNT(*) FROM misfits WHERE name = ?", (name,)).fetchone()[0])

    def misfit_counts(self, names: Sequence[str]) -> dict[str, int]:
        """How many misfits each of ``names`` has (those with none are left out)."""
        if not names:
            return {}
        if (state := self.conn.view()) is not None:  # a backend's view: no query unless something changed
            return {n: state.misfits[n] for n in names if state.misfits.get(n)}
        return {
            n: int(c)
            for n, c in self._rows(
                f"SELECT name, COUNT(*) FROM misfits WHERE name IN ({','.join('?' * len(names))}) GROUP BY "
                "name",
                list(names),
            )
        }

    def misfits(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill name, task)] misfits, oldest first."""
        if name is None:
            return [
                (n, t)
                for n, t in self._rows("SELECT name, task FROM misfits ORDER BY name, created_at, rowid")
            ]
        return [
            (n, t)
            for n, t in self._rows(
                "SELECT name, task FROM misfits WHERE name = ? ORDER BY created_at, rowid", (name,)
            )
        ]

    @write()
    def set_record_aside(self, name: str, reason: str) -> Outcome:
        """Start a skill's record anew (0 uses), keeping the old one in ``earlier_records``.
        Returns the record set aside."""
        with self.transaction() as db:
            old = self.outcome(name)
            if old.use_count:
                total = db.execute("SELECT score_sum FROM stats WHERE name = ?", (name,)).fetchone()[0]
                db.execute(
                    "INSERT INTO earlier_records VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (name, old.use_count, total, old.last_score, old.last_used, now_iso(), reason),
                )
                db.execute(
                    "UPDATE stats SET use_count = 0, score_sum = 0, last_score = NULL WHERE name = ?", (name,)
                )
        return old

    def earlier_records(self, name: str) -> list[dict[str, Any]]:
        """The records set aside for ``name``, oldest first."""
        rows = self._rows(
            "SELECT use_count, score_sum, last_score, last_used, set_aside_at, reason FROM "
            "earlier_records WHERE name = ? ORDER BY set_aside_at, rowid",
            (name,),
        )
        return [
            {
                "use_count": u,
                "avg_score": (total / u) if u else None,
                "last_score": last,
                "last_used": used,
                "set_aside_at": at,
                "reason": why,
            }
            for u, total, last, used, at, why in rows
        ]

    @write()
    def seed_stats(self, name: str, use_count: int, avg_score: float) -> None:
        """Give a skill with no recorded use an imported track record."""
        with self.transaction(shared=True) as db:
            db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (name,))
            db.execute(
                "UPDATE stats SET use_count = ?, score_sum = ? WHERE name = ? AND use_count = 0",
                (use_count, use_count * avg_score, name),
            )

    def outcome(self, name: str) -> Outcome:
        row = self._one(
            "SELECT use_count, score_sum, last_score, last_used FROM stats WHERE name = ?", (name,)
        )
        if row is None:
            return Outcome(name, 0, None, None, None)
        uses, total, last, when = row
        return Outcome(name, uses, (total / uses) if uses else None, last, when)

    def total_uses(self) -> int:
        return int(self._one("SELECT COALESCE(SUM(use_count), 0) FROM stats")[0])

    def examples(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill name, task)] examples, oldest first."""
        if name is None:
            return [
                (n, t)
                for n, t in self._rows("SELECT name, task FROM examples ORDER BY name, created_at, rowid")
            ]
        return [
            (n, t)
            for n, t in self._rows(
                "SELECT name, task FROM examples WHERE name = ? ORDER BY created_at, rowid", (name,)
            )
        ]

    @write()
    def add_examples(self, pairs: Sequence[tuple[str, str]], *, score: float = 10.0) -> int:
        """Store tasks as examples without counting a use (bulk learning). Returns rows added."""
        now = now_iso()
        kept = [(n, t.strip()) for n, t in pairs if t.strip()]
        with self.transaction(shared=True) as db:
            added = 0
            for n, t in kept:
                added += db.execute(
                    "INSERT OR IGNORE INTO examples VALUES (?, ?, ?, ?)", (n, t, score, now)
                ).rowcount
                db.execute(
                    "DELETE FROM misfits WHERE name = ? AND task = ?", (n, t)
                )  # the latest verdict wins
            self._bump(db)
        return added
