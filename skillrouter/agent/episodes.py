"""The episodic log: every task the agent ran, what came of it, searchable by text.

Episodes live in one SQLite database::

    episodes(id INTEGER PRIMARY KEY, task TEXT, result TEXT, score REAL NULL,
             skill TEXT NULL, created_at TEXT)   -- ISO-8601 UTC, e.g. 2025-01-31T09:15:02.123456+00:00
    episodes_fts                                 -- FTS5 over task + result

``episodes_fts`` is an FTS5 table indexing ``episodes``, kept in step by insert/update/delete
triggers. It uses
the ``porter unicode61`` tokenizer, so "deploying" finds "deploy" and accents are ignored.
Chinese, Japanese and Korean have no spaces, and that tokenizer takes a run of letters as one
word ("帮我把会议纪要整理成周报" would be one token, which "周报" never matches): the triggers index
the text with a space around every CJK character (:func:`cjk_spaced`, a function each of the
log's connections registers: another program writing ``episodes`` must register it too), so the
index holds CJK text character by character, and a query's
CJK run is searched as its overlapping two-character phrases ("周报" is the phrase "周 报"). A log
made before this (``PRAGMA user_version`` 0) is re-indexed once when opened.

:meth:`EpisodeLog.search` takes free text from users and agents and never lets it reach FTS5
as query syntax: the text is split into words (runs of letters and digits), each word is
quoted (a CJK run: as its two-character phrases), and the words are joined with ``OR``.
Results are ranked by bm25 (a word in the task
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

from skillrouter.embeddings.script import CJK_LETTER, CJK_RUN
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
"""

# Schema version 1: the index holds the text as cjk_spaced() makes it (CJK character by character),
# in an FTS5 table of its own (version 0's indexed the episodes' own text, external content).
_INDEX = (
    (
        "CREATE VIRTUAL TABLE episodes_fts USING fts5(task, result, "
        "tokenize='porter unicode61 remove_diacritics 2')"
    ),
    """CREATE TRIGGER episodes_ai AFTER INSERT ON episodes BEGIN
    INSERT INTO episodes_fts(rowid, task, result)
    VALUES (new.id, cjk_spaced(new.task), cjk_spaced(new.result));
END""",
    """CREATE TRIGGER episodes_ad AFTER DELETE ON episodes BEGIN
    DELETE FROM episodes_fts WHERE rowid = old.id;
END""",
    """CREATE TRIGGER episodes_au AFTER UPDATE ON episodes BEGIN
    DELETE FROM episodes_fts WHERE rowid = old.id;
    INSERT INTO episodes_fts(rowid, task, result)
    VALUES (new.id, cjk_spaced(new.task), cjk_spaced(new.result));
END""",
)
_VERSION = 1

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


def cjk_spaced(text: str | None) -> str | None:
    """``text`` with a space on each side of every CJK character, so that the FTS tokenizer
    (which takes a run of letters as one word) reads CJK text character by character."""
    return None if text is None else CJK_LETTER.sub(lambda m: f" {m.group(0)} ", text)


def _terms(word: str) -> Iterator[str]:
    """A query word's terms: itself, or, where it holds CJK runs, its other letters as words
    and each run as its overlapping two-character phrases ("周报表": "周 报", "报 表")."""
    start = 0
    for run in CJK_RUN.finditer(word):
        yield from _WORD.findall(word[start : run.start()])
        chars = run.group(0)
        yield from (" ".join(chars[i : i + 2]) for i in range(max(1, len(chars) - 1)))
        start = run.end()
    yield from _WORD.findall(word[start:])


def fts_query(text: str) -> str:
    """Turn free text into a safe FTS5 query: quoted words joined by ``OR`` (a CJK run
    becomes its two-character phrases, see :func:`_terms`).

    Returns ``""`` when the text holds no word. Terms are deduplicated (case-insensitively)
    and at most 64 are kept.
    """
    words: list[str] = []
    seen: set[str] = set()
    for word in _WORD.findall(unicodedata.normalize("NFKC", text)):
        for term in _terms(word):
            key = term.casefold()
            if key in seen:
                continue
            seen.add(key)
            words.append('"' + term.replace('"', '""') + '"')
            if len(words) == _MAX_QUERY_TERMS:
                return " OR ".join(words)
    return " OR ".join(words)


def _index_cjk(conn: sqlite3.Connection) -> None:
    """Schema version 1 (inside the opening transaction): the index made anew (see ``_INDEX``)
    from every episode, in place of version 0's."""
    for name in ("episodes_ai", "episodes_ad", "episodes_au"):
        conn.execute(f"DROP TRIGGER IF EXISTS {name}")
    conn.execute("DROP TABLE IF EXISTS episodes_fts")
    for statement in _INDEX:
        conn.execute(statement)
    conn.execute(
        "INSERT INTO episodes_fts(rowid, task, result) SELECT id, cjk_spaced(task), cjk_spaced(result) "
        "FROM episodes"
    )
    conn.execute(f"PRAGMA user_version = {_VERSION}")


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
                conn.execute("BEGIN IMMEDIATE")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                if conn.execute("PRAGMA user_version").fetchone()[0] < _VERSION:
                    _index_cjk(conn)
                conn.execute("COMMIT")
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
        """A fresh autocommit connection with the busy timeout set and the index's function
        registered; closed on exit."""
        conn = sqlite3.connect(self.db_path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        with closing(conn):
            conn.create_function("cjk_spaced", 1, cjk_spaced, deterministic=True)
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
