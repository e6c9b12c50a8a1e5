"""The episodic log: every task the agent ran, what came of it, searchable by text.

Episodes live in one SQLite database::

    episodes(id INTEGER PRIMARY KEY, task TEXT, result TEXT, score REAL NULL,
             skill TEXT NULL, created_at TEXT)   -- ISO-8601 UTC, e.g. 2025-01-31T09:15:02.123456+00:00
    episodes_fts                                 -- FTS5 over task + result (external content)

``episodes_fts`` is an FTS5 *external-content* table over ``episodes`` (it stores only the
index, not a second copy of the text), kept in sync by insert/update/delete triggers. It uses
the ``porter unicode61`` tokenizer, so "deploying" finds "deploy" and accents are ignored.

:meth:`EpisodeLog.search` takes free text from users and agents and never lets it reach FTS5
as query syntax: the text is split into words (runs of letters and digits), each word is
quoted, and the words are joined with ``OR``. Results are ranked by bm25 (a word in the task
weighs twice a word in the result). Text with no word at all (``""``, ``"*"``, ``"++"``)
finds nothing.

The database runs in WAL mode with a 30 s busy timeout, and every write is one
``BEGIN IMMEDIATE`` transaction on its own short-lived connection, so several processes
(or threads) can record at once without losing episodes, and an :class:`EpisodeLog` stays
usable in a child process after ``fork``.
"""

from __future__ import annotations

import math
import os
import re
import sqlite3
import unicodedata
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from skillrouter.errors import StoreError

__all__ = ["Episode", "EpisodeLog"]

BUSY_TIMEOUT_MS = 30_000
"""How long a connection waits for another writer before failing (milliseconds)."""

_TASK_WEIGHT = 2.0
_RESULT_WEIGHT = 1.0
_MAX_QUERY_TERMS = 64

_SCHEMA = """
CREATE TABLE IF NOT EXISTS episodes (
    id INTEGER PRIMARY KEY,
    task TEXT NOT NULL,
    result TEXT NOT NULL,
    score REAL NULL,
    skill TEXT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS episodes_skill ON episodes(skill);
CREATE VIRTUAL TABLE IF NOT EXISTS episodes_fts USING fts5(
    task, result,
    content='episodes', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS episodes_ai AFTER INSERT ON episodes BEGIN
    INSERT INTO episodes_fts(rowid, task, result) VALUES (new.id, new.task, new.result);
END;
CREATE TRIGGER IF NOT EXISTS episodes_ad AFTER DELETE ON episodes BEGIN
    INSERT INTO episodes_fts(episodes_fts, rowid, task, result)
    VALUES ('delete', old.id, old.task, old.result);
END;
CREATE TRIGGER IF NOT EXISTS episodes_au AFTER UPDATE ON episodes BEGIN
    INSERT INTO episodes_fts(episodes_fts, rowid, task, result)
    VALUES ('delete', old.id, old.task, old.result);
    INSERT INTO episodes_fts(rowid, task, result) VALUES (new.id, new.task, new.result);
END;
"""

_COLUMNS = "e.id, e.task, e.result, e.score, e.skill, e.created_at"

# Runs of letters and digits (no underscore): the pieces the unicode61 tokenizer keeps.
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Episode:
    """One recorded episode.

    ``rank`` is the search relevance, higher is more relevant (the negated FTS5 bm25 score);
    it is ``None`` for episodes that did not come from :meth:`EpisodeLog.search`.
    """

    id: int
    task: str
    result: str
    score: float | None
    skill: str | None
    created_at: str
    rank: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return asdict(self)


def fts_query(text: str) -> str:
    """Turn free text into a safe FTS5 query: quoted words joined by ``OR``.

    Returns ``""`` when the text holds no word. Words are deduplicated (case-insensitively)
    and at most 64 are kept.
    """
    words: list[str] = []
    seen: set[str] = set()
    for word in _WORD.findall(unicodedata.normalize("NFKC", text)):
        key = word.casefold()
        if key in seen:
            continue
        seen.add(key)
        words.append('"' + word.replace('"', '""') + '"')
        if len(words) == _MAX_QUERY_TERMS:
            break
    return " OR ".join(words)


