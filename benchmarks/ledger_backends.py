"""The ledger's two backends in one run: SQLite (the store's skillrouter.db, WAL) and PostgreSQL
(team mode). Every number printed, none asserted (a shared machine's timings are noisy: read
the ratios).

- ``record_outcome``: 1, 4 and 16 writer processes, each opening the store and recording
  ``--records`` outcomes of one skill (the hottest row there is: every writer updates the same
  statistics row), all released at once by a barrier; outcomes per second from the release to
  the last writer done, and a check that the counts came out exact.
- ``route``: the 177 skills of hermes-agent 0.19.0 in two stores, one per backend (same skill
  files, same embedding cache, same model), routing the same tasks interleaved; the query
  embeddings are cached after a first pass, so what is timed is the route itself (index,
  keyword index, ranking and the ledger's reads), the part the ledger can slow down. It prints
  p50/p95 and how many ledger queries one route makes.

PostgreSQL: ``--pg-url`` (an empty database you own), else a server started for the run in a
temporary folder (tests/pg_support.py: initdb + pg_ctl, as the postgres user when run as
root), with fsync on, as a server in use runs. SQLite runs as the store does (WAL,
synchronous=NORMAL: no fsync per commit), so its commits are cheaper by design: the table
says what each costs as shipped. ``pg async`` is the same server with ``synchronous_commit=off``
set in the URL (``?options=-c%20synchronous_commit%3Doff``): SQLite's trade (an operating system
crash may lose the last commits, never corrupt them).

    .venv/bin/python benchmarks/ledger_backends.py [--writers 1 4 16] [--records 200] [--tasks 60]
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import os
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from skillrouter import Skill, SkillLibrary, Store

SKILL = "hot-skill"


def pg_support() -> Any:
    spec = importlib.util.spec_from_file_location("pg_support", ROOT / "tests" / "pg_support.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def score_of(worker: int, i: int) -> float:
    return float((worker * 7 + i) % 9 + 1)


def _writer(folder: str, url: str | None, count: int, worker: int, barrier: Any, done: Any) -> None:
    store = Store(folder, ledger_url=url or "")
    store.record_outcome(SKILL, score_of(worker, 0))  # connected and warm before the clock starts
    barrier.wait(120)
    for i in range(1, count + 1):
        store.record_outcome(SKILL, score_of(worker, i))
    done.put(time.perf_counter())
    store.close()


def record_throughput(folder: Path, url: str | None, writers: int, count: int) -> tuple[float, bool]:
    """Outcomes per second with ``writers`` processes, and whether the counts were exact."""
    store = Store(folder, ledger_url=url or "")
    if SKILL not in store:
        store.add(Skill.create(SKILL, "A skill every writer records.", procedure=["Do it"]))
    before = store.ledger.outcome(SKILL).use_count
    ctx = multiprocessing.get_context("forkserver")
    barrier, done = ctx.Barrier(writers + 1), ctx.Queue()
    procs = [
        ctx.Process(target=_writer, args=(str(folder), url, count, w, barrier, done)) for w in range(writers)
    ]
    for proc in procs:
        proc.start()
    barrier.wait(120)
    started = time.perf_counter()
    ends = [done.get(timeout=600) for _ in procs]
    for proc in procs:
        proc.join()
    took = max(ends) - started
    after = store.ledger.outcome(SKILL).use_count
    store.close()
    return writers * count / took, after - before == writers * (count + 1)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def time_routes(
    libs: dict[str, SkillLibrary], queries: list[str], team: str
) -> tuple[dict[str, list[float]], int]:
    """Route ``queries`` on every library, interleaved, three times each (milliseconds per
    route, by library), after a first pass that embeds each task once (cached from then on) and
    warms all; and how many queries one route of the ``team`` library sends its database."""
    from skillrouter.store.ledger.postgres import PgConnection

    for lib in libs.values():
        for task in queries:
            lib.route(task)
    times: dict[str, list[float]] = {b: [] for b in libs}
    for _ in range(3):
        for task in queries:
            for backend, lib in libs.items():
                start = time.perf_counter()
                lib.route(task)
                times[backend].append((time.perf_counter() - start) * 1000)
    counted = {"queries": 0}
    real_rows = PgConnection.rows

    def counting(self: PgConnection, sql: str, args: Any = ()) -> list[Any]:
        counted["queries"] += 1
        return real_rows(self, sql, args)

    PgConnection.rows = counting  # type: ignore[method-assign]
    try:
        libs[team].route(queries[0])
    finally:
        PgConnection.rows = real_rows  # type: ignore[method-assign]
    return times, counted["queries"]


def route_latency(folder: Path, url: str, tasks: int) -> dict[str, dict[str, float]]:
    """Route p50/p95 (ms) over the hermes library, per backend, tasks interleaved."""
    from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder
    from skillrouter.eval.loading import load_library
    from skillrouter.eval.suite import default_data_dir

    hermes = default_data_dir() / "skill-libraries" / "hermes-agent-0.19.0"
    model = SentenceTransformerEmbedder()
    cache = EmbeddingCache(folder / "embeddings.db")  # one cache: each text is embedded once for both
    libs = {}
    for backend, ledger_url in (("sqlite", ""), ("postgres", url)):
        lib = SkillLibrary(Store(folder / backend, ledger_url=ledger_url), CachedEmbedder(model, cache))
        load_library(lib, [hermes])
        lib.sync()
        libs[backend] = lib
    sizes = {b: len(lib.store.names()) for b, lib in libs.items()}
    queries = hermes_tasks()[:tasks]
    times, per_route = time_routes(libs, queries, "postgres")
    for lib in libs.values():
        lib.close()
    out = {
        b: {"skills": sizes[b], "p50": percentile(t, 0.5), "p95": percentile(t, 0.95)}
        for b, t in times.items()
    }
    out["postgres"]["queries"] = per_route
    return out


def hermes_tasks() -> list[str]:
    spec = importlib.util.spec_from_file_location(
        "hermes_tasks", ROOT / "tests" / "integration" / "test_core_hermes.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [t for t, _ in module.COVERED] + list(module.UNCOVERED)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", nargs="+", type=int, default=[1, 4, 16])
    parser.add_argument("--records", type=int, default=200, help="outcomes per writer")
    parser.add_argument("--tasks", type=int, default=60, help="route: tasks (each routed 3 times)")
    parser.add_argument("--pg-url", default=None, help="an empty PostgreSQL database (default: start one)")
    parser.add_argument("--no-route", action="store_true", help="only the record_outcome table")
    args = parser.parse_args()
    server = None
    url = args.pg_url
    if url is None:
        support = pg_support()
        if not support.available():
            raise SystemExit(support.MISSING)
        server = support.PgServer(durable=True)
        server.start()
        url = server.new_database()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            print(f"record_outcome: {args.records} outcomes per writer, one skill, {os.cpu_count()} CPUs")
            lazy = url + ("&" if "?" in url else "?") + "options=-c%20synchronous_commit%3Doff"
            print(
                f"{'writers':>8} {'sqlite /s':>10} {'postgres /s':>12} {'pg/sqlite':>10} "
                f"{'pg async /s':>12} {'async/sqlite':>13}  exact"
            )
            for writers in args.writers:
                lite, lite_ok = record_throughput(folder / "sqlite", None, writers, args.records)
                pg, pg_ok = record_throughput(folder / "postgres", url, writers, args.records)
                fast, fast_ok = record_throughput(folder / "postgres-async", lazy, writers, args.records)
                exact = "yes" if lite_ok and pg_ok and fast_ok else f"NO ({lite_ok}, {pg_ok}, {fast_ok})"
                print(
                    f"{writers:>8} {lite:>10.0f} {pg:>12.0f} {pg / lite:>10.2f} {fast:>12.0f} "
                    f"{fast / lite:>13.2f}  {exact}"
                )
            if not args.no_route:
                found = route_latency(folder / "route", url, args.tasks)
                print(f"\nroute, hermes-agent 0.19.0, query embeddings cached, {args.tasks} tasks x 3")
                print(f"{'ledger':>9} {'skills':>7} {'p50 ms':>8} {'p95 ms':>8}")
                for backend, row in found.items():
                    print(f"{backend:>9} {row['skills']:>7} {row['p50']:>8.2f} {row['p95']:>8.2f}")
                ratio = found["postgres"]["p50"] / found["sqlite"]["p50"]
                print(
                    f"postgres/sqlite p50: {ratio:.2f}; ledger queries per route (postgres): "
                    f"{found['postgres']['queries']}"
                )
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
