"""The store: one folder holding skill files (the source of truth) and a SQLite ledger.

Layout of a store folder::

    skills/<name>/SKILL.md       human-editable skill, Agent Skills format
    skills/<name>/references/..  its Level 2 files (scripts/, templates/, assets/ too)
    skillrouter.db               SQLite (WAL): outcome statistics, version history,
                                 task examples, status (quarantined/retired), counters
    chroma/                      the embedded index (derived data, see ``index``)
    cache/embeddings.db          the embedding cache

Statistics live in SQLite so that :meth:`Store.record_outcome` is one transaction: several
processes recording at once lose no update, and the average is the exact mean of the
recorded scores (a running sum, not a floating running mean).

File writes are atomic: a skill folder is written beside its final place and renamed in,
so a crash leaves the old skill or the new one, never half of either.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import stat
import tempfile
import threading
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from filelock import FileLock

from skillrouter.errors import (
    SkillExistsError,
    SkillFormatError,
    SkillNotFoundError,
    SkillRouterError,
    StoreError,
    UnsafePathError,
)
from skillrouter.skill import Skill, SkillSummary, level0_text, now_iso, validate_name, validate_score
from skillrouter.skillmd import parse_skill_md, render_skill_md

Status = Literal["active", "quarantined", "retired"]
STATUSES: tuple[Status, ...] = ("active", "quarantined", "retired")
LEVEL2_DIRS = ("references", "scripts", "templates", "assets")
ENV_HOME = "SKILLROUTER_HOME"
DEFAULT_HOME = ".skillrouter"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS skills (
    name TEXT PRIMARY KEY,
    file_hash TEXT NOT NULL,
    file_sig TEXT NOT NULL,
    level0 TEXT NOT NULL,
    source TEXT,
    status TEXT NOT NULL DEFAULT 'active',
    findings TEXT NOT NULL DEFAULT '[]',
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stats (
    name TEXT PRIMARY KEY,
    use_count INTEGER NOT NULL DEFAULT 0,
    score_sum REAL NOT NULL DEFAULT 0,
    last_score REAL,
    last_used TEXT
);
CREATE TABLE IF NOT EXISTS versions (
    name TEXT NOT NULL,
    version INTEGER NOT NULL,
    content TEXT NOT NULL,
    reason TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (name, version)
);
CREATE TABLE IF NOT EXISTS examples (
    name TEXT NOT NULL,
    task TEXT NOT NULL,
    score REAL NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (name, task)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS imports (
    name TEXT PRIMARY KEY,
    origin TEXT NOT NULL,
    input_hash TEXT NOT NULL
);
"""


