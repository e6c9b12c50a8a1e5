"""The ledger: numbered migrations, the upgrade of a store written before they existed
(tests/fixtures/store-v0, made by commit f33537c), and what a damaged file does."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from skillrouter.embeddings import HashEmbedder

from skillrouter import Ledger, LedgerDamagedError, SkillLibrary, Store, StoreError
from skillrouter.store.ledger import schema as ledger_module

V0 = Path(__file__).resolve().parents[1] / "fixtures" / "store-v0"


def v0_store(tmp_path: Path) -> Path:
    path = tmp_path / "store"
    shutil.copytree(V0, path)
    return path


def _summary(blob: object) -> str:
    """The Level 0 summary in a skills row, without the texts derived from it (re-derived when
    a file is read again, whatever the version of skillrouter that wrote the row)."""
    data = json.loads(str(blob))
    return json.dumps({k: v for k, v in data.items() if not k.endswith("_text")}, sort_keys=True)


def dump(db_path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table the file has, file_sig left out (it follows the checkout's mtimes)."""
    db = sqlite3.connect(db_path)
    try:
        out = {}
        have = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in (t for t in ledger_module.TABLES if t in have):
            rows = db.execute(f"SELECT * FROM {table}").fetchall()
            out[table] = sorted(
                (r[0], r[1], _summary(r[3]), *r[4:]) if table == "skills" else r for r in rows
            )
        return out
    finally:
        db.close()


def user_version(db_path: Path) -> int:
    db = sqlite3.connect(db_path)
    try:
        return int(db.execute("PRAGMA user_version").fetchone()[0])
    finally:
        db.close()


# ---------------------------------------------------------------- the upgrade from today's stores


def test_a_store_written_before_migrations_upgrades_in_place_with_nothing_lost(tmp_path: Path) -> None:
    path = v0_store(tmp_path)
    assert user_version(path / "skillrouter.db") == 0
    before = dump(path / "skillrouter.db")

    store = Store(path)
    assert store.ledger.schema_version == len(ledger_module.MIGRATIONS)
    assert store.refresh() == []  # the checkout changed every mtime: read again, same content, no new version
    store.close()
    after = dump(path / "skillrouter.db")
    width = len(before["skills"][0])  # migration 2 added trust_level and scan_hash
    assert [r[:width] for r in after["skills"]] == before["skills"]
    assert {r[0]: r[width] for r in after["skills"]} == {
        "fix-flaky-test": "community",
        "hand-made": "community",
        "helpful-setup": "community",
        "old-way": "community",
        "slide-maker": "community",
    }
    assert {t: after[t] for t in before if t not in ("meta", "skills")} == {
        t: before[t] for t in before if t not in ("meta", "skills")
    }
    assert {t: after[t] for t in after if t not in before} == {  # migrations 3 and 4
        "misfits": [],
        "earlier_records": [],
        "judged_pairs": [],
    }
    assert {r for r in before["meta"] if r[0] != "generation"} <= set(after["meta"])  # generation: counts on

    store = Store(path)
    records = store.records()
    assert {n: r.summary.status for n, r in records.items()} == {
        "fix-flaky-test": "active",
        "hand-made": "active",
        "helpful-setup": "quarantined",
        "old-way": "retired",
        "slide-maker": "active",
    }
    assert records["helpful-setup"].findings[0]["rule"] == "exfiltration"
    stats = {n: (r.summary.use_count, r.summary.avg_score) for n, r in records.items()}
    assert stats == {
        "fix-flaky-test": (1, 8.0),
        "hand-made": (2, 6.5),
        "helpful-setup": (0, None),
        "old-way": (1, 2.0),
        "slide-maker": (4, 7.5),
    }
    assert [(v.version, v.reason) for v in store.history("hand-made")] == [
        (1, "add"),
        (2, "refined by the agent"),
    ]
    assert store.ledger.examples() == [
        ("fix-flaky-test", "the login test fails one run in ten"),
        ("hand-made", "turn the standup notes into todos"),
    ]
    assert sorted(store.ledger.origins()) == ["fix-flaky-test", "helpful-setup", "slide-maker"]
    assert (store.ledger.counter("agent_tasks"), store.store_id) == (3, "d09c7f956478493391eae98ad1628d44")
    assert store.get("hand-made").pitfalls == "- Owners missing"
    assert store.read_file("fix-flaky-test", "references/guide.md").startswith(b"# Guide")


