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
misfit weight (:func:`skillrouter.router.rank_candidates`, the router's own rule), with the
threshold fitted again on the same calibration routes: the candidates and their nearest-misfit
similarities do not depend on the weight, only which misfits were learned does (routes made
while learning used the default weight), so a grid point other than the default is close to,
not exactly, a run at that weight.

Corpora: ``metatool`` (199 tools, its 21,134 labelled and no-tool queries), ``seal`` (Seal-Tools'
4,076 tools, its 2,054 dev and test queries), ``hermes`` (177 skills, 174 tasks), ``antigravity``
(540 skills, 121 tasks).

    .venv/bin/python benchmarks/misfits.py [--corpus metatool seal hermes antigravity] [--weights 0 0.5 1 2 4]
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
        return RoutingSetup(queries=load_queries_jsonl(TASKS_DIR / "hermes_tasks.jsonl"),
                            skills=[libraries / "hermes-agent-0.19.0"], name=name)
    if name == "antigravity":
        return RoutingSetup(queries=load_queries_jsonl(TASKS_DIR / "antigravity_tasks.jsonl"),
                            skills=[libraries / "antigravity-awesome-skills"], name=name)
    raise SystemExit(f"unknown corpus {name!r}")


def cell(value: float | None, base: float | None) -> str:
    if value is None:
        return f"{'-':>8} {'':8}"
    return f"{value:>8.3f} ({value - (base or 0.0):+.3f})"


def at_weight(run: RoutingRun, weight: float) -> dict[str, Any]:
    """The test metrics with the test routes re-ranked at misfit ``weight`` (threshold refitted)."""
    threshold = fit_threshold([r.result(run.keyword_weight, run.quality_weight, weight) for r in run.calibration])
    results = [r.result(run.keyword_weight, run.quality_weight, weight) for r in run.routed]
    return routing_metrics(results, k=run.metrics["k"], threshold=threshold)


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", nargs="+", default=["metatool", "seal", "hermes", "antigravity"])
    parser.add_argument("--weights", nargs="*", type=float, default=[])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--json", type=Path, default=None, help="write every number here")
    args = parser.parse_args()
    data = args.data or default_data_dir()
    embedder = make_embedder(EmbedderSpec(), default_cache_dir())
    out: dict[str, Any] = {}
    print(f"{'corpus':12} {'run':22} " + " ".join(f"{k:>17}" for k in KEYS) + "  misfits  seconds")
    for name in args.corpus:
        s = setup(name, data)
        runs = {}
        for label, negatives in (("outcomes only", False), ("outcomes + misfits", True)):
            started = time.perf_counter()
            runs[label] = evaluate_routing(s, EmbedderSpec(), RoutingConfig(train_frac=0.5, seed=0, learn=True,
                                                                             negatives=negatives, latency_sample=0),
                                           embedder=embedder)
            runs[label].timings["total"] = time.perf_counter() - started
        base = runs["outcomes only"].metrics
        out[name] = {}
        for label, run in runs.items():
            m = run.metrics
            cells = " ".join(cell(m[k], base[k]) for k in KEYS)
            print(f"{name:12} {label:22} {cells}  {run.fitted['misfits']:>7}  {run.timings['total']:>7.0f}")
            out[name][label] = {k: _round(m[k]) for k in (*KEYS, "threshold")} | {
                "misfits": run.fitted["misfits"], "learned": run.fitted["learned"],
                "misfit_weight": run.fitted["misfit_weight"]}
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
