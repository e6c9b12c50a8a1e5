"""Team mode (PostgreSQL for the library, skillrouter.store.team) against the embedded store
(SQLite and files), measured in one run. Every number printed, none asserted (a shared machine's
timings are noisy: read the ratios).

- ``import``: the three real libraries (hermes-agent 177, anthropics 12, antigravity 540) through
  ``SkillLibrary.import_skills`` (the security gate on) into a new embedded store and into a new
  team database, the embedding cache warm for both (one pass fills it first), so what is timed
  is reading, scanning and storing: rows, files and, for team mode, the files' blobs sent to the
  database and the copy recorded. Wall seconds and skills per second, with their ratio.
- ``route``: in-process ``SkillLibrary.route`` p50/p95 at 177 skills (hermes-agent) and at about
  5,000 (hermes plus synthetic skills from benchmarks/scale.py), the same tasks interleaved over
  the two stores, query embeddings cached after a first pass, so the route itself is timed (the
  index, the keyword index, ranking and the ledger's reads); both stores use an embedded Chroma
  folder, so the only difference is where the library lives. A team route reads no database (its
  process's view, kept in step by LISTEN/NOTIFY): the queries one route made are counted.
- ``record_outcome`` with 1, 4 and 16 writers is benchmarks/ledger_backends.py's table.

PostgreSQL: ``--pg-url`` (an empty database you own; a new one is made per part with
``CREATE DATABASE`` on its server), else a server started for the run in a temporary
folder (tests/pg_support.py), fsync on.

    .venv/bin/python benchmarks/team_mode.py [--sizes 177 5000] [--tasks 40] [--no-import]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder
from skillrouter.eval.suite import default_data_dir

from skillrouter import SkillLibrary, Store


def _module(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def libraries() -> list[Path]:
    root = default_data_dir() / "skill-libraries"
    return [root / "hermes-agent-0.19.0", root / "anthropics-skills", root / "antigravity-awesome-skills"]


def open_lib(folder: Path, url: str | None, embedder: CachedEmbedder) -> SkillLibrary:
    return SkillLibrary(Store(folder, ledger_url=url or ""), embedder, multilingual=False)


def import_both(folder: Path, new_db: Any, embedder: CachedEmbedder) -> None:
    paths = libraries()
    with open_lib(folder / "warm", None, embedder) as lib:  # fills the embedding cache for both
        lib.import_skills(paths)
    took: dict[str, tuple[float, int]] = {}
    for backend in ("embedded", "team"):
        url = new_db() if backend == "team" else None
        with open_lib(folder / f"import-{backend}", url, embedder) as lib:
            start = time.perf_counter()
            report = lib.import_skills(paths)
            took[backend] = (time.perf_counter() - start, len(report.added))
    print(f"\nimport of {', '.join(p.name for p in paths)} (gate on, embedding cache warm)")
    print(f"{'store':>9} {'skills':>7} {'seconds':>8} {'skills/s':>9}")
    for backend, (seconds, added) in took.items():
        print(f"{backend:>9} {added:>7} {seconds:>8.1f} {added / seconds:>9.1f}")
    print(f"team/embedded time: {took['team'][0] / took['embedded'][0]:.2f}")


def route_both(folder: Path, new_db: Any, embedder: CachedEmbedder, size: int, tasks: int) -> dict[str, Any]:
    from skillrouter.eval.loading import load_library

    hermes = libraries()[0]
    extra = folder / f"synthetic-{size}.jsonl"
    scale = _module("scale", ROOT / "benchmarks" / "scale.py")
    if size > 177:
        extra.write_text("".join(json.dumps(s) + "\n" for s in scale.skills(size - 177)))
    libs = {}
    for backend in ("embedded", "team"):
        lib = open_lib(folder / f"route-{backend}-{size}", new_db() if backend == "team" else None, embedder)
        load_library(lib, [hermes, *([extra] if size > 177 else [])])
        lib.sync()
        libs[backend] = lib
    backends = _module("ledger_backends", ROOT / "benchmarks" / "ledger_backends.py")
    queries = backends.hermes_tasks()[: tasks // 2]
    queries += scale.tasks(tasks - len(queries))
    times, per_route = backends.time_routes(libs, queries, "team")
    percentile = backends.percentile
    sizes = {b: len(lib.names()) for b, lib in libs.items()}
    for lib in libs.values():
        lib.close()
    return {
        b: {"skills": sizes[b], "p50": percentile(t, 0.5), "p95": percentile(t, 0.95)}
        for b, t in times.items()
    } | {"queries": per_route}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", nargs="+", type=int, default=[177, 5000])
    parser.add_argument("--tasks", type=int, default=40, help="route: tasks (each routed 3 times)")
    parser.add_argument("--pg-url", default=None, help="a PostgreSQL server's database (default: start one)")
    parser.add_argument("--no-import", action="store_true")
    parser.add_argument("--no-route", action="store_true")
    args = parser.parse_args()
    support = _module("pg_support", ROOT / "tests" / "pg_support.py")
    server = None
    if args.pg_url is None:
        if not support.available():
            raise SystemExit(support.MISSING)
        server = support.PgServer(durable=True)
        server.start()
        new_db = server.new_database
    else:

        def new_db() -> str:  # a database per store, on the server of --pg-url
            import uuid

            import psycopg

            name = f"skillrouter_bench_{uuid.uuid4().hex[:10]}"
            with psycopg.connect(args.pg_url, autocommit=True) as db:
                db.execute(f"CREATE DATABASE {name}")
            return args.pg_url.rsplit("/", 1)[0] + f"/{name}"

    model = SentenceTransformerEmbedder()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            embedder = CachedEmbedder(model, EmbeddingCache(folder / "embeddings.db"))
            if not args.no_import:
                import_both(folder, new_db, embedder)
            if not args.no_route:
                print(f"\nroute, in-process, query embeddings cached, {args.tasks} tasks x 3, interleaved")
                print(
                    f"{'skills':>7} {'embedded p50':>13} {'team p50':>9} {'team/emb':>9} "
                    f"{'emb p95':>8} {'team p95':>9} {'db queries/route':>17}"
                )
                for size in args.sizes:
                    row = route_both(folder, new_db, embedder, size, args.tasks)
                    emb, team = row["embedded"], row["team"]
                    print(
                        f"{team['skills']:>7} {emb['p50']:>13.2f} {team['p50']:>9.2f} "
                        f"{team['p50'] / emb['p50']:>9.2f} {emb['p95']:>8.2f} {team['p95']:>9.2f} "
                        f"{row['queries']:>17}"
                    )
            embedder.cache.close()
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    main()
