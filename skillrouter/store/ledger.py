"""The ledger: the store's SQLite file (``skillrouter.db``, WAL) and every query on it.

It holds what the skill files do not: outcome statistics, task examples, version history,
each skill's status and security findings, import origins, counters. Statistics live here so
that :meth:`Ledger.record_outcome` is one transaction: several processes recording at once
lose no update, and the average is the exact mean of the recorded scores (a running sum).

Schema changes are numbered migrations, applied in order when a ledger is opened and
recorded in ``PRAGMA user_version`` (0: a ledger made before migrations existed, whose
tables are exactly migration 1's). To change the schema, append one function to
:data:`MIGRATIONS`::

    def _v3_pinned(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE skills ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")

    MIGRATIONS = (_v1_baseline, _v2_trust_levels, _v3_pinned)

It runs once per ledger, inside the same transaction that bumps ``user_version``; never edit
or reorder a migration that has shipped. A ledger written by a newer skillrouter (a higher
``user_version``) is refused rather than misread.

A damaged file (not SQLite, or malformed pages) raises :class:`LedgerDamagedError` from any
call; :meth:`Ledger.salvage` reads what it still can, for ``Store.rebuild_ledger``.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skillrouter.errors import LedgerDamagedError, StoreError
from skillrouter.security.policy import TrustLevel
from skillrouter.skill import Skill, SkillSummary, level0_text, now_iso, summary_text, validate_score
from skillrouter.store.provenance import Status

TABLES = ("skills", "stats", "versions", "examples", "meta", "imports", "misfits", "earlier_records", "judged_pairs")
_PER_SKILL = ("skills", "stats", "examples", "imports", "misfits", "earlier_records")  # rows that follow a folder
# What each table holds, in the words doctor uses to say what a lost ledger took along.
HOLDS = {"stats": "outcome statistics", "examples": "task examples", "versions": "version history",
         "meta": "counters and the store id", "imports": "import origins", "skills": "statuses and findings",
         "misfits": "misfit tasks", "earlier_records": "records set aside by restore or trust",
         "judged_pairs": "which pairs of skills were judged one skill (folded) or two, and pending votes"}


def _v1_baseline(db: sqlite3.Connection) -> None:
    """The tables as they were before migrations existed (a no-op on such a ledger)."""
    for statement in (
        ("CREATE TABLE IF NOT EXISTS skills (name TEXT PRIMARY KEY, file_hash TEXT NOT NULL, file_sig TEXT NOT NULL, "
         "level0 TEXT NOT NULL, source TEXT, status TEXT NOT NULL DEFAULT 'active', findings TEXT NOT NULL "
         "DEFAULT '[]', version INTEGER NOT NULL DEFAULT 1, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)"),
        ("CREATE TABLE IF NOT EXISTS stats (name TEXT PRIMARY KEY, use_count INTEGER NOT NULL DEFAULT 0, "
         "score_sum REAL NOT NULL DEFAULT 0, last_score REAL, last_used TEXT)"),
        ("CREATE TABLE IF NOT EXISTS versions (name TEXT NOT NULL, version INTEGER NOT NULL, content TEXT NOT NULL, "
         "reason TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (name, version))"),
        ("CREATE TABLE IF NOT EXISTS examples (name TEXT NOT NULL, task TEXT NOT NULL, score REAL NOT NULL, "
         "created_at TEXT NOT NULL, PRIMARY KEY (name, task))"),
        "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS imports (name TEXT PRIMARY KEY, origin TEXT NOT NULL, input_hash TEXT NOT NULL)",
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
    db.execute("CREATE TABLE IF NOT EXISTS misfits (name TEXT NOT NULL, task TEXT NOT NULL, created_at TEXT NOT NULL, "
               "PRIMARY KEY (name, task))")
    db.execute("CREATE TABLE IF NOT EXISTS earlier_records (name TEXT NOT NULL, use_count INTEGER NOT NULL, "
               "score_sum REAL NOT NULL, last_score REAL, last_used TEXT, set_aside_at TEXT NOT NULL, "
               "reason TEXT NOT NULL)")


def _v4_judged_pairs(db: sqlite3.Connection) -> None:
    """``judged_pairs``: two skills the judge of "same skill" was asked to fold into one: how
    many times it said yes (``votes``) and the verdict (``same`` NULL: pending, 1: folded into
    ``folded_into``, 0: two skills, never asked again). ``a`` sorts before ``b``."""
    db.execute("CREATE TABLE IF NOT EXISTS judged_pairs (a TEXT NOT NULL, b TEXT NOT NULL, "
               "votes INTEGER NOT NULL DEFAULT 0, same INTEGER, folded_into TEXT, judged_at TEXT NOT NULL, "
               "PRIMARY KEY (a, b))")


# MIGRATIONS[i] takes a ledger from user_version i to i + 1. Append only.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1_baseline, _v2_trust_levels,
                                                                _v3_misfits_and_earlier_records, _v4_judged_pairs)


@dataclass(frozen=True)
class Outcome:
    """Statistics of a skill after an outcome was recorded."""

    name: str
    use_count: int
    avg_score: float | None
    last_score: float | None
    last_used: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "use_count": self.use_count, "avg_score": self.avg_score,
                "last_score": self.last_score, "last_used": self.last_used}


@dataclass(frozen=True)
class Version:
    name: str
    version: int
    reason: str
    created_at: str
    content: str

    def to_dict(self, *, content: bool = False) -> dict[str, Any]:
        data = {"name": self.name, "version": self.version, "reason": self.reason, "created_at": self.created_at}
        if content:
            data["content"] = self.content
        return data


@dataclass(frozen=True)
class Record:
    """A skill's row in the ledger: its Level 0 and bookkeeping, without reading files."""

    summary: SkillSummary
    file_hash: str
    source: str | None
    findings: tuple[dict[str, Any], ...]
    version: int
    trust_level: TrustLevel = "community"


