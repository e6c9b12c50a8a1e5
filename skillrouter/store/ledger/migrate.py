"""Moving a store's ledger from one backend to the other: ``skillrouter migrate``.

    skillrouter migrate --from DIR --to postgresql://...   # the store's skillrouter.db into a team database
    skillrouter migrate --from postgresql://... --to DIR   # and back: DIR's ledger is SQLite again

:func:`migrate_ledger` copies every table (:data:`~.schema.TABLES`: statistics, examples,
misfits, versions, statuses with trust levels, findings and scan hashes, import origins, earlier
records, judged pairs, and meta: the store id, the counters, the generation, the notes) row by
row through the two backends: the source read inside a transaction of its own (no writer
changes it mid-copy: SQLite's ``BEGIN IMMEDIATE``, PostgreSQL's exclusive ledger lock), the
target written in one transaction, which first reads back every table it wrote and compares
it with what was read (rows, in order, and a digest of each table): any difference rolls the
whole copy back. A target that already holds skills is refused unless ``replace``.

:func:`migrate` is the command's part: it opens the two ends (a folder or a ``postgresql://``
URL), holds each folder's write lock while it runs, and moves the skills' files with the rows
(:mod:`.migrate_files`: into the database from the folder, out of it into the folder, in the
same target transaction). A team database that holds some skill's rows but not its files (a
ledger moved there before team mode kept files) is moved into a folder only if that folder holds
those skills already (a store drops the rows of a folder that is gone, statistics with them).

Rows are read in a fixed order: the tables the ledger orders by ``rowid`` (examples, misfits,
earlier records, judged pairs: which example is newest) in that order, which the target keeps
(SQLite's ``rowid``, PostgreSQL's ``seq``, numbered as written); the others by primary key,
sorted here (the two databases collate text differently).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from skillrouter.errors import StoreError
from skillrouter.skill import now_iso
from skillrouter.store.ledger import Ledger
from skillrouter.store.ledger.migrate_files import files_part, legacy_names
from skillrouter.store.ledger.postgres_schema import COLUMNS, SEQUENCED
from skillrouter.store.ledger.schema import TABLES

__all__ = ["Migration", "is_url", "ledger_contents", "migrate", "migrate_ledger", "where"]

Rows = dict[str, list[tuple[Any, ...]]]


@dataclass(frozen=True)
class Migration:
    """What :func:`migrate_ledger` moved: per table, its rows and the digest of its contents
    (the same on both ends, verified before the target committed)."""

    source: str
    target: str
    tables: dict[str, dict[str, Any]]
    replaced: int  # skills the target's ledger held before (0 unless ``replace``)
    generation: int
    seconds: float
    set_aside: str | None = None  # a replaced SQLite ledger, kept here (see :func:`migrate`)
    hint: str = field(default="")

    def to_dict(self) -> dict[str, Any]:
        return {
            "from": self.source,
            "to": self.target,
            "tables": self.tables,
            "skills": self.tables["skills"]["rows"],
            "replaced": self.replaced,
            "set_aside": self.set_aside,
            "generation": self.generation,
            "verified": True,
            "seconds": round(self.seconds, 3),
            "hint": self.hint,
        }


def where(ledger: Ledger) -> str:
    """The ledger's file, or its URL with the password hidden."""
    return ledger.where


def _select(table: str) -> str:
    columns, key = COLUMNS[table]
    order = "rowid" if table in SEQUENCED else ", ".join(key)
    return f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}"


def _read(fetch: Callable[[str], list[Any]]) -> Rows:
    """Every table's rows in the order :func:`digest` is taken in (see the module docstring)."""
    out: Rows = {}
    for table in TABLES:
        rows = [tuple(r) for r in fetch(_select(table))]
        if table not in SEQUENCED:
            width = len(COLUMNS[table][1])
            rows.sort(key=lambda r: r[:width])  # the key columns lead each table's columns
        out[table] = rows
    return out