def test_an_upgraded_store_routes_and_doctor_writes_the_missing_sidecars(tmp_path: Path) -> None:
    path = v0_store(tmp_path)
    with SkillLibrary.open(path, embedder=HashEmbedder()) as lib:
        report = lib.doctor(repair=False)
        assert report.sidecars == ["fix-flaky-test", "hand-made", "helpful-setup", "old-way", "slide-maker"]
        assert lib.doctor().repaired and lib.doctor().ok
        route = lib.route("Set up the project environment quickly.", k=10)
        assert "helpful-setup" not in [c.name for c in route.candidates]  # quarantined
        assert "old-way" not in [c.name for c in route.candidates]  # retired
    (path / "skillrouter.db").unlink()  # and now that the sidecars exist, losing the ledger keeps statuses
    with SkillLibrary.open(path, embedder=HashEmbedder()) as lib:
        assert {s.name: s.status for s in lib.list_skills()}["old-way"] == "retired"
        assert lib.get("helpful-setup").status == "quarantined" and lib.findings("helpful-setup")
        assert (
            lib.get("slide-maker").use_count == 0
        )  # imported by index entry in v0: its seed was not kept then


# ---------------------------------------------------------------- migrations


def test_a_new_migration_is_one_appended_function_and_runs_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = v0_store(tmp_path)
    Store(path).close()
    calls: list[int] = []

    def _v_next_trust(db: sqlite3.Connection) -> None:
        calls.append(1)
        db.execute("ALTER TABLE skills ADD COLUMN trust TEXT NOT NULL DEFAULT 'unreviewed'")

    monkeypatch.setattr(ledger_module, "MIGRATIONS", (*ledger_module.MIGRATIONS, _v_next_trust))
    store = Store(path)
    assert store.ledger.schema_version == len(ledger_module.MIGRATIONS) and calls == [1]
    store.close()
    store = Store(path)
    assert calls == [1]  # recorded in user_version: never again
    assert store.get("hand-made").use_count == 2
    db = sqlite3.connect(path / "skillrouter.db")
    assert db.execute("SELECT DISTINCT trust FROM skills").fetchall() == [("unreviewed",)]
    db.close()


def test_a_failing_migration_leaves_the_ledger_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = v0_store(tmp_path)
    Store(path).close()
    version = user_version(path / "skillrouter.db")

    def _v_broken(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE skills ADD COLUMN half TEXT")
        raise RuntimeError("migration bug")

    monkeypatch.setattr(ledger_module, "MIGRATIONS", (*ledger_module.MIGRATIONS, _v_broken))
    with pytest.raises(RuntimeError, match="migration bug"):
        Store(path)
    assert user_version(path / "skillrouter.db") == version
    db = sqlite3.connect(path / "skillrouter.db")
    assert "half" not in [r[1] for r in db.execute("PRAGMA table_info(skills)")]
    db.close()


def test_a_ledger_from_a_newer_skillrouter_is_refused(tmp_path: Path) -> None:
    path = v0_store(tmp_path)
    db = sqlite3.connect(path / "skillrouter.db")
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="schema version 99, newer"):
        Store(path)


# ---------------------------------------------------------------- damage


def test_a_file_that_is_not_sqlite_is_ledger_damage_naming_the_file(tmp_path: Path) -> None:
    path = v0_store(tmp_path)
    (path / "skillrouter.db").write_bytes(b"this is not a database" * 100)
    with pytest.raises(LedgerDamagedError) as err:
        Store(path)
    assert str(path / "skillrouter.db") in str(err.value) and "doctor" in str(err.value)
    assert isinstance(err.value, StoreError)