@dataclass(frozen=True)
class Row:
    """The bookkeeping columns of one skill's row."""

    file_hash: str
    file_sig: str
    version: int
    status: Status
    findings: tuple[dict[str, Any], ...]
    created_at: str
    trust_level: TrustLevel = "community"
    scan_hash: str | None = None  # the content (SKILL.md + Level 2) ``findings`` are for


def _damage(err: sqlite3.DatabaseError) -> bool:
    name = getattr(err, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or type(err) is sqlite3.DatabaseError


class Ledger:
    """The SQLite file of one store. One connection per thread; every write in a transaction."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.created = not path.exists()  # new (or lost: the store decides which)
        self._local = threading.local()
        self._level0: tuple[int, dict[str, tuple[str, str, tuple[str, ...]]]] | None = None  # see summaries()
        self.migrate()
        with self.transaction() as db:
            db.execute("INSERT OR IGNORE INTO meta VALUES ('store_id', lower(hex(randomblob(16))))")

    # ------------------------------------------------------------ connection, errors

    @property
    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=60, isolation_level=None)
                db.execute("PRAGMA busy_timeout=60000")
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
            except sqlite3.DatabaseError as err:
                raise self._error(err) from None
            self._local.db, self._local.depth = db, 0
        return db

    def _error(self, err: sqlite3.DatabaseError) -> Exception:
        if _damage(err):
            return LedgerDamagedError(self.path, str(err))
        return StoreError(f"cannot use the ledger {self.path}: {err}")

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        try:
            return self._db.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None

    def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        rows = self._rows(sql, args)
        return rows[0] if rows else None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``); nested calls join the outer one."""
        db = self._db
        if self._local.depth:
            self._local.depth += 1
            try:
                yield db
            finally:
                self._local.depth -= 1
            return
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None
        self._local.depth = 1
        try:
            yield db
        except sqlite3.DatabaseError as err:
            self._rollback(db)
            raise self._error(err) from None
        except BaseException:
            self._rollback(db)
            raise
        finally:
            self._local.depth = 0
        try:
            db.execute("COMMIT")
        except sqlite3.DatabaseError as err:
            raise self._error(err) from None

    @staticmethod
    def _rollback(db: sqlite3.Connection) -> None:
        try:
            db.execute("ROLLBACK")
        except sqlite3.DatabaseError:
            pass  # a damaged file may refuse even this; the error being raised says why

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # ------------------------------------------------------------ schema

    @property
    def schema_version(self) -> int:
        return int(self._one("PRAGMA user_version")[0])

    def migrate(self) -> None:
        """Apply the migrations this ledger lacks, each in its own transaction."""
        while True:
            with self.transaction() as db:
                current = int(db.execute("PRAGMA user_version").fetchone()[0])  # again, under the lock
                if current > len(MIGRATIONS):
                    raise StoreError(f"the ledger {self.path} has schema version {current}, newer than this "
                                     f"skillrouter knows ({len(MIGRATIONS)}); upgrade skillrouter to open it")
                if current == len(MIGRATIONS):
                    return
                MIGRATIONS[current](db)
                db.execute(f"PRAGMA user_version = {current + 1}")

    def check(self) -> str | None:
        """None if SQLite finds the file sound, else what it found (``PRAGMA quick_check``)."""
        try:
            found = [r[0] for r in self._rows("PRAGMA quick_check")]
        except LedgerDamagedError as err:
            return err.detail
        return None if found == ["ok"] else "; ".join(found[:3])

    # ------------------------------------------------------------ meta: id, counters, notes

    @property
    def store_id(self) -> str:
        """A random id made when the store was created (names its Chroma collection)."""
        return str(self._one("SELECT value FROM meta WHERE key = 'store_id'")[0])

    def counter(self, key: str) -> int:
        row = self._one("SELECT value FROM meta WHERE key = ?", (key,))
        return int(row[0]) if row else 0

    def increment(self, key: str, by: int = 1) -> int:
        with self.transaction() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            value = (int(row[0]) if row else 0) + by
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, str(value)))
        return value

    def generation(self) -> int:
        """A number that changes whenever what the index holds must change."""
        return self.counter("generation")

    def _bump(self, db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO meta VALUES ('generation', '1') ON CONFLICT(key) DO UPDATE "
                   "SET value = CAST(value AS INTEGER) + 1")

    def note(self, key: str, value: dict[str, Any] | None) -> None:
        """Keep (or with None, drop) a JSON note in meta, e.g. that the ledger was rebuilt."""
        with self.transaction() as db:
            if value is None:
                db.execute("DELETE FROM meta WHERE key = ?", (f"note:{key}",))
            else:
                db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"note:{key}", json.dumps(value)))

    def notes(self) -> dict[str, dict[str, Any]]:
        return {k.removeprefix("note:"): json.loads(v)
                for k, v in self._rows("SELECT key, value FROM meta WHERE key LIKE 'note:%'")}

    # ------------------------------------------------------------ skill rows

    def row(self, name: str) -> Row | None:
        found = self._one("SELECT file_hash, file_sig, version, status, findings, created_at, trust_level, "
                          "scan_hash FROM skills WHERE name = ?", (name,))
        if found is None:
            return None
        file_hash, sig, version, status, findings, created, trust_level, scan_hash = found
        return Row(file_hash, sig, version, status, tuple(json.loads(findings)), created, trust_level, scan_hash)

    def write_skill(self, skill: Skill, file_hash: str, sig: str, *, reason: str, content: str,
                    status: Status | None = None, findings: Sequence[dict[str, Any]] | None = None,
                    trust_level: TrustLevel | None = None, scan_hash: str | None = None) -> int:
        """Record ``skill`` as its file now reads (a new version if the content changed).
        ``status`` / ``findings`` / ``trust_level`` / ``scan_hash`` of None keep what the row
        had (a new row: active, none, community, none). Returns the version number."""
        procedure = " ".join(skill.procedure.split()).lower()
        summary = skill.summary().to_dict()
        summary.pop("trust_level")  # a column of its own
        level0 = json.dumps(summary | {
            "lexical_text": skill.lexical_text(),
            "procedure_hash": _sha(procedure)[:16] if procedure else None,
        })
        now = now_iso()
        with self.transaction() as db:
            row = self.row(skill.name)
            if row is None:  # new, or back after its folder was removed by hand: history continues
                last = db.execute("SELECT MAX(version) FROM versions WHERE name = ?", (skill.name,)).fetchone()[0]
                version = (last or 0) + 1
                db.execute("INSERT INTO skills (name, file_hash, file_sig, level0, source, status, findings, version, "
                           "created_at, updated_at, trust_level, scan_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (skill.name, file_hash, sig, level0, skill.source, status or "active",
                            json.dumps(list(findings or [])), version, skill.created_at or now, now,
                            trust_level or "community", scan_hash))
                db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (skill.name,))
            else:
                version = row.version + (0 if row.file_hash == file_hash else 1)
                db.execute("UPDATE skills SET updated_at = CASE WHEN file_hash = ? THEN updated_at ELSE ? END, "
                           "file_hash = ?, file_sig = ?, level0 = ?, source = ?, status = ?, findings = ?, version = ?, "
                           "trust_level = ?, scan_hash = ? WHERE name = ?",
                           (file_hash, now, file_hash, sig, level0, skill.source, status or row.status,
                            json.dumps(list(findings if findings is not None else row.findings)), version,
                            trust_level or row.trust_level, scan_hash or row.scan_hash, skill.name))
            self._bump(db)
            if row is None or row.file_hash != file_hash:
                db.execute("INSERT OR REPLACE INTO versions VALUES (?, ?, ?, ?, ?)",
                           (skill.name, version, content, reason, now))
        return version

    def set_sig(self, name: str, sig: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE skills SET file_sig = ? WHERE name = ?", (sig, name))

    def sigs(self) -> dict[str, str]:
        """name -> the stat signature of the SKILL.md the row was read from."""
        return {n: sig for n, sig in self._rows("SELECT name, file_sig FROM skills")}

    def set_status(self, name: str, status: Status, findings: Sequence[dict[str, Any]] | None = None, *,
                   trust_level: TrustLevel | None = None) -> None:
        with self.transaction() as db:
            if findings is None:
                db.execute("UPDATE skills SET status = ? WHERE name = ?", (status, name))
            else:
                db.execute("UPDATE skills SET status = ?, findings = ? WHERE name = ?",
                           (status, json.dumps(list(findings)), name))
            if trust_level is not None:
                db.execute("UPDATE skills SET trust_level = ? WHERE name = ?", (trust_level, name))

    def forget(self, names: Sequence[str], *, history: bool = False) -> None:
        """Drop the rows of skills whose folders are gone (their versions too with ``history``)."""
        with self.transaction() as db:
            for name in names:
                for table in (*_PER_SKILL, "versions") if history else _PER_SKILL:
                    db.execute(f"DELETE FROM {table} WHERE name = ?", (name,))
                db.execute("DELETE FROM judged_pairs WHERE a = ? OR b = ?", (name, name))
            self._bump(db)

    def records(self, names: Sequence[str] | None = None) -> dict[str, Record]:
        """Ledger records of every skill, or of just ``names`` (the router's hot path)."""
        if names is not None and not names:
            return {}
        where = "" if names is None else f"WHERE s.name IN ({','.join('?' * len(names))})"
        rows = self._rows(
            "SELECT s.name, s.level0, s.file_hash, s.source, s.status, s.findings, s.version, s.trust_level, "
            f"t.use_count, t.score_sum FROM skills s LEFT JOIN stats t ON t.name = s.name {where} ORDER BY s.name",
            list(names or []),
        )
        out: dict[str, Record] = {}
        for name, level0, file_hash, source, status, findings, version, trust_level, uses, total in rows:
            data = json.loads(level0)
            summary = SkillSummary(
                name=name, description=data["description"], task_type=data["task_type"], tags=tuple(data["tags"]),
                use_count=uses or 0, avg_score=(total / uses) if uses else None, status=status,
                trust_level=trust_level,
            )
            out[name] = Record(summary, file_hash, source, tuple(json.loads(findings)), version, trust_level)
        return out

    def summaries(self, names: Sequence[str]) -> dict[str, SkillSummary]:
        """Level 0 with status and statistics of each of ``names`` that has a row (the router's
        hot path). Status and statistics are read every call (another process may have just
        recorded an outcome); Level 0 of every skill once per generation, which every change
        of it bumps, so a route reads a few small rows instead of bulky Level 0 blobs."""
        if not names:
            return {}
        generation = self.generation()
        held = self._level0
        if held is None or held[0] != generation:
            level0 = {n: json.loads(blob) for n, blob in self._rows("SELECT name, level0 FROM skills")}
            held = self._level0 = (generation, {n: (d["description"], d["task_type"], tuple(d["tags"]))
                                                for n, d in level0.items()})
        level0 = held[1]
        out: dict[str, SkillSummary] = {}
        for name, status, trust_level, uses, total in self._rows(
                f"SELECT s.name, s.status, s.trust_level, t.use_count, t.score_sum FROM skills s "
                f"LEFT JOIN stats t ON t.name = s.name "
                f"WHERE s.name IN ({','.join('?' * len(names))}) ORDER BY s.name", list(names)):
            if name in level0:  # a row written after the generation was read waits for the next call
                description, task_type, tags = level0[name]
                out[name] = SkillSummary(name=name, description=description, task_type=task_type, tags=tags,
                                         use_count=uses or 0, avg_score=(total / uses) if uses else None, status=status,
                                         trust_level=trust_level)
        return out

    def level0_texts(self) -> dict[str, str]:
        """name -> the Level 0 text the index embeds (no file reads), derived from the stored
        name and description so a change of the Level 0 rule reaches every existing row."""
        return {name: level0_text(name, json.loads(blob)["description"])
                for name, blob in self._rows("SELECT name, level0 FROM skills")}

    def summary_texts(self) -> dict[str, str]:
        """name -> ``"name words: description"`` (what keyword coverage counts), no file reads."""
        return {name: summary_text(name, json.loads(blob)["description"])
                for name, blob in self._rows("SELECT name, level0 FROM skills")}

    def lexical_texts(self) -> dict[str, str | None]:
        """name -> the text the keyword index reads, or None for a row written before the
        keyword index existed (the store then reads the file)."""
        return {name: json.loads(blob).get("lexical_text") for name, blob in self._rows("SELECT name, level0 FROM skills")}

    def procedure_hashes(self) -> dict[str, str]:
        """name -> hash of the whitespace-normalised procedure, for skills that have one."""
        out = {name: json.loads(level0).get("procedure_hash") for name, level0 in
               self._rows("SELECT name, level0 FROM skills")}
        return {k: v for k, v in out.items() if v}

    def history(self, name: str) -> list[Version]:
        rows = self._rows("SELECT version, reason, created_at, content FROM versions WHERE name = ? ORDER BY version",
                          (name,))
        return [Version(name, v, r, c, body) for v, r, c, body in rows]

    # ------------------------------------------------------------ statistics and examples

    def record_outcome(self, name: str, score: float, *, task: str | None = None, example_min_score: float = 7.0,
                       max_examples: int = 200) -> Outcome:
        """Count a use scored ``score`` (1-10); a good one with ``task`` keeps it as an example."""
        score, now = validate_score(score), now_iso()
        with self.transaction() as db:
            db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (name,))
            db.execute("UPDATE stats SET use_count = use_count + 1, score_sum = score_sum + ?, last_score = ?, "
                       "last_used = ? WHERE name = ?", (score, score, now, name))
            if task and task.strip() and score >= example_min_score:
                db.execute("INSERT OR REPLACE INTO examples VALUES (?, ?, ?, ?)", (name, task.strip(), score, now))
                db.execute("DELETE FROM misfits WHERE name = ? AND task = ?", (name, task.strip()))
                self._bump(db)
                db.execute("DELETE FROM examples WHERE name = ? AND rowid NOT IN (SELECT rowid FROM examples "
                           "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)", (name, name, max_examples))
        return self.outcome(name)

    def record_misfit(self, name: str, task: str, *, max_misfits: int = 200) -> int:
        """Keep ``task`` as a misfit of ``name``: the skill was routed to it and did not fit.
        The skill's statistics are untouched; the same task stops being one of its examples
        (the latest verdict wins); the newest ``max_misfits`` are kept. Returns how many it has."""
        task, now = task.strip(), now_iso()
        if not task:
            raise StoreError("a misfit needs the task's text")
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO misfits VALUES (?, ?, ?)", (name, task, now))
            db.execute("DELETE FROM examples WHERE name = ? AND task = ?", (name, task))
            db.execute("DELETE FROM misfits WHERE name = ? AND rowid NOT IN (SELECT rowid FROM misfits "
                       "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)", (name, name, max_misfits))
            self._bump(db)
            return int(db.execute("SELECT COUNT(*) FROM misfits WHERE name = ?", (name,)).fetchone()[0])

    def misfit_counts(self, names: Sequence[str]) -> dict[str, int]:
        """How many misfits each of ``names`` has (those with none are left out)."""
        if not names:
            return {}
        return {n: int(c) for n, c in self._rows(
            f"SELECT name, COUNT(*) FROM misfits WHERE name IN ({','.join('?' * len(names))}) GROUP BY name",
            list(names))}

    def misfits(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill name, task)] misfits, oldest first."""
        if name is None:
            return [(n, t) for n, t in self._rows("SELECT name, task FROM misfits ORDER BY name, created_at, rowid")]
        return [(n, t) for n, t in self._rows("SELECT name, task FROM misfits WHERE name = ? "
                                                "ORDER BY created_at, rowid", (name,))]

    def set_record_aside(self, name: str, reason: str) -> Outcome:
        """Start a skill's record anew (0 uses), keeping the old one in ``earlier_records``.
        Returns the record set aside."""
        with self.transaction() as db:
            old = self.outcome(name)
            if old.use_count:
                total = db.execute("SELECT score_sum FROM stats WHERE name = ?", (name,)).fetchone()[0]
                db.execute("INSERT INTO earlier_records VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (name, old.use_count, total, old.last_score, old.last_used, now_iso(), reason))
                db.execute("UPDATE stats SET use_count = 0, score_sum = 0, last_score = NULL WHERE name = ?",
                           (name,))
        return old

    def earlier_records(self, name: str) -> list[dict[str, Any]]:
        """The records set aside for ``name``, oldest first."""
        rows = self._rows("SELECT use_count, score_sum, last_score, last_used, set_aside_at, reason FROM "
                          "earlier_records WHERE name = ? ORDER BY set_aside_at, rowid", (name,))
        return [{"use_count": u, "avg_score": (total / u) if u else None, "last_score": last, "last_used": used,
                 "set_aside_at": at, "reason": why} for u, total, last, used, at, why in rows]

    def judge_pair(self, a: str, b: str, *, folded_into: str | None) -> None:
        """Settle the pair of skills ``a`` and ``b``: one skill, ``folded_into`` the one of them
        kept, or (None) two skills. The votes so far are kept."""
        if folded_into is not None and folded_into not in (a, b):
            raise StoreError(f"a pair of {a!r} and {b!r} cannot be folded into {folded_into!r}")
        first, second = sorted((a, b))
        with self.transaction() as db:
            db.execute("INSERT INTO judged_pairs (a, b, same, folded_into, judged_at) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT (a, b) DO UPDATE SET same = excluded.same, folded_into = excluded.folded_into, "
                       "judged_at = excluded.judged_at",
                       (first, second, int(folded_into is not None), folded_into, now_iso()))

    def vote_same(self, a: str, b: str) -> int:
        """One more "same skill" verdict on the pending pair ``a``, ``b``; returns its votes (a
        settled pair's votes, unchanged)."""
        first, second = sorted((a, b))
        with self.transaction() as db:
            db.execute("INSERT INTO judged_pairs (a, b, votes, judged_at) VALUES (?, ?, 1, ?) ON CONFLICT (a, b) "
                       "DO UPDATE SET votes = votes + 1, judged_at = excluded.judged_at WHERE same IS NULL",
                       (first, second, now_iso()))
            return int(db.execute("SELECT votes FROM judged_pairs WHERE a = ? AND b = ?",
                                  (first, second)).fetchone()[0])

    def fold(self, folded: str, into: str, *, max_examples: int = 200) -> int:
        """One transaction: ``folded``'s examples become ``into``'s too (dropping them as misfits
        of ``into``: the latest verdict wins; the newest ``max_examples`` kept), and the verdict
        that the two are one skill, kept in ``into``. Returns the examples ``into`` gained.
        Running it again changes nothing more."""
        with self.transaction() as db:
            gained = db.execute("INSERT OR IGNORE INTO examples SELECT ?, task, score, ? FROM examples WHERE name = ?",
                                (into, now_iso(), folded)).rowcount
            db.execute("DELETE FROM misfits WHERE name = ? AND task IN (SELECT task FROM examples WHERE name = ?)",
                       (into, folded))
            db.execute("DELETE FROM examples WHERE name = ? AND rowid NOT IN (SELECT rowid FROM examples "
                       "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)", (into, into, max_examples))
            self.judge_pair(folded, into, folded_into=into)
            self._bump(db)
        return gained

    def judged_pairs(self, name: str | None = None) -> list[dict[str, Any]]:
        """Every pair of skills put to the judge (those of ``name``), oldest first: ``a``, ``b``,
        ``votes`` (its "same skill" answers), ``same`` (None: pending; True: folded into
        ``folded_into``; False: two skills) and ``judged_at`` (the last answer)."""
        where, args = ("WHERE a = ? OR b = ?", (name, name)) if name is not None else ("", ())
        rows = self._rows(f"SELECT a, b, votes, same, folded_into, judged_at FROM judged_pairs {where} "
                          "ORDER BY judged_at, rowid", args)
        return [{"a": a, "b": b, "votes": votes, "same": None if same is None else bool(same), "folded_into": into,
                 "judged_at": at} for a, b, votes, same, into, at in rows]

    def seed_stats(self, name: str, use_count: int, avg_score: float) -> None:
        """Give a skill with no recorded use an imported track record."""
        with self.transaction() as db:
            db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (name,))
            db.execute("UPDATE stats SET use_count = ?, score_sum = ? WHERE name = ? AND use_count = 0",
                       (use_count, use_count * avg_score, name))

    def outcome(self, name: str) -> Outcome:
        row = self._one("SELECT use_count, score_sum, last_score, last_used FROM stats WHERE name = ?", (name,))
        if row is None:
            return Outcome(name, 0, None, None, None)
        uses, total, last, when = row
        return Outcome(name, uses, (total / uses) if uses else None, last, when)

    def total_uses(self) -> int:
        return int(self._one("SELECT COALESCE(SUM(use_count), 0) FROM stats")[0])

    def examples(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill name, task)] examples, oldest first."""
        if name is None:
            return [(n, t) for n, t in self._rows("SELECT name, task FROM examples ORDER BY name, created_at, rowid")]
        return [(n, t) for n, t in self._rows("SELECT name, task FROM examples WHERE name = ? "
                                                "ORDER BY created_at, rowid", (name,))]

    def add_examples(self, pairs: Sequence[tuple[str, str]], *, score: float = 10.0) -> int:
        """Store tasks as examples without counting a use (bulk learning). Returns rows added."""
        now = now_iso()
        with self.transaction() as db:
            before = db.total_changes
            kept = [(n, t.strip()) for n, t in pairs if t.strip()]
            db.executemany("INSERT OR IGNORE INTO examples VALUES (?, ?, ?, ?)", [(n, t, score, now) for n, t in kept])
            db.executemany("DELETE FROM misfits WHERE name = ? AND task = ?", kept)  # the latest verdict wins
            self._bump(db)
            return db.total_changes - before

    # ------------------------------------------------------------ imports

    def set_origin(self, name: str, origin: str, input_hash: str) -> None:
        with self.transaction() as db:
            db.execute("INSERT OR REPLACE INTO imports VALUES (?, ?, ?)", (name, origin, input_hash))

    def origin(self, name: str) -> tuple[str, str] | None:
        found = self._one("SELECT origin, input_hash FROM imports WHERE name = ?", (name,))
        return (found[0], found[1]) if found else None

    def origins(self) -> dict[str, tuple[str, str]]:
        """name -> (import origin, input hash) of every imported skill."""
        return {n: (o, h) for n, o, h in self._rows("SELECT name, origin, input_hash FROM imports")}

    # ------------------------------------------------------------ a lost or damaged file

    @classmethod
    def open(cls, path: Path, *, repair: bool = False, files_exist: Callable[[], bool] = lambda: False) -> Ledger:
        """Open (or create) the ledger. A damaged one raises :class:`LedgerDamagedError`, or
        with ``repair`` is checked (``PRAGMA quick_check``) and rebuilt (:meth:`rebuild`). A
        missing one beside existing skill folders is noted as lost (``notes()``)."""
        ledger: Ledger | None = None
        try:
            ledger = cls(path)
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
    def loss_note(reason: str, lost: Sequence[str] = ("stats", "examples", "misfits", "earlier_records",
                                                      "judged_pairs", "versions", "meta")) -> dict[str, Any]:
        """The note kept when the ledger had to start again (statuses, findings and import
        origins come back from the skill folders' sidecars; see ``store``)."""
        return {"at": now_iso(), "reason": reason, "lost": [HOLDS[t] for t in lost]}

    @classmethod
    def rebuild(cls, path: Path, why: str) -> Ledger:
        """Set a damaged ledger aside (``skillrouter.db.damaged-*``, kept for the user) and
        start a new one holding every row still readable in it. The new ledger's
        ``notes()["ledger_rebuilt"]`` says what was salvaged and what was lost."""
        rows, broken = cls.salvage(path)
        aside = path.with_name(f"{path.name}.damaged-{now_iso().replace(':', '')}")
        for suffix in ("", "-wal", "-shm"):
            if Path(f"{path}{suffix}").exists():
                Path(f"{path}{suffix}").replace(f"{aside}{suffix}")
        ledger = cls(path)
        kept = ledger.restore_rows(rows)
        note = cls.loss_note(f"{path.name} was damaged: {why}", sorted(broken))
        note["lost"] = [f"{what} ({f'partly: {kept[t]} rows read' if kept.get(t) else 'all'})"
                        for t, what in zip(sorted(broken), note["lost"])]
        ledger.note("ledger_rebuilt", note | {"kept_at": str(aside), "salvaged": {t: n for t, n in kept.items() if n}})
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
                    row = {k: v for k, v in row.items() if k in have} | ({"file_sig": ""} if table == "skills" else {})
                    try:
                        db.execute(f"INSERT OR REPLACE INTO {table} ({', '.join(row)}) "
                                   f"VALUES ({', '.join('?' * len(row))})", list(row.values()))
                        kept[table] += 1
                    except sqlite3.Error:
                        continue  # a row of the wrong shape: leave it behind
        return kept


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