def resolve_home(store: str | Path | None = None) -> Path:
    """``--store`` if given, else ``$SKILLROUTER_HOME``, else ``./.skillrouter``."""
    if store is not None:
        return Path(store)
    return Path(os.environ.get(ENV_HOME) or DEFAULT_HOME)


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: str | bytes) -> None:
    """Write to a temp file in the same folder, fsync, rename over ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


def safe_relpath(relpath: str) -> PurePosixPath:
    """A relative path that stays inside its folder, or :class:`UnsafePathError`."""
    if not relpath or "\x00" in relpath:
        raise UnsafePathError(f"invalid path {relpath!r}")
    pure = PurePosixPath(relpath.replace("\\", "/"))
    if pure.is_absolute() or any(part == ".." for part in pure.parts) or pure.parts[:1] == ("",):
        raise UnsafePathError(f"path {relpath!r} leaves the skill folder")
    return pure


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


class Store:
    """A skill store folder. Opening creates it unless ``create=False``."""

    def __init__(self, path: str | Path | None = None, *, create: bool = True) -> None:
        self.path = resolve_home(path).expanduser().resolve()
        if not (self.path / "skills").is_dir():
            if not create:
                raise StoreError(f"no skill store at {self.path} (create one with 'skillrouter add' or "
                                 f"'skillrouter import', or point --store / {ENV_HOME} at one)")
            try:
                (self.path / "skills").mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise StoreError(f"cannot create a store at {self.path}: {err.strerror}") from None
        self.skills_dir = self.path / "skills"
        self.db_path = self.path / "skillrouter.db"
        self._local = threading.local()
        self._write_lock = FileLock(str(self.path / "store.lock"), timeout=120)
        self._db.executescript(_SCHEMA)
        with self._tx() as db:
            db.execute("INSERT OR IGNORE INTO meta VALUES ('store_id', ?)", (uuid.uuid4().hex,))
        with self._write_lock:  # another process may be mid-add: its staging folder is not debris
            self._recover()

    @property
    def store_id(self) -> str:
        """A random id made when the store was created (names its Chroma collection)."""
        return str(self._db.execute("SELECT value FROM meta WHERE key = 'store_id'").fetchone()[0])

    # ------------------------------------------------------------ SQLite

    @property
    def _db(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            try:
                db = sqlite3.connect(self.db_path, timeout=60, isolation_level=None)
            except sqlite3.Error as err:
                raise StoreError(f"cannot open {self.db_path}: {err}") from None
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA busy_timeout=60000")
            self._local.db = db
        return db

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        db = self._db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    # ------------------------------------------------------------ files

    def skill_dir(self, name: str) -> Path:
        validate_name(name)
        return self.skills_dir / name

    def _recover(self) -> None:
        """Finish or undo a replace that a crash interrupted (see :meth:`_swap_in`)."""
        for trash in self.skills_dir.glob(".old-*"):
            name = trash.name.split("-", 2)[2] if trash.name.count("-") >= 2 else ""
            final = self.skills_dir / name.rsplit(".", 1)[0] if name else None
            if final is not None and not final.exists() and (trash / "SKILL.md").exists():
                os.replace(trash, final)
            else:
                shutil.rmtree(trash, ignore_errors=True)
        for tmp in (*self.skills_dir.glob(".new-*"), *self.skills_dir.glob(".del-*")):
            shutil.rmtree(tmp, ignore_errors=True)

    def _swap_in(self, name: str, staged: Path) -> None:
        final = self.skills_dir / name
        if final.exists():
            old = self.skills_dir / f".old-{uuid.uuid4().hex[:8]}-{name}.d"
            os.replace(final, old)
            try:
                os.replace(staged, final)
            except BaseException:
                os.replace(old, final)  # put the old skill back: it must not vanish until a reopen
                raise
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(staged, final)
        _fsync_dir(self.skills_dir)

    def names(self) -> list[str]:
        """Names of the skills on disk, sorted."""
        return sorted(p.name for p in self.skills_dir.iterdir()
                      if not p.name.startswith(".") and (p / "SKILL.md").is_file())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (self.skills_dir / name / "SKILL.md").is_file()

    def __len__(self) -> int:
        return len(self.names())

    def _file_sig(self, path: Path) -> str:
        st = path.stat()
        return f"{st.st_mtime_ns}:{st.st_size}"

    def read_file_skill(self, name: str) -> tuple[Skill, str, str]:
        """(skill from its SKILL.md, sha256 of the file, stat signature)."""
        path = self.skill_dir(name) / "SKILL.md"
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise SkillNotFoundError(name) from None
        skill = parse_skill_md(raw, path=path)
        if skill.name != name:
            raise SkillFormatError(f"name {skill.name!r} differs from its folder {name!r}", path=path, field="name")
        return skill, hashlib.sha256(raw).hexdigest(), self._file_sig(path)

    # ------------------------------------------------------------ the ledger

    def _upsert_row(self, db: sqlite3.Connection, skill: Skill, file_hash: str, sig: str, *,
                    reason: str, content: str, status: Status | None = None,
                    findings: list[dict[str, Any]] | None = None) -> int:
        """Record a new content of ``skill`` (row + version). Returns the version number."""
        row = db.execute("SELECT file_hash, version, status, findings, created_at FROM skills WHERE name = ?",
                         (skill.name,)).fetchone()
        procedure = " ".join(skill.procedure.split()).lower()
        level0 = json.dumps(skill.summary().to_dict() | {
            "lexical_text": skill.lexical_text(),
            "procedure_hash": sha256_text(procedure)[:16] if procedure else None,
        })
        now = now_iso()
        if row is None:  # new, or back after its folder was removed by hand: history continues
            last = db.execute("SELECT MAX(version) FROM versions WHERE name = ?", (skill.name,)).fetchone()[0]
            version = (last or 0) + 1
            db.execute(
                "INSERT INTO skills (name, file_hash, file_sig, level0, source, status, findings, version, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (skill.name, file_hash, sig, level0, skill.source, status or "active",
                 json.dumps(findings or []), version, skill.created_at or now, now),
            )
            db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (skill.name,))
        else:
            version = row[1] + (0 if row[0] == file_hash else 1)
            db.execute(
                "UPDATE skills SET file_hash = ?, file_sig = ?, level0 = ?, source = ?, status = ?, "
                "findings = ?, version = ?, updated_at = ? WHERE name = ?",
                (file_hash, sig, level0, skill.source, status or row[2],
                 json.dumps(findings) if findings is not None else row[3], version, now, skill.name),
            )
        _bump(db)
        if row is None or row[0] != file_hash:
            db.execute("INSERT OR REPLACE INTO versions VALUES (?, ?, ?, ?, ?)",
                       (skill.name, version, content, reason, now))
        return version

    def add(
        self,
        skill: Skill,
        *,
        replace_existing: bool = False,
        files: Mapping[str, bytes] | None = None,
        files_from: Path | None = None,
        reason: str = "add",
        status: Status | None = None,
        findings: list[dict[str, Any]] | None = None,
        stats: tuple[int, float | None] | None = None,
        origin: tuple[str, str] | None = None,
    ) -> Skill:
        """Write ``skill`` (and its Level 2 files) into the store; returns it as stored.

        ``files`` maps relative paths to bytes; ``files_from`` copies a skill folder's
        Level 2 files (everything but SKILL.md; links are not followed). Without either, a
        replaced skill keeps the Level 2 files it had. ``stats`` seeds (use_count,
        avg_score) for a new skill (JSON imports carry them).
        """
        name = skill.name
        with self._write_lock:
            exists = name in self
            if exists and not replace_existing:
                raise SkillExistsError(name)
            now = now_iso()
            if exists:
                try:
                    prior, _, _ = self.read_file_skill(name)
                    created = prior.created_at or now
                except SkillFormatError:  # a broken hand edit: replacing (or restoring) is the fix
                    row = self._db.execute("SELECT created_at FROM skills WHERE name = ?", (name,)).fetchone()
                    created = row[0] if row else now
            else:
                created = skill.created_at or now
            stored = replace(skill, created_at=created, updated_at=now)
            content = render_skill_md(stored)
            staged = Path(tempfile.mkdtemp(dir=self.skills_dir, prefix=f".new-{name}-"))
            try:
                if files_from is not None:
                    _copy_level2(files_from, staged)
                elif files is None and exists:
                    _copy_level2(self.skills_dir / name, staged)
                for rel, data in (files or {}).items():
                    target = staged / safe_relpath(rel)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
                atomic_write(staged / "SKILL.md", content)
                file_hash = hashlib.sha256(content.encode("utf-8")).hexdigest()
                with self._tx() as db:
                    version = self._upsert_row(db, stored, file_hash, "", reason=reason, content=content,
                                               status=status, findings=findings)
                    if stats is not None and not exists and stats[0] > 0 and stats[1] is not None:
                        db.execute("UPDATE stats SET use_count = ?, score_sum = ? WHERE name = ?",
                                   (stats[0], stats[0] * stats[1], name))
                    if origin is not None:
                        db.execute("INSERT OR REPLACE INTO imports VALUES (?, ?, ?)", (name, *origin))
                    self._swap_in(name, staged)
                    db.execute("UPDATE skills SET file_sig = ? WHERE name = ?",
                               (self._file_sig(self.skills_dir / name / "SKILL.md"), name))
            finally:
                if staged.exists():
                    shutil.rmtree(staged, ignore_errors=True)
        return replace(stored, version=version)

    def update(self, skill: Skill, *, reason: str) -> Skill:
        """Replace the content of an existing skill, keeping its files and statistics."""
        if skill.name not in self:
            raise SkillNotFoundError(skill.name)
        return self.add(skill, replace_existing=True, reason=reason)

    def delete(self, name: str) -> None:
        """Remove a skill's files and its ledger rows (history included)."""
        with self._write_lock:
            folder = self.skill_dir(name)
            if not folder.exists():
                raise SkillNotFoundError(name)
            trash = self.skills_dir / f".del-{uuid.uuid4().hex[:8]}"
            os.replace(folder, trash)
            with self._tx() as db:
                for table in ("skills", "stats", "versions", "examples", "imports"):
                    db.execute(f"DELETE FROM {table} WHERE name = ?", (name,))
                _bump(db)
            shutil.rmtree(trash, ignore_errors=True)

    def get(self, name: str) -> Skill:
        """Level 1: the full skill with its statistics and status."""
        skill, file_hash, sig = self.read_file_skill(name)
        row = self._db.execute("SELECT file_hash, version, status FROM skills WHERE name = ?", (name,)).fetchone()
        if row is None or row[0] != file_hash:
            with self._write_lock, self._tx() as db:  # edited by hand, or new on disk: record it
                self._upsert_row(db, skill, file_hash, sig, reason="edited on disk",
                                 content=(self.skill_dir(name) / "SKILL.md").read_text("utf-8"))
            row = self._db.execute("SELECT file_hash, version, status FROM skills WHERE name = ?",
                                   (name,)).fetchone()
        out = self.outcome(name)
        return replace(skill, version=row[1], status=row[2], use_count=out.use_count, avg_score=out.avg_score)

    def summary(self, name: str) -> SkillSummary:
        return self.get(name).summary()

    # ------------------------------------------------------------ sync of files and ledger

    def records(self, *, refresh: bool = True) -> dict[str, Record]:
        """Every skill's ledger record. With ``refresh``, files changed on disk since they were
        last read are parsed again, new folders are recorded and vanished ones dropped
        (their statistics go with them). A file that fails to parse keeps its last good
        record and is reported by :meth:`check`."""
        if refresh:
            self.refresh()
        return self._records("")

    def records_for(self, names: list[str]) -> dict[str, Record]:
        """Ledger records of just these skills (the router's hot path: no file reads)."""
        if not names:
            return {}
        return self._records(f"WHERE s.name IN ({','.join('?' * len(names))})", names)

    def _records(self, where: str, args: list[str] | None = None) -> dict[str, Record]:
        rows = self._db.execute(
            "SELECT s.name, s.level0, s.file_hash, s.source, s.status, s.findings, s.version, "
            f"t.use_count, t.score_sum FROM skills s LEFT JOIN stats t ON t.name = s.name {where} ORDER BY s.name",
            args or [],
        ).fetchall()
        out: dict[str, Record] = {}
        for name, level0, file_hash, source, status, findings, version, uses, total in rows:
            data = json.loads(level0)
            summary = SkillSummary(
                name=name, description=data["description"], task_type=data["task_type"], tags=tuple(data["tags"]),
                use_count=uses or 0, avg_score=(total / uses) if uses else None, status=status,
            )
            out[name] = Record(summary, file_hash, source, tuple(json.loads(findings)), version)
        return out

    def total_uses(self) -> int:
        return int(self._db.execute("SELECT COALESCE(SUM(use_count), 0) FROM stats").fetchone()[0])

    def level0_texts(self) -> dict[str, str]:
        """name -> the Level 0 text the index embeds (from the ledger, no file reads)."""
        rows = self._db.execute("SELECT name, level0 FROM skills").fetchall()
        return {name: level0_text(name, json.loads(blob)["description"]) for name, blob in rows}

    def lexical_texts(self) -> dict[str, str]:
        """name -> the text the keyword index reads (Level 0 text + start of the body).

        From the ledger; a row written before the keyword index existed has no copy, and
        its SKILL.md is read instead (its Level 0 text if that fails).
        """
        out: dict[str, str] = {}
        for name, blob in self._db.execute("SELECT name, level0 FROM skills").fetchall():
            data = json.loads(blob)
            text = data.get("lexical_text")
            if text is None:
                try:
                    text = self.read_file_skill(name)[0].lexical_text()
                except SkillRouterError:
                    text = level0_text(name, data["description"])
            out[name] = text
        return out

    def procedure_hashes(self) -> dict[str, str]:
        """name -> hash of the whitespace-normalised procedure, for skills that have one."""
        rows = self._db.execute("SELECT name, level0 FROM skills").fetchall()
        out = {name: json.loads(level0).get("procedure_hash") for name, level0 in rows}
        return {k: v for k, v in out.items() if v}

    def refresh(self) -> list[tuple[str, str]]:
        """Bring the ledger in line with the files. Returns [(name, problem)] for files that
        cannot be read (they are left as they were)."""
        problems: list[tuple[str, str]] = []

        def scan() -> tuple[dict[str, Path], list[str], list[str]]:
            # one stat per skill: this runs before every route, so it must stay cheap
            sigs: dict[str, str] = {}
            with os.scandir(self.skills_dir) as entries:
                for entry in entries:
                    if entry.name.startswith("."):
                        continue
                    try:
                        st = os.stat(os.path.join(entry.path, "SKILL.md"))
                    except (FileNotFoundError, NotADirectoryError):
                        continue
                    if stat.S_ISREG(st.st_mode):
                        sigs[entry.name] = f"{st.st_mtime_ns}:{st.st_size}"
            on_disk = {name: self.skills_dir / name for name in sigs}
            rows = {n: sig for n, sig in self._db.execute("SELECT name, file_sig FROM skills").fetchall()}
            stale = [n for n, sig in sigs.items() if rows.get(n) != sig]
            return on_disk, stale, [n for n in rows if n not in on_disk]

        on_disk, stale, gone = scan()
        if not stale and not gone:
            return problems
        with self._write_lock:
            # look again: a skill another process was replacing is briefly off disk, and
            # dropping it as gone would throw away its statistics
            on_disk, stale, gone = scan()
            for name in stale:
                try:
                    skill, file_hash, sig = self.read_file_skill(name)
                except (SkillFormatError, UnsafePathError) as err:
                    problems.append((name, str(err)))
                    continue
                with self._tx() as db:
                    content = (on_disk[name] / "SKILL.md").read_text("utf-8", errors="replace")
                    self._upsert_row(db, skill, file_hash, sig, reason="edited on disk", content=content)
            if gone:
                with self._tx() as db:
                    for name in gone:
                        for table in ("skills", "stats", "examples", "imports"):
                            db.execute(f"DELETE FROM {table} WHERE name = ?", (name,))
                    _bump(db)
        return problems

    # ------------------------------------------------------------ outcomes

    def record_outcome(self, name: str, score: float, *, task: str | None = None,
                       example_min_score: float = 7.0, max_examples: int = 200) -> Outcome:
        """Record that ``name`` was used and scored ``score`` (1-10), in one transaction.

        With ``task`` and a score of at least ``example_min_score``, the task is kept as an
        example of when the skill applies (at most ``max_examples`` per skill, newest kept).
        """
        value = validate_score(score)
        if name not in self:
            raise SkillNotFoundError(name)
        now = now_iso()
        with self._tx() as db:
            db.execute("INSERT OR IGNORE INTO stats (name) VALUES (?)", (name,))
            db.execute(
                "UPDATE stats SET use_count = use_count + 1, score_sum = score_sum + ?, last_score = ?, "
                "last_used = ? WHERE name = ?",
                (value, value, now, name),
            )
            if task and task.strip() and value >= example_min_score:
                db.execute("INSERT OR REPLACE INTO examples VALUES (?, ?, ?, ?)", (name, task.strip(), value, now))
                _bump(db)
                db.execute(
                    "DELETE FROM examples WHERE name = ? AND rowid NOT IN (SELECT rowid FROM examples "
                    "WHERE name = ? ORDER BY created_at DESC, rowid DESC LIMIT ?)",
                    (name, name, max_examples),
                )
        return self.outcome(name)

    def outcome(self, name: str) -> Outcome:
        row = self._db.execute("SELECT use_count, score_sum, last_score, last_used FROM stats WHERE name = ?",
                               (name,)).fetchone()
        if row is None:
            return Outcome(name, 0, None, None, None)
        uses, total, last, when = row
        return Outcome(name, uses, (total / uses) if uses else None, last, when)

    def examples(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill name, task)] examples, oldest first."""
        if name is None:
            rows = self._db.execute("SELECT name, task FROM examples ORDER BY name, created_at, rowid").fetchall()
        else:
            rows = self._db.execute("SELECT name, task FROM examples WHERE name = ? ORDER BY created_at, rowid",
                                    (name,)).fetchall()
        return [(n, t) for n, t in rows]

    def add_examples(self, pairs: list[tuple[str, str]], *, score: float = 10.0) -> int:
        """Store tasks as examples without counting a use (bulk learning). Returns rows added."""
        now = now_iso()
        with self._tx() as db:
            before = db.total_changes
            db.executemany("INSERT OR IGNORE INTO examples VALUES (?, ?, ?, ?)",
                           [(n, t.strip(), score, now) for n, t in pairs if t.strip()])
            _bump(db)
            return db.total_changes - before

    # ------------------------------------------------------------ status, history

    def set_status(self, name: str, status: Status, *, findings: list[dict[str, Any]] | None = None) -> None:
        if status not in STATUSES:
            raise SkillFormatError(f"unknown status {status!r}; expected one of {', '.join(STATUSES)}",
                                   field="status")
        self.get(name)  # makes sure the row exists and the file parses
        with self._tx() as db:
            if findings is None:
                db.execute("UPDATE skills SET status = ? WHERE name = ?", (status, name))
            else:
                db.execute("UPDATE skills SET status = ?, findings = ? WHERE name = ?",
                           (status, json.dumps(findings), name))

    def findings(self, name: str) -> list[dict[str, Any]]:
        row = self._db.execute("SELECT findings FROM skills WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise SkillNotFoundError(name)
        return list(json.loads(row[0]))

    def history(self, name: str) -> list[Version]:
        if name not in self:
            raise SkillNotFoundError(name)
        rows = self._db.execute("SELECT version, reason, created_at, content FROM versions WHERE name = ? "
                                "ORDER BY version", (name,)).fetchall()
        return [Version(name, v, r, c, body) for v, r, c, body in rows]

    def restore(self, name: str, version: int) -> Skill:
        """Make an earlier version current again (as a new version; nothing is lost)."""
        for old in self.history(name):
            if old.version == version:
                skill = parse_skill_md(old.content, path=f"{name} version {version}")
                return self.add(skill, replace_existing=True, reason=f"restore version {version}")
        raise SkillFormatError(f"skill {name!r} has no version {version}", field="version")

    # ------------------------------------------------------------ counters

    def counter(self, key: str) -> int:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return int(row[0]) if row else 0

    def increment(self, key: str, by: int = 1) -> int:
        with self._tx() as db:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            value = (int(row[0]) if row else 0) + by
            db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, str(value)))
        return value

    def set_origin(self, name: str, origin: str, input_hash: str) -> None:
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO imports VALUES (?, ?, ?)", (name, origin, input_hash))

    def origins(self) -> dict[str, tuple[str, str]]:
        """name -> (import origin, input hash) of every imported skill."""
        return {n: (o, h) for n, o, h in self._db.execute("SELECT name, origin, input_hash FROM imports")}

    def generation(self) -> int:
        """A number that changes whenever what the index holds must change."""
        return self.counter("generation")

    # ------------------------------------------------------------ Level 2

    def list_files(self, name: str) -> list[str]:
        """Level 2: relative paths of the files beside SKILL.md (links are not listed)."""
        folder = self.skill_dir(name)
        if not (folder / "SKILL.md").is_file():
            raise SkillNotFoundError(name)
        out = []
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not Path(root, d).is_symlink())
            for fname in sorted(files):
                full = Path(root, fname)
                if full.is_symlink() or (Path(root) == folder and fname == "SKILL.md"):
                    continue
                out.append(full.relative_to(folder).as_posix())
        return out

    def read_file(self, name: str, relpath: str) -> bytes:
        """Level 2: one file by relative path. Paths (or links) leaving the folder are refused."""
        folder = self.skill_dir(name)
        if not (folder / "SKILL.md").is_file():
            raise SkillNotFoundError(name)
        target = (folder / safe_relpath(relpath)).resolve()
        if not target.is_relative_to(folder.resolve()):
            raise UnsafePathError(f"path {relpath!r} leaves the folder of skill {name!r}")
        if not target.is_file():
            raise SkillFormatError(f"skill {name!r} has no file {relpath!r}", field="path")
        return target.read_bytes()


def _bump(db: sqlite3.Connection) -> None:
    db.execute("INSERT INTO meta VALUES ('generation', '1') ON CONFLICT(key) DO UPDATE "
               "SET value = CAST(value AS INTEGER) + 1")


def _copy_level2(src: Path, dst: Path) -> None:
    """Copy everything beside SKILL.md, not following links and skipping dot-entries."""
    for root, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(".") and not Path(root, d).is_symlink()]
        rel_root = Path(root).relative_to(src)
        for fname in files:
            full = Path(root, fname)
            if full.is_symlink() or fname.startswith(".") or (rel_root == Path(".") and fname == "SKILL.md"):
                continue
            target = dst / rel_root / fname
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(full, target)
