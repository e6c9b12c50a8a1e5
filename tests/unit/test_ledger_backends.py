"""The ledger's interface, on both backends: SQLite (the store's skillrouter.db) and PostgreSQL
(team mode, a real server started by the ``pg_server`` fixture). The same calls give the same
answers; what is PostgreSQL's own (its migrations, its dialect, its URL) is tested here too.

The store-level tests of test_store.py that go through the ledger run again here on a store
whose ledger is in PostgreSQL (imported below: pytest collects them in this module, with this
module's ``store`` fixture), but for those of a folder removed by hand: in team mode the folder is
a machine's copy of the library, and a copy removed is written again (tested here instead)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from test_store import (  # noqa: F401  collected again here, on a PostgreSQL ledger
    make,
    test_delete_removes_files_and_ledger,
    test_every_edit_is_a_version_and_restore_brings_one_back,
    test_good_outcomes_with_a_task_become_examples,
    test_record_outcome_keeps_an_exact_mean,
    test_record_outcome_validates,
    test_recording_an_example_changes_the_generation,
    test_replace_keeps_level2_files_created_at_and_statistics,
    test_seeded_statistics,
    test_status_and_findings,
    test_summaries_read_status_and_statistics_each_time_and_level0_again_after_a_change,
)

from skillrouter import Ledger, SkillLibrary, Store, StoreError
from skillrouter.store.ledger import TABLES
from skillrouter.store.ledger import postgres_schema as pg_schema
from skillrouter.store.ledger.dialect import to_postgres
from skillrouter.store.ledger.postgres import PgConnection, postgres_ledger


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])  # pg_url, below
def ledger(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Ledger]:
    opened = (
        Ledger(tmp_path / "skillrouter.db")
        if request.param == "sqlite"
        else postgres_ledger(request.getfixturevalue("pg_url"))
    )
    yield opened
    opened.close()


@pytest.fixture
def store(pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """A store whose ledger is in PostgreSQL; reopened in the test, it finds it through the env."""
    monkeypatch.setenv("SKILLROUTER_LEDGER_URL", pg_url)
    opened = Store(tmp_path / "store")
    assert isinstance(opened.ledger.conn, PgConnection)
    yield opened
    opened.close()


# ---------------------------------------------------------------- the interface, both backends


def test_record_outcome_returns_what_this_use_made_and_keeps_the_exact_mean(ledger: Ledger) -> None:
    scores = [7.0, 9.0, 3.5, 10.0, 1.0, 6.25]
    got = [ledger.record_outcome("a", s) for s in scores]
    assert [o.use_count for o in got] == [1, 2, 3, 4, 5, 6]
    assert [o.last_score for o in got] == scores
    assert got[-1].avg_score == ledger.outcome("a").avg_score == sum(scores) / len(scores)
    assert ledger.outcome("never-used").use_count == 0 and ledger.total_uses() == 6


def test_examples_misfits_and_the_latest_verdict(ledger: Ledger) -> None:
    gen = ledger.generation()
    ledger.record_outcome("a", 5, task="a poor fit")
    assert ledger.examples() == [] and ledger.generation() == gen  # nothing for the index to learn
    for i in range(5):
        ledger.record_outcome("a", 9, task=f"task {i}", max_examples=3)
    assert [t for _, t in ledger.examples("a")] == ["task 2", "task 3", "task 4"]
    assert ledger.generation() > gen
    assert ledger.record_misfit("a", "task 3") == 1
    assert [t for _, t in ledger.examples("a")] == ["task 2", "task 4"] and ledger.misfits("a") == [
        ("a", "task 3")
    ]
    ledger.record_outcome("a", 10, task="task 3")  # a good outcome again: an example, no more a misfit
    assert ledger.misfits("a") == [] and ledger.misfit_counts(["a", "b"]) == {}
    assert ledger.add_examples([("b", "one"), ("b", "two"), ("b", "one "), ("b", "  ")]) == 2
    assert ledger.examples("b") == [("b", "one"), ("b", "two")]
    with pytest.raises(StoreError, match="task's text"):
        ledger.record_misfit("a", "  ")


def test_pairs_votes_and_folds(ledger: Ledger) -> None:
    assert ledger.vote_same("b", "a") == 1 and ledger.vote_same("a", "b") == 2
    ledger.add_examples([("b", "task of b"), ("a", "task of a")])
    ledger.record_misfit("a", "task of b")
    assert ledger.fold("b", "a") == 1 and ledger.fold("b", "a") == 0  # again: nothing more
    assert ledger.examples("a") == [("a", "task of a"), ("a", "task of b")] and ledger.misfits("a") == []
    assert ledger.vote_same("a", "b") == 2  # settled: votes kept, not counted
    ledger.judge_pair("c", "a", folded_into=None)
    pairs = {(p["a"], p["b"]): (p["votes"], p["same"], p["folded_into"]) for p in ledger.judged_pairs()}
    assert pairs == {("a", "b"): (2, True, "a"), ("a", "c"): (0, False, None)}
    assert [p["b"] for p in ledger.judged_pairs("c")] == ["c"]
    with pytest.raises(StoreError, match="cannot be folded"):
        ledger.judge_pair("a", "b", folded_into="z")


def test_records_set_aside_and_seeded(ledger: Ledger) -> None:
    ledger.seed_stats("a", 4, 7.5)
    ledger.seed_stats("a", 10, 1.0)  # a record exists: kept
    assert (ledger.outcome("a").use_count, ledger.outcome("a").avg_score) == (4, 7.5)
    ledger.record_outcome("a", 10)
    assert ledger.set_record_aside("a", "trusted").use_count == 5
    assert ledger.outcome("a").use_count == 0
    assert [(r["use_count"], r["avg_score"], r["reason"]) for r in ledger.earlier_records("a")] == [
        (5, 8.0, "trusted")
    ]


def test_counters_notes_and_store_id(ledger: Ledger) -> None:
    assert (ledger.increment("tasks"), ledger.increment("tasks", 4), ledger.counter("tasks")) == (1, 5, 5)
    assert ledger.counter("never") == 0
    ledger.note("ledger_rebuilt", {"at": "then", "lost": ["x"]})
    assert ledger.notes() == {"ledger_rebuilt": {"at": "then", "lost": ["x"]}}
    ledger.note("ledger_rebuilt", None)
    assert ledger.notes() == {}
    assert len(ledger.store_id) == 32


def test_nested_transactions_join_the_outer_one_and_a_failure_rolls_back_all(ledger: Ledger) -> None:
    with pytest.raises(RuntimeError), ledger.transaction():
        ledger.increment("a")
        ledger.record_outcome("s", 9, task="kept only if committed")
        with ledger.transaction():
            ledger.increment("b")
        raise RuntimeError("roll back both")
    assert (ledger.counter("a"), ledger.counter("b"), ledger.outcome("s").use_count) == (0, 0, 0)
    assert ledger.examples() == []
    with ledger.transaction():
        ledger.increment("a")
        ledger.increment("b")
    assert (ledger.counter("a"), ledger.counter("b")) == (1, 1)


def test_skill_rows_versions_and_forget_through_a_store(tmp_path: Path, ledger: Ledger) -> None:
    url = ledger.conn.url if isinstance(ledger.conn, PgConnection) else None
    store = Store(tmp_path / "store", ledger_url=url)
    store.add(make())
    store.update(make(description="Edited."), reason="edit")
    assert [(v.version, v.reason) for v in store.history("fix-flaky-test")] == [(1, "add"), (2, "edit")]
    record = store.records()["fix-flaky-test"]
    assert (record.summary.description, record.version, record.trust_level) == ("Edited.", 2, "community")
    assert set(store.ledger.level0_texts()) == set(store.ledger.lexical_texts()) == {"fix-flaky-test"}
    store.ledger.set_origin("fix-flaky-test", "https://example.org/skills", "abc")
    assert store.ledger.origins() == {"fix-flaky-test": ("https://example.org/skills", "abc")}
    store.delete("fix-flaky-test")
    assert store.ledger.records() == {} and store.ledger.history("fix-flaky-test") == []
    store.close()


def test_refresh_of_a_team_copy_picks_up_hand_edits_and_new_folders(store: Store) -> None:
    store.add(make())
    store.add(make("kept", "A folder removed by hand from this copy."))
    store.record_outcome("kept", 8)
    gen = store.ledger.generation()
    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text(path.read_text().replace("Find why a test fails sometimes.", "Edited by hand."))
    new = store.skills_dir / "written-by-hand"
    new.mkdir()
    (new / "SKILL.md").write_text(
        "---\nname: written-by-hand\ndescription: A person wrote this.\n---\nBody\n"
    )
    shutil.rmtree(store.files.folder("kept"))  # the copy loses a folder: the library keeps the skill

    records = store.records()  # reads the files again first
    assert sorted(records) == ["fix-flaky-test", "kept", "written-by-hand"]
    assert records["fix-flaky-test"].summary.description == "Edited by hand."
    assert store.lexical_texts()["fix-flaky-test"].startswith("fix flaky test: Edited by hand.\n")
    assert records["written-by-hand"].summary.description == "A person wrote this."
    assert store.ledger.generation() > gen
    assert (store.files.folder("kept") / "SKILL.md").is_file()  # written again from the database
    assert store.ledger.outcome("kept").use_count == 1 and store.history("kept")[-1].version == 1
    assert store.refresh() == []  # nothing changed since: nothing to do


def test_only_delete_removes_a_skill_from_a_team_library(store: Store) -> None:
    store.add(make(description="One."))
    store.update(make(description="Two."), reason="edit")
    shutil.rmtree(store.files.folder("fix-flaky-test"))
    store.refresh()
    assert [v.version for v in store.history("fix-flaky-test")] == [1, 2]  # nothing forgotten
    store.delete("fix-flaky-test")
    assert "fix-flaky-test" not in store and not store.files.folder("fix-flaky-test").exists()
    store.add(make(description="Three."))
    assert [v.version for v in store.history("fix-flaky-test")] == [1]  # delete took the history


# ---------------------------------------------------------------- PostgreSQL's own


def test_the_postgres_schema_has_sqlite_s_tables_and_columns(pg_url: str, tmp_path: Path) -> None:
    lite = Ledger(tmp_path / "skillrouter.db")
    postgres_ledger(pg_url).close()
    with psycopg.connect(pg_url) as db:
        found = db.execute(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' "
            "ORDER BY table_name, ordinal_position"
        ).fetchall()
    pg: dict[str, list[str]] = {}
    for table, column in found:
        pg.setdefault(table, []).append(column)
    for table in TABLES:
        columns = [r[1] for r in lite._rows(f"PRAGMA table_info({table})")]
        assert [c for c in pg[table] if c != "seq"] == columns == list(pg_schema.COLUMNS[table][0])
    assert set(pg) == {*TABLES, "ledger_schema", "write_tokens", "blobs", "skill_files", "version_files"}
    types = dict(db_types(pg_url, "stats"))
    assert types["score_sum"] == "double precision"  # not PostgreSQL's 4-byte real: the mean stays exact


def db_types(url: str, table: str) -> list[tuple[str, str]]:
    with psycopg.connect(url) as db:
        return db.execute(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = %s", (table,)
        ).fetchall()


def test_a_postgres_migration_is_one_appended_function_and_runs_once(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_ledger(pg_url).close()
    calls: list[int] = []

    def _v_next(db: Any) -> None:
        calls.append(1)
        db.execute("ALTER TABLE skills ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")

    shipped = len(pg_schema.MIGRATIONS)
    monkeypatch.setattr(pg_schema, "MIGRATIONS", (*pg_schema.MIGRATIONS, _v_next))
    assert postgres_ledger(pg_url).schema_version == shipped + 1 and calls == [1]
    assert postgres_ledger(pg_url).schema_version == shipped + 1 and calls == [1]  # recorded: never again
    assert ("pinned", "integer") in db_types(pg_url, "skills")


def test_a_failing_postgres_migration_leaves_the_database_as_it_was(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    postgres_ledger(pg_url).close()

    def _v_broken(db: Any) -> None:
        db.execute("ALTER TABLE skills ADD COLUMN half TEXT")
        raise RuntimeError("migration bug")

    monkeypatch.setattr(pg_schema, "MIGRATIONS", (*pg_schema.MIGRATIONS, _v_broken))
    with pytest.raises(RuntimeError, match="migration bug"):
        postgres_ledger(pg_url)
    monkeypatch.undo()
    assert postgres_ledger(pg_url).schema_version == len(pg_schema.MIGRATIONS)
    assert "half" not in [c for c, _ in db_types(pg_url, "skills")]


def test_a_postgres_ledger_from_a_newer_skillrouter_is_refused(pg_url: str) -> None:
    postgres_ledger(pg_url).close()
    with psycopg.connect(pg_url) as db:
        db.execute("INSERT INTO ledger_schema (version) VALUES (99)")
    with pytest.raises(StoreError, match="schema version 99, newer"):
        postgres_ledger(pg_url)


def test_the_dialect_rewrites_sqlite_s_forms_and_refuses_the_rest() -> None:
    assert to_postgres("SELECT name FROM meta WHERE key LIKE 'note:%' AND v = ?") == (
        "SELECT name FROM meta WHERE key LIKE 'note:%%' AND v = %s"
    )
    assert to_postgres("INSERT OR IGNORE INTO stats (name) VALUES (?)") == (
        "INSERT INTO stats (name) VALUES (%s) ON CONFLICT DO NOTHING"
    )
    assert to_postgres("INSERT OR REPLACE INTO examples VALUES (?, ?, ?, ?)") == (
        "INSERT INTO examples (name, task, score, created_at) VALUES (%s, %s, %s, %s) ON CONFLICT "
        "(name, task) DO UPDATE SET score = EXCLUDED.score, created_at = EXCLUDED.created_at, seq = DEFAULT"
    )
    assert "ORDER BY created_at DESC, seq DESC" in to_postgres(
        "SELECT 1 ORDER BY created_at DESC, rowid DESC"
    )
    for sqlite_only in ("PRAGMA user_version", "INSERT OR ROLLBACK INTO meta VALUES (?, ?)"):
        with pytest.raises(ValueError, match="no PostgreSQL form"):
            to_postgres(sqlite_only)
    with pytest.raises(ValueError, match="cannot become an upsert"):
        to_postgres("INSERT OR REPLACE INTO earlier_records VALUES (?, ?, ?, ?, ?, ?, ?)")


# ---------------------------------------------------------------- choosing it, and what goes wrong


def test_the_url_chooses_the_ledger_sqlite_stays_the_default(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedded = Store(tmp_path / "embedded")
    assert not isinstance(embedded.ledger.conn, PgConnection)
    assert (tmp_path / "embedded" / "skillrouter.db").is_file()
    team = Store(tmp_path / "team", ledger_url=pg_url)
    assert isinstance(team.ledger.conn, PgConnection) and not (tmp_path / "team" / "skillrouter.db").exists()
    monkeypatch.setenv("SKILLROUTER_LEDGER_URL", pg_url)
    assert Store(tmp_path / "other").store_id == team.store_id  # one ledger, whichever folder
    assert not isinstance(Store(tmp_path / "mine", ledger_url="").ledger.conn, PgConnection)  # "": SQLite


def test_the_cli_takes_the_ledger_from_the_option_or_the_env(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli_uses: Any, hash_embedder: Any
) -> None:
    from support import as_json, ok

    cli_uses(hash_embedder)
    skill = tmp_path / "src" / "fix-flaky-test"
    skill.mkdir(parents=True)
    from skillrouter.skillmd import render_skill_md

    (skill / "SKILL.md").write_text(render_skill_md(make()))
    ok("add", skill, "--store", tmp_path / "a", "--ledger", pg_url)
    ok("record", "fix-flaky-test", "8", "--store", tmp_path / "a", "--ledger", pg_url)
    monkeypatch.setenv("SKILLROUTER_LEDGER_URL", pg_url)
    shown = as_json("show", "fix-flaky-test", "--level", "0", "--store", tmp_path / "a")
    assert (shown["use_count"], shown["avg_score"]) == (1, 8.0)
    assert postgres_ledger(pg_url).outcome("fix-flaky-test").use_count == 1
    assert not (tmp_path / "a" / "skillrouter.db").exists()
    with SkillLibrary.open(tmp_path / "a", embedder=hash_embedder) as lib:  # the env, in Python too
        assert lib.get("fix-flaky-test").use_count == 1


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://root@127.0.0.1/db", "is not a postgresql:// URL"),
        ("postgresql://u@127.0.0.1:5432/db?nosuchoption=1", "is not valid: invalid URI query parameter"),
        (
            "postgresql://u:secret@127.0.0.1:1/db",
            "cannot reach the ledger postgresql://u:\\*\\*\\*@127.0.0.1:1/db",
        ),
    ],
)
def test_a_bad_url_or_a_server_that_does_not_answer_is_one_line_naming_it(
    url: str, message: str, tmp_path: Path
) -> None:
    from support import run

    with pytest.raises(StoreError, match=message) as err:
        Store(tmp_path / "store", ledger_url=url)
    assert "\n" not in str(err.value) and "secret" not in str(err.value)
    result = run("list", "--store", tmp_path / "store", "--ledger", url)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "error: " in result.stderr


def test_without_psycopg_the_error_names_the_extra(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['psycopg'] = None\n"
        "from skillrouter import Store, StoreError\n"
        "try:\n"
        f"    Store({str(tmp_path / 'store')!r}, ledger_url='postgresql://u@127.0.0.1/db')\n"
        "except StoreError as err:\n"
        "    print(err)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "needs psycopg 3" in out and "pip install 'skillrouter[team]'" in out
