"""The PostgreSQL ledger under load and faults, on a real server: many processes recording at
once (exact counts and means, through row locks), the server restarting while they record
(bounded retries; nothing lost or doubled), a connection dropped inside a transaction (rolled
back, one line) and a commit whose answer is lost (the write is found done, not done twice)."""

from __future__ import annotations

import math
import multiprocessing.synchronize
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import psycopg
import pytest
from pg_support import PgServer
from support import run_workers

from skillrouter import Skill, Store, StoreError
from skillrouter.store.ledger.postgres import PgConnection, postgres_ledger

SKILL = "fix-flaky-test"


def score_of(worker: int, i: int) -> float:
    return float((worker * 7 + i) % 9 + 1) + (0.25 if i % 3 == 0 else 0.0)  # 1 to 9.25


def _record(
    url: str, folder: str, count: int, worker: int, barrier: multiprocessing.synchronize.Barrier
) -> None:
    store = Store(folder, ledger_url=url)
    barrier.wait(60)  # all record at the same time
    for i in range(count):
        store.record_outcome(
            SKILL, score_of(worker, i), task=f"worker {worker} task {i}" if i % 10 == 0 else None
        )
    store.close()


def _store_with_the_skill(url: str, folder: Path) -> Store:
    store = Store(folder, ledger_url=url)
    store.add(Skill.create(SKILL, "Find why a test fails sometimes.", procedure=["Run it 50 times"]))
    return store


def test_eight_processes_times_one_hundred_outcomes_give_exact_counts_and_means(
    pg_url: str, tmp_path: Path
) -> None:
    store = _store_with_the_skill(pg_url, tmp_path / "store")
    generation = store.ledger.generation()
    assert run_workers(_record, 8, pg_url, str(tmp_path / "store"), 100) == [0] * 8
    every = [score_of(w, i) for w in range(8) for i in range(100)]
    out = store.ledger.outcome(SKILL)
    assert out.use_count == 800
    assert out.avg_score == pytest.approx(math.fsum(every) / 800, abs=1e-12)
    assert store.get(SKILL).use_count == 800
    # each kept example bumped the generation once, under the same row lock: none lost either
    kept = sum(1 for w in range(8) for i in range(100) if i % 10 == 0 and score_of(w, i) >= 7)
    assert store.ledger.generation() - generation == kept
    assert len(store.ledger.examples(SKILL)) == kept


@pytest.fixture
def own_server() -> Iterator[PgServer]:
    """A server of this test's own, to restart under the workers."""
    server = PgServer()
    server.start()
    yield server
    server.stop()


def test_a_restart_while_four_processes_record_loses_and_doubles_nothing(
    own_server: PgServer, tmp_path: Path
) -> None:
    url = own_server.new_database()
    store = _store_with_the_skill(url, tmp_path / "store")
    before: list[int] = []  # outcomes recorded when each restart began: mid-run, not after

    def restart_twice() -> None:
        watcher = postgres_ledger(url)
        for at_least in (100, 600):
            deadline = time.monotonic() + 60
            while watcher.outcome(SKILL).use_count < at_least and time.monotonic() < deadline:
                time.sleep(0.05)
            before.append(watcher.outcome(SKILL).use_count)
            own_server.restart()

    restarter = threading.Thread(target=restart_twice)
    restarter.start()
    codes = run_workers(_record, 4, url, str(tmp_path / "store"), 400)
    restarter.join()
    assert codes == [0] * 4
    assert len(before) == 2 and 0 < before[0] < before[1] < 1600, before
    every = [score_of(w, i) for w in range(4) for i in range(400)]
    store.close()
    out = postgres_ledger(url).outcome(SKILL)
    assert out.use_count == 1600  # none lost, none doubled
    assert out.avg_score == pytest.approx(math.fsum(every) / 1600, abs=1e-12)


def _terminate_others(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(rows)


def test_a_connection_dropped_inside_a_transaction_rolls_it_back_in_one_line(pg_url: str) -> None:
    ledger = postgres_ledger(pg_url)
    ledger.record_outcome(SKILL, 5)
    with pytest.raises(StoreError) as err, ledger.transaction():
        ledger.record_outcome(SKILL, 9, task="lost with its transaction")
        assert _terminate_others(pg_url) >= 1
        ledger.increment("after the drop")
    assert "rolled back" in str(err.value) and "\n" not in str(err.value)
    out = ledger.outcome(SKILL)  # a new connection, found on its own
    assert (out.use_count, out.avg_score, ledger.examples(), ledger.counter("after the drop")) == (
        1,
        5.0,
        [],
        0,
    )


def test_an_idle_connection_cut_by_the_server_is_replaced_and_the_write_done_once(pg_url: str) -> None:
    ledger = postgres_ledger(pg_url)
    ledger.record_outcome(SKILL, 5)
    _terminate_others(pg_url)
    assert ledger.record_outcome(SKILL, 7).use_count == 2
    _terminate_others(pg_url)
    assert ledger.outcome(SKILL).use_count == 2


class _AnswerLost:
    """A connection whose COMMIT is carried out and its answer lost (the connection drops right
    after), once in all: what a client sees when the server or network fails at that instant."""

    fired: ClassVar[list[str]] = []

    def __init__(self, db: psycopg.Connection[Any]) -> None:
        self.db = db

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)

    def execute(self, sql: Any, *args: Any) -> Any:
        done = self.db.execute(sql, *args)
        text = sql if isinstance(sql, str) else sql.as_string(self.db)
        if text.endswith("COMMIT") and not self.fired:
            self.fired.append("COMMIT")
            self.db.close()
            raise psycopg.OperationalError("server closed the connection unexpectedly")
        return done