def digest(rows: Sequence[tuple[Any, ...]]) -> str:
    """sha256 of a table's rows (JSON: an integer and a float of the same value differ)."""
    text = json.dumps([list(r) for r in rows], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ledger_contents(ledger: Ledger) -> Rows:
    """Every table of ``ledger``, as :func:`migrate_ledger` compares them (for checks and tests)."""
    return _read(ledger._rows)


def _generation(source: Rows, before: Rows) -> int:
    """The generation the target gets: the source's, unless the target had one as high with
    other contents (a process that read the target then must see that it changed)."""

    def of(rows: Rows) -> int:
        return next((int(v) for k, v in rows["meta"] if k == "generation"), 0)

    def rest(rows: Rows) -> Rows:
        return rows | {"meta": [r for r in rows["meta"] if r[0] != "generation"]}

    new, old = of(source), of(before)
    if new > old or (new == old and rest(source) == rest(before)):
        return new
    return old + 1


def migrate_ledger(
    source: Ledger, target: Ledger, *, replace: bool = False, files: Callable[[], None] | None = None
) -> Migration:
    """Copy every row of ``source`` into ``target`` (see the module docstring); returns what was
    moved. :class:`StoreError` (nothing written) when ``target`` holds skills and not
    ``replace``, when the two are one ledger, or when what the target reads back differs.
    ``files``: what else to write inside the target's transaction (the skills' files, see
    :func:`migrate`), after the rows and before they are read back; it fails the whole copy
    by raising."""
    start = time.monotonic()
    if where(source) == where(target):
        raise StoreError(f"--from and --to are the same ledger ({where(source)})")
    with source.transaction() as src, target.transaction() as db:  # the source held until the target commits
        rows = _read(lambda sql: src.execute(sql).fetchall())
        before = _read(lambda sql: db.execute(sql).fetchall())
        held = len(before["skills"])
        if held and not replace:
            raise StoreError(
                f"the ledger {where(target)} already holds {held} skill{'s' if held != 1 else ''}: "
                f"nothing was written (--replace replaces its rows with those of {where(source)})"
            )
        generation = _generation(rows, before)
        rows["meta"] = sorted(
            [r for r in rows["meta"] if r[0] != "generation"]
            + ([("generation", str(generation))] if generation else [])
        )
        for table in TABLES:
            db.execute(f"DELETE FROM {table}")
        for table in TABLES:
            columns = COLUMNS[table][0]
            if rows[table]:
                db.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                    rows[table],
                )
        if files is not None:
            files()
        written = _read(lambda sql: db.execute(sql).fetchall())
        for table in TABLES:
            if written[table] != rows[table]:
                raise StoreError(
                    f"the copy of table {table} into {where(target)} reads back differently "
                    f"({len(rows[table])} rows read, {len(written[table])} written): rolled back, "
                    f"nothing written"
                )
    tables = {t: {"rows": len(rows[t]), "digest": digest(rows[t])} for t in TABLES}
    return Migration(where(source), where(target), tables, held, generation, time.monotonic() - start)


# ------------------------------------------------------------ the command's part: folders and URLs


def is_url(text: str) -> bool:
    """Whether ``text`` names a database (a URL: ``postgresql://``) rather than a store folder."""
    return "://" in text


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """The store's write lock (``store.lock``, as :class:`~skillrouter.store.Store` takes it)."""
    lock = FileLock(str(folder / "store.lock"), timeout=120)
    try:
        lock.acquire()
    except Timeout:
        raise StoreError(
            f"another process has held the store {folder}'s write lock for 2 minutes: "
            f"let it finish, then run migrate again"
        ) from None
    try:
        yield
    finally:
        lock.release()


def _open_url(url: str) -> Ledger:
    from skillrouter.store.store import open_team_ledger

    return open_team_ledger(url)


def _source_folder(text: str) -> Path:
    folder = Path(text).expanduser().resolve()
    if not folder.is_dir():
        raise StoreError(f"--from {text}: no such store folder (nor a postgresql:// URL)")
    if not (folder / "skillrouter.db").is_file():
        raise StoreError(
            f"--from {text} is not a store: it has no skillrouter.db (its ledger may already be in a "
            f"team database: migrate --from postgresql://...)"
        )
    return folder