def _episode(row: tuple[Any, ...], rank: float | None = None) -> Episode:
    episode_id, task, result, score, skill, created_at = row
    return Episode(
        id=int(episode_id),
        task=task,
        result=result,
        score=None if score is None else float(score),
        skill=skill,
        created_at=created_at,
        rank=rank,
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _check_limit(limit: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit must be a non-negative int, not {limit!r}")
    return limit


class EpisodeLog:
    """An SQLite + FTS5 log of episodes at ``db_path`` (created, with its folder, if missing)."""

    def __init__(self, db_path: str | os.PathLike[str]) -> None:
        self.db_path = Path(db_path)
        self.db_path.parent.mkdir(parents=True, exist_ok=True)
        try:
            with self._connect() as conn:
                mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise StoreError(f"{self.db_path}: could not switch the episode log to WAL mode")
                # One transaction, so processes opening a new log at once do not race.
                conn.executescript("BEGIN IMMEDIATE;\n" + _SCHEMA + "\nCOMMIT;")
        except sqlite3.OperationalError as exc:
            if "fts5" in str(exc).lower():
                raise StoreError(
                    f"{self.db_path}: this Python's SQLite was built without FTS5, which the "
                    "episode log needs"
                ) from exc
            raise StoreError(f"{self.db_path}: cannot open the episode log: {exc}") from exc
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.db_path}: not a usable episode log: {exc}") from exc

    def __repr__(self) -> str:
        return f"EpisodeLog({str(self.db_path)!r})"

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A fresh autocommit connection with the busy timeout set; closed on exit."""
        conn = sqlite3.connect(self.db_path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        with closing(conn):
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA synchronous=NORMAL")
            yield conn

    # -- writing -------------------------------------------------------------------

    def record(self, task: str, result: str, score: float | None = None, skill: str | None = None) -> int:
        """Store one episode and return its id.

        ``task`` must be a non-empty str, ``result`` a str, ``score`` a finite number or
        ``None`` and ``skill`` a skill name or ``None``.
        """
        if not isinstance(task, str) or not task.strip():
            raise ValueError("an episode needs a non-empty task (str)")
        if not isinstance(result, str):
            raise TypeError(f"an episode's result must be a str, not {type(result).__name__}")
        value: float | None = None
        if score is not None:
            if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score):
                raise ValueError(f"an episode's score must be a finite number or None, not {score!r}")
            value = float(score)
        if skill is not None and not isinstance(skill, str):
            raise TypeError(f"an episode's skill must be a str or None, not {type(skill).__name__}")
        with self._connect() as conn:
            # An error before COMMIT leaves the transaction open; closing the connection
            # rolls it back.
            conn.execute("BEGIN IMMEDIATE")
            cursor = conn.execute(
                "INSERT INTO episodes(task, result, score, skill, created_at) VALUES (?, ?, ?, ?, ?)",
                (task, result, value, skill, _now()),
            )
            conn.execute("COMMIT")
        episode_id = cursor.lastrowid
        assert episode_id is not None
        return episode_id

    # -- reading -------------------------------------------------------------------

    def search(self, query: str, limit: int = 10) -> list[Episode]:
        """Episodes matching any word of ``query``, most relevant first (bm25).

        ``query`` is free text; FTS5 operators and punctuation in it are treated as plain
        text, never as query syntax. A query with no word returns ``[]``.
        """
        limit = _check_limit(limit)
        match = fts_query(query)
        if not match or limit == 0:
            return []
        sql = (
            f"SELECT {_COLUMNS}, bm25(episodes_fts, ?, ?) AS bm25 "
            "FROM episodes_fts JOIN episodes AS e ON e.id = episodes_fts.rowid "
            "WHERE episodes_fts MATCH ? ORDER BY bm25, e.id DESC LIMIT ?"
        )
        with self._connect() as conn:
            rows = conn.execute(sql, (_TASK_WEIGHT, _RESULT_WEIGHT, match, limit)).fetchall()
        return [_episode(row[:6], rank=-float(row[6])) for row in rows]

    def recent(self, limit: int = 10) -> list[Episode]:
        """The last ``limit`` episodes recorded, newest first."""
        limit = _check_limit(limit)
        with self._connect() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM episodes AS e ORDER BY e.id DESC LIMIT ?", (limit,)
            ).fetchall()
        return [_episode(row) for row in rows]

    def count(self) -> int:
        """How many episodes the log holds."""
        with self._connect() as conn:
            (n,) = conn.execute("SELECT count(*) FROM episodes").fetchone()
        return int(n)
