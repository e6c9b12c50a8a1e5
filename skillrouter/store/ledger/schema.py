"""The ledger's schema: its tables, what each holds, and the numbered migrations that build it.

Migrations are applied in order when a ledger is opened and recorded in ``PRAGMA user_version``
(0: a ledger made before migrations existed, whose tables are exactly migration 1's). To change
the schema, append one function to :data:`MIGRATIONS`::

    def _v5_pinned(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE skills ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")

    MIGRATIONS = (_v1_baseline, ..., _v4_judged_pairs, _v5_pinned)

It runs once per ledger, inside the same transaction that bumps ``user_version``; never edit or
reorder a migration that has shipped. A ledger written by a newer skillrouter (a higher
``user_version``) is refused rather than misread.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

__all__ = ["HOLDS", "MIGRATIONS", "PER_SKILL", "TABLES"]

TABLES = (
    "skills",
    "stats",
    "versions",
    "examples",
    "meta",
    "imports",
    "misfits",
    "earlier_records",
    "judged_pairs",
)
PER_SKILL = (
    "skills",
    "stats",
    "examples",
    "imports",
    "misfits",
    "earlier_records",
)  # rows that follow a folder
# What each table holds, in the words doctor uses to say what a lost ledger took along.
HOLDS = {
    "stats": "outcome statistics",
    "examples": "task examples",
    "versions": "version history",
    "meta": "counters and the store id",
    "imports": "import origins",
    "skills": "statuses and findings",
    "misfits": "misfit tasks",
    "earlier_records": "records set aside by restore or trust",
    "judged_pairs": "which pairs of skills were judged one skill (folded) or two, and pending votes",
}


def _v1_baseline(db: sqlite3.Connection) -> None:
    """The tables as they were before migrations existed (a no-op on such a ledger)."""
    for statement in (
        (
            "CREATE TABLE IF NOT EXISTS skills (name TEXT PRIMARY KEY, file_hash TEXT NOT NULL, file_sig "
            "TEXT NOT NULL, "
            "level0 TEXT NOT NULL, source TEXT, status TEXT NOT NULL DEFAULT 'active', findings TEXT NOT "
            "NULL "
            "DEFAULT '[]', version INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL, updated_at TEXT "
            "NOT NULL)"
        ),
        (
            "CREATE TABLE IF NOT EXISTS stats (name TEXT PRIMARY KEY, use_count INTEGER NOT NULL DEFAULT 0, "
            "score_sum REAL NOT NULL DEFAULT 0, last_score REAL, last_used TEXT)"
        ),
        (
            "CREATE TABLE IF NOT EXISTS versions (name TEXT NOT NULL, version INTEGER NOT NULL, content "
            "TEXT NOT NULL, "
            "reason TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (name, version))"
        ),
        (
            "CREATE TABLE IF NOT EXISTS examples (name TEXT NOT NULL, task TEXT NOT NULL, score REAL NOT "
            "NULL, "
            "created_at TEXT NOT NULL, PRIMARY KEY (name, task))"
        ),
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        (
            "CREATE TABLE IF NOT EXISTS imports (name TEXT PRIMARY KEY, origin TEXT NOT NULL, input_hash "
            "TEXT "
            "NOT NULL)"
        ),
    ):
        db.execute(statement)


def _v2_trust_levels(db: sqlite3.Connection) -> None:
    """Each skill's trust level (where its content came from: see
    :mod:`skillrouter.security.policy`) and the hash of the content its findings are for
    (SKILL.md and Level 2 files), so unchanged content is never scanned again. Rows made
    before: ``agent-created`` for the agent's own skills, ``community`` for the rest."""
    db.execute("ALTER TABLE skills ADD COLUMN trust_level TEXT NOT NULL DEFAULT 'community'")
    db.execute("ALTER TABLE skills ADD COLUMN scan_hash TEXT")
    db.execute("UPDATE skills SET trust_level = 'agent-created' WHERE source = 'agent'")


def _v3_misfits_and_earlier_records(db: sqlite3.Connection) -> None:
    """``misfits``: tasks a skill was routed to but did not fit (negative examples).
    ``earlier_records``: a retired skill's statistics, set aside when it is restored or trusted
    (its record starts anew; nothing is lost)."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS misfits (name TEXT NOT NULL, task TEXT NOT NULL, created_at TEXT NOT "
        "NULL, "
        "PRIMARY KEY (name, task))"
    )
    db.execute(
        "CREATE TABLE IF NOT EXISTS earlier_records (name TEXT NOT NULL, use_count INTEGER NOT NULL, "
        "score_sum REAL NOT NULL, last_score REAL, last_used TEXT, set_aside_at TEXT NOT NULL, "
        "reason TEXT NOT NULL)"
    )


def _v4_judged_pairs(db: sqlite3.Connection) -> None:
    """``judged_pairs``: two skills the judge of "same skill" was asked to fold into one: how
    many times it said yes (``votes``) and the verdict (``same`` NULL: pending, 1: folded into
    ``folded_into``, 0: two skills, never asked again). ``a`` sorts before ``b``."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS judged_pairs (a TEXT NOT NULL, b TEXT NOT NULL, "
        "votes INTEGER NOT NULL DEFAULT 0, same INTEGER, folded_into TEXT, judged_at TEXT NOT NULL, "
        "PRIMARY KEY (a, b))"
    )


# MIGRATIONS[i] takes a ledger from user_version i to i + 1. Append only.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _v1_baseline,
    _v2_trust_levels,
    _v3_misfits_and_earlier_records,
    _v4_judged_pairs,
)