def test_a_commit_whose_answer_is_lost_is_found_done_not_counted_twice(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = postgres_ledger(pg_url)
    ledger.record_outcome(SKILL, 5)
    ledger.increment("tasks")
    real = PgConnection._db.fget  # type: ignore[attr-defined]
    for write, check, once in (
        (lambda: ledger.record_outcome(SKILL, 9).use_count, lambda: ledger.outcome(SKILL).use_count, 2),
        (lambda: ledger.increment("tasks"), lambda: ledger.counter("tasks"), 2),
        (lambda: ledger.vote_same("a", "b"), lambda: ledger.judged_pairs()[0]["votes"], 1),
    ):
        _AnswerLost.fired.clear()
        monkeypatch.setattr(PgConnection, "_db", property(lambda self: _AnswerLost(real(self))))
        answered = write()
        monkeypatch.undo()
        assert _AnswerLost.fired == ["COMMIT"]  # the answer was lost once
        assert answered == check() == once  # done, and done once
    assert ledger.outcome(SKILL).avg_score == 7.0


def test_a_server_that_stays_down_fails_the_call_after_the_retry_window(own_server: PgServer) -> None:
    ledger = postgres_ledger(own_server.new_database(), retry_for=2.0)
    ledger.record_outcome(SKILL, 5)
    own_server.halt()
    started = time.monotonic()
    with pytest.raises(StoreError, match="cannot reach the ledger") as err:
        ledger.record_outcome(SKILL, 6)
    assert 1.5 < time.monotonic() - started < 10 and "\n" not in str(err.value)
    own_server.resume()
    assert ledger.outcome(SKILL).use_count == 1


def _record_then_retire(
    url: str, folder: str, misfit: str, worker: int, barrier: multiprocessing.synchronize.Barrier
) -> None:
    store = Store(folder, ledger_url=url)
    barrier.wait(60)
    for _ in range(5):
        store.record_outcome(SKILL, 8.0, task=None)
    store.ledger.record_misfit(SKILL, misfit)
    store.set_status(SKILL, "retired")
    store.close()


def test_a_long_lived_reader_sees_another_process_write_without_reading_everything(
    pg_url: str, tmp_path: Path
) -> None:
    """The process's in-memory view (postgres_watch) answers routes without a query, and another
    process's committed outcomes, misfits and status reach it through NOTIFY, also after its
    listening connection was cut by the server."""
    store = _store_with_the_skill(pg_url, tmp_path / "store")
    assert store.ledger.summaries([SKILL])[SKILL].use_count == 0  # the view holds the row now

    def seen(uses: int, status: str, misfits: int) -> bool:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            summary = store.ledger.summaries([SKILL])[SKILL]
            got = (summary.use_count, summary.status, store.ledger.misfit_counts([SKILL]).get(SKILL, 0))
            if got == (uses, status, misfits):
                return True
            time.sleep(0.02)
        return False

    assert run_workers(_record_then_retire, 1, pg_url, str(tmp_path / "store"), "a task it missed") == [0]
    assert seen(5, "retired", 1)
    queries: list[str] = []
    rows = store.ledger._rows
    store.ledger._rows = lambda sql, args=(): queries.append(sql) or rows(sql, args)  # type: ignore[method-assign]
    for _ in range(3):
        store.ledger.summaries([SKILL]), store.ledger.misfit_counts([SKILL]), store.ledger.generation()
    assert queries == []  # nothing changed: answered from memory
    store.ledger._rows = rows  # type: ignore[method-assign]
    store.set_status(SKILL, "active")  # its own write: seen at once, no echo awaited
    assert store.ledger.summaries([SKILL])[SKILL].status == "active"
    assert _terminate_others(pg_url) >= 1  # the listener's connection (and the store's) cut
    assert run_workers(_record_then_retire, 1, pg_url, str(tmp_path / "store"), "another miss") == [0]
    assert seen(10, "retired", 2)
    store.close()
