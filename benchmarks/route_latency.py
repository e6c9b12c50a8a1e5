"""Route latency against a bare query embedding, by library size, in one run.

For each library it builds a throwaway store, warms the model, then times unique tasks one at
a time (the model is called without the embedding cache, as for a new task):

- ``embed``: the bare query embedding, the floor any router pays;
- ``dense``: the store refresh and ``Router.route`` on the dense index alone (no keyword
  index): the route as it was before keyword fusion;
- ``route``: ``SkillLibrary.route`` as shipped (store refresh, dense + keyword candidates,
  ranking, gate).

It prints p50 / p95 in milliseconds and the ratios to ``embed``. Libraries: ``hermes`` (177
skills), ``all`` (the three real libraries, 725), ``seal`` (Seal-Tools' 4,076 tools) and
``metatool+seal`` (4,275). Tasks are MetaTool queries (unique, seeded sample).

    .venv/bin/python benchmarks/route_latency.py [--libraries hermes all seal] [--tasks 200]
"""

from __future__ import annotations

import argparse
import copy
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from skillrouter.embeddings import CachedEmbedder, limit_threads
from skillrouter.eval.datasets import load_metatool, load_seal_tools
from skillrouter.eval.loading import add_tools, load_library
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder
from skillrouter.eval.suite import default_data_dir

from skillrouter import SkillLibrary, Store
from skillrouter.router import Router


def fill(lib: SkillLibrary, which: str, data: Path) -> None:
    libraries = data / "skill-libraries"
    if which == "hermes":
        load_library(lib, [libraries / "hermes-agent-0.19.0"])
    elif which == "all":
        load_library(lib, [libraries])
    elif which == "seal":
        add_tools(lib, load_seal_tools(data / "seal-tools").tools)
    elif which == "metatool+seal":
        add_tools(lib, load_metatool(data / "metatool").tools)
        add_tools(lib, [t for t in load_seal_tools(data / "seal-tools").tools if t.name not in lib.store])
    else:
        raise SystemExit(f"unknown library {which!r}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--libraries", nargs="+", default=["hermes", "all", "seal"])
    parser.add_argument("--tasks", type=int, default=200)
    parser.add_argument("--data", type=Path, default=default_data_dir())
    args = parser.parse_args()
    limit_threads()
    queries = [q.query for q in load_metatool(args.data / "metatool").queries]
    tasks = random.Random(0).sample(sorted(set(queries)), args.tasks * 3)
    embedder = make_embedder(EmbedderSpec(), default_cache_dir())
    model = embedder.inner if isinstance(embedder, CachedEmbedder) else embedder
    print(f"{'library':<15}{'skills':>7}  {'embed p50/p95':>14}  {'dense p50/p95':>14}  {'route p50/p95':>14}"
          f"  {'dense/embed':>11}  {'route/embed':>11}")
    for offset, which in enumerate(args.libraries):
        work = Path(tempfile.mkdtemp(prefix="skillrouter-latency-"))
        try:
            lib = SkillLibrary(Store(work / "store"), embedder)
            fill(lib, which, args.data)
            lib.sync()
            uncached = copy.copy(lib.index)  # the same index, queried with the model itself
            uncached.embedder = model
            dense = Router(lib.store, uncached)
            lib.router.index = uncached
            mine = tasks[offset::3][: args.tasks] if len(args.libraries) <= 3 else tasks[: args.tasks]
            for warm in mine[:5]:
                model.embed_query(warm + " warm")
                lib.route(warm + " warm")
                dense.route(warm + " warm")
            times: dict[str, list[float]] = {"embed": [], "dense": [], "route": []}
            for task in mine:  # interleaved, so drift in machine load hits all three alike
                for label, call in (("embed", model.embed_query), ("dense", lambda t, lib=lib, dense=dense: (lib.sync(), dense.route(t))),
                                    ("route", lib.route)):
                    started = time.perf_counter()
                    call(task)
                    times[label].append((time.perf_counter() - started) * 1000)
            p50 = {k: statistics.median(v) for k, v in times.items()}
            p95 = {k: percentile(v, 0.95) for k, v in times.items()}
            print(f"{which:<15}{len(lib.store.names()):>7}  {p50['embed']:>6.1f}/{p95['embed']:<7.1f}"
                  f"  {p50['dense']:>6.1f}/{p95['dense']:<7.1f}  {p50['route']:>6.1f}/{p95['route']:<7.1f}"
                  f"  {p50['dense'] / p50['embed']:>11.2f}  {p50['route'] / p50['embed']:>11.2f}", flush=True)
            lib.close()
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
