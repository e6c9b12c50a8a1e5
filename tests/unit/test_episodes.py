"""Tests for skillrouter.agent.episodes: the SQLite + FTS5 episodic log."""

from __future__ import annotations

import math
import multiprocessing
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from support import run_workers

from skillrouter.agent.episodes import Episode, EpisodeLog, cjk_spaced, fts_query


def _record_many(db: str, count: int, worker: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    log = EpisodeLog(db)
    barrier.wait(timeout=30)
    for i in range(count):
        log.record(
            f"worker {worker} task {i}", f"result {worker}-{i}", score=i / count, skill=f"skill-{worker}"
        )


@pytest.fixture
def log(tmp_path: Path) -> EpisodeLog:
    return EpisodeLog(tmp_path / "episodes.db")


# -- schema -----------------------------------------------------------------------------


def test_creates_database_in_wal_mode_with_fts(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "dir" / "episodes.db"
    EpisodeLog(path)
    assert path.exists()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        columns = [row[1] for row in conn.execute("PRAGMA table_info(episodes)")]
        assert columns == ["id", "task", "result", "score", "skill", "created_at"]
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'episodes_fts'").fetchone()[0]
        assert "fts5" in sql.lower() and "porter unicode61" in sql
        triggers = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        assert {"episodes_ai", "episodes_ad", "episodes_au"} <= triggers


def test_reopening_keeps_episodes(tmp_path: Path) -> None:
    path = tmp_path / "episodes.db"
    first = EpisodeLog(path)
    episode_id = first.record("set up the database", "done", 1.0, "db-setup")
    second = EpisodeLog(path)
    assert second.count() == 1
    assert [e.id for e in second.search("database")] == [episode_id]


# -- record / recent / count ----------------------------------------------------------------


def test_record_and_recent(log: EpisodeLog) -> None:
    assert log.count() == 0
    assert log.recent() == []
    before = datetime.now().astimezone()
    a = log.record("write a changelog", "changelog written", 0.8, "changelog")
    b = log.record("rename a variable", "renamed", None, None)
    c = log.record("bump the version", "bumped", 3, "release")
    assert a < b < c
    assert log.count() == 3

    newest = log.recent(2)
    assert [e.id for e in newest] == [c, b]
    assert all(e.rank is None for e in newest)
    assert [e.id for e in log.recent()] == [c, b, a]
    assert log.recent(0) == []

    first = log.recent()[-1]
    assert first == Episode(a, "write a changelog", "changelog written", 0.8, "changelog", first.created_at)
    assert newest[1].score is None and newest[1].skill is None
    assert newest[0].score == 3.0 and isinstance(newest[0].score, float)

    created = datetime.fromisoformat(first.created_at)
    assert created.utcoffset() == timedelta(0)
    assert before - timedelta(seconds=5) <= created <= datetime.now().astimezone() + timedelta(seconds=5)


def test_to_dict(log: EpisodeLog) -> None:
    episode_id = log.record("task text", "result text", 0.5, "skill-a")
    (episode,) = log.search("task")
    data = episode.to_dict()
    assert data["id"] == episode_id
    assert data["task"] == "task text"
    assert data["result"] == "result text"
    assert data["score"] == 0.5
    assert data["skill"] == "skill-a"
    assert data["created_at"] == episode.created_at
    assert isinstance(data["rank"], float)
    assert set(data) == {"id", "task", "result", "score", "skill", "created_at", "rank"}


@pytest.mark.parametrize("score", [math.nan, math.inf, "0.5", True])
def test_bad_score_refused(log: EpisodeLog, score: object) -> None:
    with pytest.raises(ValueError):
        log.record("task", "result", score, None)  # type: ignore[arg-type]
    assert log.count() == 0


def test_empty_task_refused(log: EpisodeLog) -> None:
    with pytest.raises(ValueError):
        log.record("   ", "result", None, None)
    assert log.count() == 0


def test_negative_limit_refused(log: EpisodeLog) -> None:
    with pytest.raises(ValueError):
        log.recent(-1)
    with pytest.raises(ValueError):
        log.search("x", limit=-1)


# -- search ------------------------------------------------------------------------------------


def test_search_ranks_most_relevant_first(log: EpisodeLog) -> None:
    log.record("update the readme", "added install section", 0.9, "docs")
    partial = log.record("rollback a failed deploy", "reverted the release", 0.4, "deploy")
    best = log.record(
        "postgres migration rollback",
        "the postgres migration failed, rollback restored the schema",
        0.7,
        "db-migrate",
    )
    log.record("write unit tests for the parser", "tests pass", 1.0, None)
    some = log.record("tune postgres settings", "raised shared_buffers", 0.6, "db-tune")

    results = log.search("postgres migration rollback")
    ids = [e.id for e in results]
    assert ids[0] == best
    assert set(ids) == {best, partial, some}
    ranks = [e.rank for e in results]
    assert all(r is not None for r in ranks)
    assert ranks == sorted(ranks, reverse=True)  # type: ignore[type-var]
    assert results[0].rank > results[-1].rank  # type: ignore[operator]


def test_search_task_weighs_more_than_result(log: EpisodeLog) -> None:
    # Mirror images: only the column weights tell them apart (a tie would put the newer,
    # in_result, first).
    in_task = log.record("kubernetes manifests updated", "misc chore done", None, None)
    in_result = log.record("misc chore done", "kubernetes manifests updated", None, None)
    assert [e.id for e in log.search("kubernetes")] == [in_task, in_result]


def test_search_finds_result_text_and_stems(log: EpisodeLog) -> None:
    episode_id = log.record("ship it", "deployed to staging with make release", 1.0, "deploy")
    log.record("unrelated", "nothing here", None, None)
    assert [e.id for e in log.search("STAGING")] == [episode_id]
    assert [e.id for e in log.search("deploying")] == [episode_id]
    assert log.search("kubernetes") == []


def test_search_limit(log: EpisodeLog) -> None:
    for i in range(15):
        log.record(f"lint module {i}", "clean", None, None)
    assert len(log.search("lint")) == 10
    assert len(log.search("lint", limit=3)) == 3
    assert log.search("lint", limit=0) == []


@pytest.mark.parametrize(
    "query",
    [
        'C++ "unterminated',
        "AND OR NOT *",
        "NOT",
        '"',
        "'",
        "foo*",
        "*",
        "^start",
        "col:value",
        "task: result:",
        "NEAR(a b, 2)",
        "(((",
        ")",
        "a - b + c",
        "{task result}: x",
        "a AND",
        "OR",
        "\\",
        "%_%",
        "über naïve café",
        "emoji 🚀 query",
        "\x00 null byte",
        "x" * 5000,
        " ".join(f"w{i}" for i in range(500)),
    ],
)
def test_free_text_queries_never_raise(log: EpisodeLog, query: str) -> None:
    log.record("compile the C++ project", "unterminated string literal in parser.cpp", 0.2, "cpp-build")
    log.record("review the naive cafe menu", "not and or were fine", None, None)
    results = log.search(query)
    assert isinstance(results, list)
    assert all(isinstance(e, Episode) for e in results)


def test_punctuation_query_still_matches_its_words(log: EpisodeLog) -> None:
    cpp = log.record("compile the C++ project", "unterminated string literal in parser.cpp", 0.2, "cpp")
    log.record("water the plants", "done", None, None)
    assert [e.id for e in log.search('C++ "unterminated')] == [cpp]
    assert [e.id for e in log.search("parser.cpp")] == [cpp]


def test_fts_operators_are_plain_words(log: EpisodeLog) -> None:
    hit = log.record("do NOT restart the server", "left it running", None, None)
    log.record("restart the worker", "restarted", None, None)
    # As FTS5 syntax "NOT restart" would be an error and "server NOT worker" would exclude
    # nothing here; as plain words both find the episode that mentions them.
    assert hit in [e.id for e in log.search("NOT")]
    assert log.search("server NOT worker")[0].id == hit


@pytest.mark.parametrize("query", ["", "   ", "*", "++ -- ()", '"""', "\n\t"])
def test_wordless_query_returns_empty(log: EpisodeLog, query: str) -> None:
    log.record("anything at all", "some result", None, None)
    assert log.search(query) == []


def test_chinese_and_mixed_text_is_found_by_its_words(log: EpisodeLog) -> None:
    weekly = log.record(
        "帮我把这周的会议纪要整理成一份周报", "周报已写好，按项目分了三节", 9.0, "weekly-report"
    )
    review = log.record("帮我 review 一下这个 PR 的代码", "指出了两处并发问题", 8.0, "code-review")
    log.record("deploy the billing service to staging", "deployed", 7.0, "deploy")
    assert [e.id for e in log.search("周报")] == [weekly]
    assert next(e.id for e in log.search("写周报的方法")) == weekly  # a sentence: its phrases, ranked
    assert next(e.id for e in log.search("review代码")) == review  # mixed: a word and a phrase
    assert [e.id for e in log.search("并发")] == [review]  # found in the result
    assert log.search("天气") == []


def test_a_log_indexed_before_cjk_search_is_indexed_again_once(tmp_path: Path) -> None:
    path = tmp_path / "episodes.db"
    with sqlite3.connect(path) as conn:  # a version-0 log: external content, text indexed as it is
        conn.executescript(
            "CREATE TABLE episodes (id INTEGER PRIMARY KEY, task TEXT NOT NULL, result TEXT NOT NULL, "
            "score REAL NULL, skill TEXT NULL, created_at TEXT NOT NULL);"
            "CREATE VIRTUAL TABLE episodes_fts USING fts5(task, result, content='episodes', "
            "content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');"
            "CREATE TRIGGER episodes_ai AFTER INSERT ON episodes BEGIN INSERT INTO episodes_fts(rowid, "
            "task, result) VALUES (new.id, new.task, new.result); END;"
            "INSERT INTO episodes VALUES (1, '整理成一份周报', 'done', 9, NULL, '2026-01-01T00:00:00+00:00');"
            "INSERT INTO episodes VALUES (2, 'deploy to staging', 'done', 9, NULL, "
            "'2026-01-01T00:00:00+00:00');"
        )
    log = EpisodeLog(path)
    assert [e.id for e in log.search("周报")] == [1] and [e.id for e in log.search("deploy")] == [2]
    assert log.record("周报模板", "ok") == 3 and [e.id for e in log.search("模板")] == [3]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        conn.execute("INSERT INTO episodes_fts(episodes_fts) VALUES ('integrity-check')")


def test_fts_query_quotes_words() -> None:
    assert fts_query("周报表 for CI") == '"周 报" OR "报 表" OR "for" OR "CI"'
    assert fts_query("帮我review一下") == '"帮 我" OR "review" OR "一 下"'
    assert fts_query("周") == '"周"'
    assert fts_query('C++ "unterminated') == '"C" OR "unterminated"'
    assert fts_query("AND OR NOT *") == '"AND" OR "OR" OR "NOT"'
    assert fts_query("a a A b") == '"a" OR "b"'
    assert fts_query("snake_case") == '"snake" OR "case"'
    assert fts_query("... !!") == ""


def test_fts_index_follows_updates_and_deletes(log: EpisodeLog) -> None:
    keep = log.record("alpha task", "first result", None, None)
    change = log.record("beta task", "second result", None, None)
    with sqlite3.connect(log.db_path) as conn:  # another program: it registers the index's function
        conn.create_function("cjk_spaced", 1, cjk_spaced)
        conn.execute("UPDATE episodes SET task = 'gamma task' WHERE id = ?", (change,))
        conn.execute("DELETE FROM episodes WHERE id = ?", (keep,))
    assert log.search("beta") == []
    assert log.search("alpha") == []
    assert [e.id for e in log.search("gamma")] == [change]
    with sqlite3.connect(log.db_path) as conn:
        conn.execute("INSERT INTO episodes_fts(episodes_fts) VALUES ('integrity-check')")


# -- concurrency ----------------------------------------------------------------------------


@pytest.mark.slow  # 4 processes race to write
def test_concurrent_records_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "episodes.db"
    workers, per_worker = 4, 25
    assert run_workers(_record_many, workers, str(db), per_worker) == [0] * workers

    log = EpisodeLog(db)
    assert log.count() == workers * per_worker
    tasks = {e.task for e in log.recent(1000)}
    assert tasks == {f"worker {w} task {i}" for w in range(workers) for i in range(per_worker)}
    assert len(log.search("worker", limit=1000)) == workers * per_worker
