"""Misfits (negative examples) in routing, measured where learning happens.

A cold library has no misfits, so the routing suite cannot move; misfits come from learning.
For each corpus this runs ``skillrouter eval routing --train-frac 0.5 --seed 0 --learn``
twice on one embedder (cached vectors), in one process:

- **outcomes only** (``--no-negatives``), the baseline: each train query a good outcome of its
  gold skill;
- **outcomes and misfits** (the default): each train query routed too, and kept as a misfit of
  a skill it was routed to that is not gold.

and prints P@1, MRR, abstain F1 and decision accuracy on the test part side by side with
their difference. With ``--weights``, the second run's test routes are also re-ranked at each
misfit weight (:func:`skillrouter.routing.router.rank_candidates`, the router's own rule), with the
threshold fitted again on the same calibration routes: the candidates and their nearest-misfit
similarities do not depend on the weight, only which misfits were learned does (routes made
while learning used the default weight), so a grid point other than the default is close to,
not exactly, a run at that weight.

``--latency N`` times the misfit lookup instead: the corpus's train part is learned with
misfits into one library, then N test queries are routed one at a time (model called without
the cache) by the same router with misfits on and off (``misfit_weight=0`` skips the lookup),
interleaved, and p50 / p95 and their ratio are printed.

Corpora: ``metatool`` (199 tools, its 21,134 labelled and no-tool queries), ``seal`` (Seal-Tools'
4,076 tools, its 2,054 dev and test queries), ``hermes`` (177 skills, 174 tasks), ``antigravity``
(540 skills, 121 tasks).

    .venv/bin/python benchmarks/misfits.py [--corpus metatool seal hermes antigravity] [--weights 0 0.5 1 2 4]
    .venv/bin/python benchmarks/misfits.py --corpus metatool --latency 200
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from skillrouter.eval.datasets import load_metatool, load_queries_jsonl, load_seal_tools
from skillrouter.eval.metrics import fit_threshold, routing_metrics
from skillrouter.eval.routing import (
    EmbedderSpec,
    RoutingConfig,
    RoutingRun,
    RoutingSetup,
    default_cache_dir,
    evaluate_routing,
    make_embedder,
)
from skillrouter.eval.suite import TASKS_DIR, default_data_dir

KEYS = ("p_at_1", "mrr", "abstain_f1", "decision_accuracy")


def setup(name: str, data: Path) -> RoutingSetup:
    libraries = data / "skill-libraries"
    if name == "metatool":
        mt = load_metatool(data / "metatool")
        return RoutingSetup(queries=mt.queries, tools=mt.tools, name=name)
    if name == "seal":
        st = load_seal_tools(data / "seal-tools")
        return RoutingSetup(queries=st.queries, tools=st.tools, name=name)
    if name == "hermes":
        return RoutingSetup(
            queries=load_queries_jsonl(TASKS_DIR / "hermes_tasks.jsonl"),
            skills=[libraries / "hermes-agent-0.19.0"],
            name=name,
        )
    if name == "antigravity":
        return RoutingSetup(
            queries=load_queries_jsonl(TASKS_DIR / "antigravity_tasks.jsonl"),
            skills=[libraries / "antigravity-awesome-skills"],
            name=name,
        )
    raise SystemExit(f"unknown corpus {name!r}")


def cell(value: float | None, base: float | None) -> str:
    if value is None:
        return f"{'-':>8} {'':8}"
    return f"{value:>8.3f} ({value - (base or 0.0):+.3f})"


def at_weight(run: RoutingRun, weight: float) -> dict[str, Any]:
    """The test metrics with the test routes re-ranked at misfit ``weight`` (threshold refitted)."""
    threshold = fit_threshold(
        [r.result(run.keyword_weight, run.quality_weight, weight) for r in run.calibration]
    )
    results = [r.result(run.keyword_weight, run.quality_weight, weight) for r in run.routed]
    return routing_metrics(results, k=run.metrics["k"], threshold=threshold)


def latency(s: RoutingSetup, sample: int) -> None:
    """p50 / p95 of single routes with and without the misfit lookup, on one learned library."""
    import copy
    import shutil
    import statistics
    import tempfile

    from skillrouter.embeddings import CachedEmbedder, limit_threads
    from skillrouter.eval.datasets import split
    from skillrouter.eval.loading import add_tools, load_library

    from skillrouter import SkillLibrary, Store

    limit_threads()
    embedder = make_embedder(EmbedderSpec(), default_cache_dir())
    work = Path(tempfile.mkdtemp(prefix="misfit-latency-"))
    try:
        with SkillLibrary(Store(work / "store"), embedder) as lib:
            if s.tools:
                add_tools(lib, s.tools)
            if s.skills:
                load_library(lib, s.skills)
            train, test = split(s.queries, 0.5, seed=0)
            for start in range(0, len(train), 256):
                chunk = train[start : start + 256]
                for q, route in zip(chunk, lib.route_many([q.query for q in chunk])):
                    for name in q.gold:
                        lib.record_outcome(name, 10.0, task=q.query)
                    if route.matched is not None and route.matched.name not in q.gold:
                        lib.record_misfit(route.matched.name, q.query)
            lib.sync()
            assert isinstance(embedder, CachedEmbedder)
            routers = {}
            for label, weight in (("misfits on", lib.routing.misfit_weight), ("misfits off", 0.0)):
                router = copy.copy(lib.router)
                router.settings = router.settings.replace(misfit_weight=weight)
                router.index = copy.copy(lib.index)
                router.index.embedder = embedder.inner  # a new task: the model is called
                router.route("warm up")
                routers[label] = router
            times: dict[str, list[float]] = {label: [] for label in routers}
            for q in test[:: max(1, len(test) // sample)][:sample]:
                for label, router in routers.items():
                    started = time.perf_counter()
                    router.route(q.query)
                    times[label].append((time.perf_counter() - started) * 1000)
            print(
                f"{s.name}: {len(lib.store.names())} skills, {len(lib.store.ledger.examples())} examples, "
                f"{len(lib.store.ledger.misfits())} misfits; {len(times['misfits on'])} single routes each"
            )
            p50 = {label: statistics.median(t) for label, t in times.items()}
            for label, t in times.items():
                p95 = sorted(t)[round(0.95 * (len(t) - 1))]
                print(f"  {label:12} p50 {p50[label]:6.1f} ms  p95 {p95:6.1f} ms")
            print(f"  ratio p50 on/off: {p50['misfits on'] / p50['misfits off']:.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", nargs="+", default=["metatool", "seal", "hermes", "antigravity"])
    parser.add_argument("--weights", nargs="*", type=float, default=[])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write every number here")
    parser.add_argument("--latency", type=int, default=0, metavar="N", help="time N single routes instead")
    args = parser.parse_args()
    data = args.data or default_data_dir()
    if args.latency:
        for name in args.corpus:
            latency(setup(name, data), args.latency)
        return 0
    embedder = make_embedder(EmbedderSpec(), default_cache_dir())
    out: dict[str, Any] = {}
    print(f"{'corpus':12} {'run':22} " + " ".join(f"{k:>17}" for k in KEYS) + "  misfits  seconds")
    for name in args.corpus:
        s = setup(name, data)
        runs = {}
        for label, negatives in (("outcomes only", False), ("outcomes + misfits", True)):
            started = time.perf_counter()
            runs[label] = evaluate_routing(
                s,
                EmbedderSpec(),
                RoutingConfig(train_frac=0.5, seed=0, learn=True, negatives=negatives, latency_sample=0),
                embedder=embedder,
            )
            runs[label].timings["total"] = time.perf_counter() - started
        base = runs["outcomes only"].metrics
        out[name] = {}
        for label, run in runs.items():
            m = run.metrics
            cells = " ".join(cell(m[k], base[k]) for k in KEYS)
            print(f"{name:12} {label:22} {cells}  {run.fitted['misfits']:>7}  {run.timings['total']:>7.0f}")
            out[name][label] = {k: _round(m[k]) for k in (*KEYS, "threshold")} | {
                "misfits": run.fitted["misfits"],
                "learned": run.fitted["learned"],
                "misfit_weight": run.fitted["misfit_weight"],
            }
        for weight in args.weights:
            m = at_weight(runs["outcomes + misfits"], weight)
            cells = " ".join(cell(m[k], base[k]) for k in KEYS)
            print(f"{name:12} {f'  re-ranked at w={weight:g}':22} {cells}")
            out[name][f"w={weight:g}"] = {k: _round(m[k]) for k in (*KEYS, "threshold")}
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
