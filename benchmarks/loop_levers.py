"""Two levers of the self-improving loop, each off and on, over several evolution streams.

- the **outlier rule** of the rule book: a fitted score more than ``outlier_margin`` points
  below the average of a skill with at least ``OUTLIER_MIN_USES`` fitted uses does not revise
  it (:func:`skillrouter.rules.should_revise`); off: margin 9, which no score of 1-10 can fall
  below an average by;
- the router's **misfit share**: a skill's relevance loses ``misfit_share_weight`` times the
  share of misfits among its judged routes (:func:`skillrouter.scoring.misfit_share_penalty`);
  off: weight 0.

For each seed this runs ``skillrouter eval evolution --seed N --policy shrunk --agent-tasks 0``
four times on the same stream (neither lever, each alone, both: the shipped defaults), in one
process with one embedder (cached vectors), and prints the issue's metrics: revisions and those
after a misroute, reuse precision, probe P@1 at the end, second-half success, and the most
duplicates the loop made for one kind; then the mean of each variant over the seeds.

    .venv/bin/python benchmarks/loop_levers.py [--seeds 0 1 2 3 4] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from statistics import mean
from typing import Any

from skillrouter.eval.datasets import load_dataset
from skillrouter.eval.evolution import EvolutionConfig, run_policies
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder
from skillrouter.eval.suite import default_data_dir

OUTLIER_OFF = 9.0  # no score of 1-10 lies more than 9 points below an average of 1-10
SHIPPED = EvolutionConfig()
VARIANTS: dict[str, dict[str, float]] = {
    "neither": {"outlier_margin": OUTLIER_OFF, "misfit_share_weight": 0.0},
    "outlier rule": {"outlier_margin": SHIPPED.outlier_margin, "misfit_share_weight": 0.0},
    "misfit share": {"outlier_margin": OUTLIER_OFF, "misfit_share_weight": SHIPPED.misfit_share_weight},
    "both (shipped)": {"outlier_margin": SHIPPED.outlier_margin, "misfit_share_weight": SHIPPED.misfit_share_weight},
}
KEYS = ("revisions", "revisions_after_misroute", "revisions_after_misroute_share", "reuse_precision",
        "probe_p_at_1_end", "success_rate_second_half", "max_loop_duplicates_per_kind")
HEADER = (f"{'seed':>4}  {'variant':<14}  {'revisions':>9}  {'after misroute':>14}  {'share':>5}  "
          f"{'reuse prec.':>11}  {'probe P@1':>9}  {'2nd-half succ.':>14}  {'most loop dupes':>15}")


def line(seed: str, variant: str, s: dict[str, Any]) -> str:
    return (f"{seed:>4}  {variant:<14}  {s['revisions']:>9.1f}  {s['revisions_after_misroute']:>14.1f}  "
            f"{s['revisions_after_misroute_share'] or 0:>5.3f}  {s['reuse_precision']:>11.3f}  "
            f"{s['probe_p_at_1_end']:>9.3f}  {s['success_rate_second_half']:>14.3f}  "
            f"{s['max_loop_duplicates_per_kind']:>15.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: ../shared/data)")
    parser.add_argument("--json", type=Path, default=None, help="also write every summary here")
    args = parser.parse_args()
    data = load_dataset(f"metatool:{(args.data or default_data_dir()) / 'metatool'}", include_no_tool=False)
    embedder = make_embedder(EmbedderSpec(None), default_cache_dir())
    results: list[dict[str, Any]] = []
    print(HEADER)
    for seed in args.seeds:
        for variant, levers in VARIANTS.items():
            config = EvolutionConfig(seed=seed, policies=("shrunk",), **levers)  # type: ignore[arg-type]
            _, runs = run_policies(data.queries, config, embedder)
            summary = {k: runs[0].summary[k] for k in KEYS}
            results.append({"seed": seed, "variant": variant, **levers, **summary})
            print(line(str(seed), variant, summary), flush=True)
    for variant in VARIANTS:
        rows = [r for r in results if r["variant"] == variant]
        print(line("mean", variant, {k: mean(r[k] or 0 for r in rows) for k in KEYS}))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