def _target_folder(text: str) -> Path:
    """A store folder to move a library into: an existing store, or a new (or empty) folder,
    made a store here."""
    folder = Path(text).expanduser().resolve()
    if folder.exists() and not folder.is_dir():
        raise StoreError(f"--to {text} is a file, not a store folder")
    if not (folder / "skills").is_dir():
        if folder.is_dir() and any(folder.iterdir()):
            raise StoreError(
                f"--to {text} is not a store folder (no skills/ in it) and not empty: name a store, or a "
                f"new folder"
            )
        try:
            (folder / "skills").mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(f"cannot make a store at {text}: {err.strerror}") from None
    return folder


def _missing_folders(ledger: Ledger, folder: Path) -> list[str]:
    names = [r[0] for r in ledger._rows("SELECT name FROM skills")]
    return sorted(n for n in names if not (folder / "skills" / n / "SKILL.md").is_file())


def _set_aside(path: Path) -> Path:
    """A copy of the SQLite ledger about to be replaced (``skillrouter.db.replaced-*``)."""
    aside = path.with_name(f"{path.name}.replaced-{now_iso().replace(':', '')}")
    old, copy = sqlite3.connect(path), sqlite3.connect(aside)
    try:
        old.backup(copy)
    finally:
        old.close()
        copy.close()
    return aside


def migrate(source: str, target: str, *, replace: bool = False) -> Migration:
    """``skillrouter migrate --from SOURCE --to TARGET``: each a store folder or a
    ``postgresql://`` URL. Returns what moved, with the hint of what to run next."""
    if source == target:
        raise StoreError(f"--from and --to are the same ({source})")
    for text in (source, target):
        if is_url(text):
            from skillrouter.store.ledger.postgres import check_url

            check_url(text)
    src_dir = None if is_url(source) else _source_folder(source)
    dst_dir = None if is_url(target) else _target_folder(target)
    if src_dir is not None and src_dir == dst_dir:
        raise StoreError(f"--from and --to are the same store ({src_dir})")
    with ExitStack() as stack:
        for folder in sorted({d for d in (src_dir, dst_dir) if d is not None}):
            stack.enter_context(_locked(folder))
        src = _open_url(source) if src_dir is None else Ledger(src_dir / "skillrouter.db")
        stack.callback(src.close)
        new_file = dst_dir is not None and not (dst_dir / "skillrouter.db").exists()
        dst = _open_url(target) if dst_dir is None else Ledger(dst_dir / "skillrouter.db")
        stack.callback(dst.close)
        aside = None
        try:
            if dst_dir is not None:
                if missing := [n for n in _missing_folders(src, dst_dir) if n in legacy_names(src)]:
                    raise StoreError(
                        f"{len(missing)} skill{'s' if len(missing) != 1 else ''} of {where(src)} "
                        f"{'have' if len(missing) != 1 else 'has'} no folder in {dst_dir / 'skills'} "
                        f"({', '.join(missing[:5])}{', ...' if len(missing) > 5 else ''}): the store "
                        f"would drop their records; copy their folders in first"
                    )
                if replace and not new_file and dst._rows("SELECT 1 FROM skills LIMIT 1"):
                    aside = _set_aside(dst_dir / "skillrouter.db")
            moved = migrate_ledger(src, dst, replace=replace, files=files_part(src, src_dir, dst, dst_dir))
        except BaseException:
            if new_file and dst_dir is not None:
                dst.close()
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{dst_dir / 'skillrouter.db'}{suffix}").unlink(missing_ok=True)
            if aside is not None:
                aside.unlink(missing_ok=True)
            raise
    if dst_dir is None:
        hint = f"run commands with --ledger {moved.target}"
    else:
        hint = f"the ledger of {dst_dir} is its skillrouter.db again: run commands without --ledger"
    return Migration(
        moved.source,
        moved.target,
        moved.tables,
        moved.replaced,
        moved.generation,
        moved.seconds,
        None if aside is None else str(aside),
        hint,
    )
