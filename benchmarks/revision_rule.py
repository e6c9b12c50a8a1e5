"""The rule book's outlier rule for revisions, on and off, over several evolution streams.

A fitted score more than ``outlier_margin`` points below the average of a skill with at least
``OUTLIER_MIN_USES`` fitted uses does not revise it (:func:`skillrouter.rules.should_revise`).
For each seed this runs ``skillrouter eval evolution --seed N --policy shrunk --agent-tasks 0``
twice on the same stream, in one process with one embedder (cached vectors): with the rule at
the given margin, and with margin 9, which no score of 1-10 can fall below an average by (the
rule off). It prints, per seed and both ways, the issue's metrics: revisions and those after a
misroute, reuse precision, probe P@1 at the end, second-half success, and the most duplicates
the loop made for one kind.

    .venv/bin/python benchmarks/revision_rule.py [--seeds 0 1 2 3 4] [--margin 3] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from skillrouter.eval.datasets import load_dataset
from skillrouter.eval.evolution import EvolutionConfig, run_policies
from skillrouter.eval.routing import EmbedderSpec, default_cache_dir, make_embedder
from skillrouter.eval.suite import default_data_dir

OFF = 9.0  # no score of 1-10 lies more than 9 points below an average of 1-10: the rule never fires
KEYS = ("revisions", "revisions_after_misroute", "revisions_after_misroute_share", "reuse_precision",
        "probe_p_at_1_end", "success_rate_second_half", "max_loop_duplicates_per_kind")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2, 3, 4])
    parser.add_argument("--margin", type=float, default=EvolutionConfig().outlier_margin)
    parser.add_argument("--data", type=Path, default=None, help="the shared data folder (default: ../shared/data)")
    parser.add_argument("--json", type=Path, default=None, help="also write the summaries here")
    args = parser.parse_args()
    data = load_dataset(f"metatool:{(args.data or default_data_dir()) / 'metatool'}", include_no_tool=False)
    embedder = make_embedder(EmbedderSpec(None), default_cache_dir())
    results: list[dict[str, Any]] = []
    print("seed  rule  revisions  after misroute  share   reuse prec.  probe P@1  2nd-half succ.  most loop dupes")
    for seed in args.seeds:
        for label, margin in (("off", OFF), ("on", args.margin)):
            config = EvolutionConfig(seed=seed, policies=("shrunk",), outlier_margin=margin)
            _, runs = run_policies(data.queries, config, embedder)
            s = runs[0].summary
            results.append({"seed": seed, "rule": label, "margin": margin} | {k: s[k] for k in KEYS})
            print(f"{seed:>4}  {label:>4}  {s['revisions']:>9}  {s['revisions_after_misroute']:>14}  "
                  f"{s['revisions_after_misroute_share'] or 0:>5.3f}  {s['reuse_precision']:>11.3f}  "
                  f"{s['probe_p_at_1_end']:>9.3f}  {s['success_rate_second_half']:>14.3f}  "
                  f"{s['max_loop_duplicates_per_kind']:>15}", flush=True)
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
