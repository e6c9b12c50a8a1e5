"""The self-improving loop's levers, each taken away from the shipped defaults, over several
evolution streams; or one lever swept over values (how its default was chosen).

The levers:

- the **outlier rule** of the rule book: a fitted score more than ``outlier_margin`` points
  below the average of a skill with at least ``OUTLIER_MIN_USES`` fitted uses does not revise
  it (:func:`skillrouter.rules.should_revise`); off: margin 9, which no score of 1-10 can fall
  below an average by;
- the router's **misfit share**: a skill's relevance loses ``misfit_share_weight`` times the
  share of misfits among its judged routes (:func:`skillrouter.routing.scoring.misfit_share_penalty`);
  off: weight 0;
- **folding**: two skills both relevant to a task one of them served well, whose documents'
  centroids are at least ``fold_threshold`` similar, are put to the judge of "one skill"
  (:func:`skillrouter.rules.fold_offers`); off: a threshold above 1, which no cosine reaches.

For each seed this runs ``skillrouter eval evolution --seed N --policy shrunk --agent-tasks 0``
once per variant on the same stream, in one process with one embedder (cached vectors), and
prints the issue's metrics per run, then the mean of each variant over the seeds.

    .venv/bin/python benchmarks/loop_levers.py [--seeds 0 1 2 3 4] [--json OUT]
    .venv/bin/python benchmarks/loop_levers.py --vary fold_threshold 1.01 0.5 0.45 0.4 0.35
    .venv/bin/python benchmarks/loop_levers.py --vary misfit_share_weight 0 0.1 0.2 0.4
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from statistics import mean
from typing import Any

from skillrouter.eval.datasets import load_dataset
from skillrouter.eval.evolution import EvolutionConfig, run_policies
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder
from skillrouter.eval.suite import default_data_dir

from skillrouter.rules import LoopRules

OFF: dict[str, dict[str, float]] = {
    "shipped": {},
    "no outlier rule": {"outlier_margin": 9.0},  # no score of 1-10 lies 9 points below an average
    "no misfit share": {"misfit_share_weight": 0.0},
    "no folding": {"fold_threshold": 1.01},  # no cosine similarity reaches it
}
COLUMNS: tuple[tuple[str, str, str], ...] = (  # (summary key, header, format)
    ("revisions", "revisions", "{:.1f}"),
    ("revisions_after_misroute", "after misroute", "{:.1f}"),
    ("revisions_after_misroute_share", "share", "{:.3f}"),
    ("reuse_precision", "reuse prec.", "{:.3f}"),
    ("probe_p_at_1_end", "probe P@1", "{:.3f}"),
    ("success_rate_second_half", "2nd-half succ.", "{:.3f}"),
    ("max_loop_duplicates_per_kind", "most loop dupes", "{:.1f}"),
    ("max_duplicates_per_kind", "most dupes", "{:.1f}"),
    ("final_duplicates", "dupes", "{:.1f}"),
    ("final_kinds_covered", "kinds", "{:.1f}"),
    ("folded", "folded", "{:.1f}"),
    ("folded_other_kind", "wrong folds", "{:.1f}"),
)
WIDTH = 24


def line(
    seed: str,
    variant: str,
    summary: dict[str, Any],
    columns: Sequence[tuple[str, str, str]] = COLUMNS,
    width: int = WIDTH,
) -> str:
    """One row of a run's summary: ``columns`` are (summary key, header, format)."""
    cells = [fmt.format(summary[key] or 0).rjust(max(len(head), 5)) for key, head, fmt in columns]
    return f"{seed:>4}  {variant:<{width}}  " + "  ".join(cells)


def header(columns: Sequence[tuple[str, str, str]] = COLUMNS, width: int = WIDTH) -> str:
    return f"{'seed':>4}  {'variant':<{width}}  " + "  ".join(
        head.rjust(max(len(head), 5)) for _, head, _ in columns
    )


def variants_of(vary: list[str] | None) -> dict[str, dict[str, float]]:
    if not vary:
        return OFF
    name, values = vary[0], vary[1:]
    known = {f.name: f.type for f in (*fields(EvolutionConfig), *fields(LoopRules)) if f.name != "rules"}
    if name not in known or not values:
        raise SystemExit(f"--vary takes a setting of EvolutionConfig ({', '.join(sorted(known))}) and values")
    kind = int if known[name] in (int, "int") else float
    return {f"{name} {v}": {name: kind(v)} for v in values}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument(
        "--data", type=Path, default=None, help="the shared data folder (default: ../shared/data)"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write every summary here")
    parser.add_argument(
        "--vary",
        nargs="+",
        metavar=("SETTING", "VALUE"),
        default=None,
        help="sweep one setting over the values given (the others at their defaults)",
    )
    args = parser.parse_args()
    variants = variants_of(args.vary)
    data = load_dataset(f"metatool:{(args.data or default_data_dir()) / 'metatool'}", include_no_tool=False)
    embedder = make_embedder(EmbedderSpec(None), default_cache_dir())
    keys = [key for key, _, _ in COLUMNS]
    results: list[dict[str, Any]] = []
    print(header())
    for seed in args.seeds:
        for variant, levers in variants.items():
            config = EvolutionConfig.of(seed=seed, policies=("shrunk",), **levers)
            _, runs = run_policies(data.queries, config, embedder)
            summary = {k: runs[0].summary[k] for k in keys}
            results.append({"seed": seed, "variant": variant, **levers, **summary})
            print(line(str(seed), variant, summary), flush=True)
    for variant in variants:
        rows = [r for r in results if r["variant"] == variant]
        print(line("mean", variant, {k: mean(r[k] or 0 for r in rows) for k in keys}))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
