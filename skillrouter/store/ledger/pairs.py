"""Pairs of skills put to the judge of "one skill?": the votes so far, the verdict, and which
skill a folded one went into (so a pair is never asked about twice)."""

from __future__ import annotations

from typing import Any

from skillrouter.errors import StoreError
from skillrouter.skill import now_iso
from skillrouter.store.ledger.base import LedgerBase, write

__all__ = ["JudgedPairs"]


class JudgedPairs(LedgerBase):
    """Judged pairs and folds."""

    @write()
    def judge_pair(self, a: str, b: str, *, folded_into: str | None) -> None:
        """Settle the pair of skills ``a`` and ``b``: one skill, ``folded_into`` the one of them
        kept, or (None) two skills. The votes so far are kept."""
        if folded_into is not None and folded_into not in (a, b):
            raise StoreError(f"a pair of {a!r} and {b!r} cannot be folded into {folded_into!r}")
        first, second = sorted((a, b))
        with self.transaction(shared=True) as db:
            db.execute(
                "INSERT INTO judged_pairs (a, b, same, folded_into, judged_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (a, b) DO UPDATE SET same = excluded.same, folded_into = excluded.folded_into, "
                "judged_at = excluded.judged_at",
                (first, second, int(folded_into is not None), folded_into, now_iso()),
            )

    @write(done=lambda self, a, b: self._votes(a, b))
    def vote_same(self, a: str, b: str) -> int:
        """One more "same skill" verdict on the pending pair ``a``, ``b``; returns its votes (a
        settled pair's votes, unchanged)."""
        first, second = sorted((a, b))
        with self.transaction(shared=True) as db:
            db.execute(
                "INSERT INTO judged_pairs (a, b, votes, judged_at) VALUES (?, ?, 1, ?) ON CONFLICT (a, b) "
                "DO UPDATE SET votes = judged_pairs.votes + 1, judged_at = excluded.judged_at "
                "WHERE judged_pairs.same IS NULL",
                (first, second, now_iso()),
            )
            return int(
                db.execute(
                    "SELECT votes FROM judged_pairs WHERE a = ? AND b = ?", (first, second)
                ).fetchone()[0]
            )

    def _votes(self, a: str, b: str) -> int:
        found = self._one("SELECT votes FROM judged_pairs WHERE a = ? AND b = ?", sorted((a, b)))
        return int(found[0]) if found else 0

    @write()
    def fold(self, folded: str, into: str, *, max_examples: int = 200) -> int:
        """One transaction: ``folded``'s examples become ``into``'s too (dropping them as misfits
        of ``into``: the latest verdict wins; the newest ``max_examples`` kept), and the verdict
        that the two are one skill, kept in ``into``. Returns the examples ``into`` gained.
        Running it again changes nothing more."""
        with self.transaction() as db:
            gained = db.execute(
                "INSERT OR IGNORE INTO examples SELECT ?, task, score, ? FROM examples WHERE name = ?",
                (into, now_iso(), folded),
            ).rowcount
            db.execute(
                "DELETE FROM misfits WHERE name = ? AND task IN (SELECT task FROM examples WHERE name = ?)",
                (into, folded),
            )
            db.execute(
                "DELETE FROM examples WHERE name = ? AND rowid NOT IN (SELECT rowid FROM examples "
                "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)",
                (into, into, max_examples),
            )
            self.judge_pair(folded, into, folded_into=into)
            self._bump(db)
        return gained

    def judged_pairs(self, name: str | None = None) -> list[dict[str, Any]]:
        """Every pair of skills put to the judge (those of ``name``), oldest first: ``a``, ``b``,
        ``votes`` (its "same skill" answers), ``same`` (None: pending; True: folded into
        ``folded_into``; False: two skills) and ``judged_at`` (the last answer)."""
        where, args = ("WHERE a = ? OR b = ?", (name, name)) if name is not None else ("", ())
        rows = self._rows(
            f"SELECT a, b, votes, same, folded_into, judged_at FROM judged_pairs {where} "
            "ORDER BY judged_at, rowid",
            args,
        )
        return [
            {
                "a": a,
                "b": b,
                "votes": votes,
                "same": None if same is None else bool(same),
                "folded_into": into,
                "judged_at": at,
            }
            for a, b, votes, same, into, at in rows
        ]