def test_repair_salvages_what_is_readable_and_says_what_was_lost(tmp_path: Path) -> None:
    path = v0_store(tmp_path)
    Store(path).close()
    db_file = path / "skillrouter.db"
    with open(db_file, "r+b") as fh:  # keep the first pages, lose the rest
        fh.truncate(4096 * 4)
    store = Store(path, repair=True)
    note = store.ledger.notes()["ledger_rebuilt"]
    assert "damaged" in note["reason"] and Path(note["kept_at"]).is_file()
    assert note["lost"] and all("(" in lost for lost in note["lost"])
    assert sorted(store.records()) == [
        "fix-flaky-test",
        "hand-made",
        "helpful-setup",
        "old-way",
        "slide-maker",
    ]
    assert store.records()["helpful-setup"].summary.status == "quarantined"  # rescanned: no sidecar in v0
    assert store.ledger.check() is None


def test_nested_transactions_join_the_outer_one(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path / "l.db")
    with pytest.raises(RuntimeError), ledger.transaction():
        ledger.increment("a")
        with ledger.transaction():
            ledger.increment("b")
        raise RuntimeError("roll back both")
    assert (ledger.counter("a"), ledger.counter("b")) == (0, 0)
    with ledger.transaction():
        ledger.increment("a")
        ledger.increment("b")
    assert (ledger.counter("a"), ledger.counter("b")) == (1, 1)


def test_salvaged_rows_of_an_older_schema_fit_a_newer_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = v0_store(tmp_path)
    rows, broken = Ledger.salvage(path / "skillrouter.db")  # sound here, and of the v0 schema
    assert broken == {} and len(rows["stats"]) == 5

    def _v_next(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE stats ADD COLUMN streak INTEGER NOT NULL DEFAULT 0")

    monkeypatch.setattr(ledger_module, "MIGRATIONS", (*ledger_module.MIGRATIONS, _v_next))
    newer = Ledger(tmp_path / "new.db")
    kept = newer.restore_rows(rows)
    assert kept["stats"] == 5 and kept["versions"] == len(rows["versions"])
    assert newer.outcome("hand-made").use_count == 2 and newer.store_id == "d09c7f956478493391eae98ad1628d44"
    assert newer.sigs()["hand-made"] == ""  # read the file again before trusting the row


def test_the_ledger_and_the_derived_files_keep_pages_enough_for_a_large_library(tmp_path: Path) -> None:
    """SQLite's default 2 MB page cache does not hold the B-tree pages above the rows of a
    100,000-skill ledger or embedding cache, and every route read them from the file again."""
    import numpy as np
    from skillrouter.embeddings.cache import EmbeddingCache
    from skillrouter.embeddings.derived import PAGE_CACHE_KIB

    def pages(db: sqlite3.Connection) -> int:
        return int(db.execute("PRAGMA cache_size").fetchone()[0])

    store = Store(tmp_path / "store")
    assert pages(store.ledger.conn._db) == -PAGE_CACHE_KIB
    assert pages(Store(tmp_path / "store", read_only=True).ledger.conn._db) == -PAGE_CACHE_KIB
    cache = EmbeddingCache(tmp_path / "embeddings.db")
    cache.put_many("model", {"key": np.ones(3, dtype=np.float32)})
    assert cache.file.run(pages) == -PAGE_CACHE_KIB
    assert EmbeddingCache(tmp_path / "embeddings.db", read_only=True).file.run(pages) == -PAGE_CACHE_KIB


def test_a_disk_io_error_on_a_full_disk_says_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite says "disk I/O error" when a full disk stops it making the ledger's -shm; the free
    space tells that apart from a failing disk (a store then opens read-only for its readers)."""
    from types import SimpleNamespace

    from skillrouter.errors import DiskFullError
    from skillrouter.store.ledger import base
    from skillrouter.store.ledger.sqlite import SqliteConnection

    conn = Ledger.open(tmp_path / "skillrouter.db").conn
    assert isinstance(conn, SqliteConnection)
    failing = conn._error(sqlite3.OperationalError("disk I/O error"))
    assert type(failing) is StoreError and "failing or full" in str(failing)
    monkeypatch.setattr(base.os, "statvfs", lambda _: SimpleNamespace(f_bavail=3, f_frsize=4096))
    full = conn._error(sqlite3.OperationalError("disk I/O error"))
    assert isinstance(full, DiskFullError) and "the disk is full" in str(full)
