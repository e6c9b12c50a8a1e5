"""Writing what the benchmarks found: terminal tables, report folders.

Routing (:func:`write_routing_report`)::

    DIR/report.md              setup, metrics side by side, what was fitted, plots, top confusions
    DIR/metrics.json           the --json object (a list of them with several embedders)
    DIR/errors.jsonl           every wrong decision with its top candidates and their scores
    DIR/precision_coverage.png precision against coverage as the threshold moves
    DIR/gold_rank.png          rank of the gold skill among the candidates

Evolution (:func:`write_evolution_report`)::

    DIR/summary.md             the simulation's rules, a table per policy, the curves
    DIR/metrics.json           config, per-policy summary and checkpoints
    DIR/learning_curves.png    the metrics over time, one line per policy
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from skillrouter.eval.metrics import gold_ranks, precision_coverage_curve
from skillrouter.eval.plots import gold_rank_plot, learning_curves_plot, precision_coverage_plot

__all__ = [
    "ROUTING_ROWS",
    "evolution_table",
    "routing_json",
    "routing_table",
    "write_evolution_report",
    "write_routing_report",
]

# (key, label) of the rows of the routing table, in order.
ROUTING_ROWS: tuple[tuple[str, str], ...] = (
    ("n_queries", "queries (test)"),
    ("n_answerable", "answerable"),
    ("p_at_1", "P@1"),
    ("recall_at_k", "recall@{k}"),
    ("mrr", "MRR"),
    ("ndcg_at_k", "nDCG@{k}"),
    ("abstain_precision", "abstain precision"),
    ("abstain_recall", "abstain recall"),
    ("abstain_f1", "abstain F1"),
    ("decision_accuracy", "decision accuracy"),
    ("coverage", "coverage"),
    ("routed_precision", "routed precision"),
    ("threshold", "threshold"),
    ("keyword_weight", "keyword weight"),
    ("latency_ms_p50", "latency p50 (ms)"),
    ("latency_ms_p95", "latency p95 (ms)"),
)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 100 else f"{value:.0f}"
    return str(value)


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], *, markdown: bool) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    if markdown:
        lines = [
            "| " + " | ".join(str(h) for h in header) + " |",
            "|"
            + "|".join("-" * (w + 2) if i == 0 else "-" * (w + 1) + ":" for i, w in enumerate(widths))
            + "|",
        ]
        lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
        return "\n".join(lines)
    lines = [
        "  ".join(
            str(h).ljust(w) if i == 0 else str(h).rjust(w) for i, (h, w) in enumerate(zip(header, widths))
        )
    ]
    lines.append("  ".join("-" * w for w in widths))
    lines += [
        "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths)))
        for row in rows
    ]
    return "\n".join(lines)


def routing_json(runs: Sequence[Any]) -> dict[str, Any] | list[dict[str, Any]]:
    """One embedder: its object; several: a list of them (each names its ``embedder``)."""
    data = [run.to_json() for run in runs]
    return data[0] if len(data) == 1 else data


def routing_table(runs: Sequence[Any], *, markdown: bool = False) -> str:
    """Metrics as rows, embedders as columns, each followed by the plain dense baseline on the
    same library and test queries when the run scored it (``RoutingConfig(baseline=True)``)."""
    k = runs[0].metrics["k"]
    header = ["metric"]
    for run in runs:
        header.append(run.embedder)
        if run.baseline is not None:
            header.append("plain dense" if len(runs) == 1 else f"plain dense ({run.embedder})")
    rows = []
    for key, label in ROUTING_ROWS:
        cells = [label.format(k=k)]
        for run in runs:
            cells.append(_cell(run.keyword_weight if key == "keyword_weight" else run.metrics.get(key)))
            if run.baseline is not None:
                cells.append(_cell(None if key == "keyword_weight" else run.baseline.get(key)))
        rows.append(cells)
    return _table(header, rows, markdown=markdown)


def fitting_note(run: Any) -> str:
    """One sentence on what was fitted, and on what."""
    fitted = run.fitted
    if not fitted.get("on"):
        return (
            f"Nothing was fitted: no train split was given, so the threshold {run.threshold:.3f} is "
            f"{'the one given' if fitted.get('threshold_given') else 'the router default gate'} and all "
            f"{run.metrics['n_queries']} queries are test queries."
        )
    parts = []
    if fitted.get("threshold"):
        parts.append(f"the threshold ({run.threshold:.3f}, best decision accuracy)")
    if fitted.get("keyword_weight"):
        parts.append(f"the keyword weight ({run.keyword_weight:.2f}, best P@1)")
    what = " and ".join(parts) if parts else "nothing (threshold and weight were given)"
    learned = f"; {fitted['learned']} train outcomes were learned first" if fitted.get("learned") else ""
    if fitted.get("learned") and fitted.get("negatives"):
        learned += f", with {fitted.get('misfits', 0)} misfits (weight {fitted.get('misfit_weight', 0):g})"
    return f"Fitted on the {fitted['on']}: {what}{learned}. Metrics are over the disjoint test part only."


def _curve(run: Any, points: int = 60) -> list[tuple[float, float, float]]:
    sims = sorted(r.top_similarity for r in run.results)
    if not sims:
        return []
    lo, hi = sims[0], sims[-1]
    grid = [lo + (hi - lo) * i / (points - 1) for i in range(points)] if hi > lo else [lo]
    return precision_coverage_curve(run.results, sorted(set(grid) | {run.threshold}))


def _errors(run: Any, limit: int) -> list[dict[str, Any]]:
    out = []
    for routed, result in zip(run.routed, run.results):
        if result.decision_correct(run.threshold):
            continue
        abstained = result.abstains(run.threshold)
        if abstained:
            kind = "false_abstain"
        elif not result.answerable:
            kind = "false_route"
        else:
            kind = "wrong_skill"
        rank = next((i for i, n in enumerate(result.ranked, 1) if n in result.gold), None)
        by_name = {c.name: c for c in routed.candidates}
        out.append(
            {
                "embedder": run.embedder,
                "query": result.query,
                "gold": list(result.gold),
                "error": kind,
                "routed_to": None if abstained else result.ranked[0],
                "gold_rank": rank,
                "top_relevance": round(result.top_similarity, 4),
                "threshold": round(run.threshold, 4),
                "candidates": [
                    by_name[n].to_dict() | {"score": round(s, 4)}
                    for n, s in list(zip(result.ranked, result.scores))[:limit]
                ],
            }
        )
    return out


def write_routing_report(
    runs: Sequence[Any],
    out_dir: Path,
    *,
    title: str,
    command: str,
    setup_lines: Sequence[str] = (),
    candidates: int = 5,
) -> dict[str, Path]:
    """Write report.md, metrics.json, errors.jsonl and two PNGs into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {
        name: out_dir / name
        for name in ("report.md", "metrics.json", "errors.jsonl", "precision_coverage.png", "gold_rank.png")
    }
    paths["metrics.json"].write_text(json.dumps(routing_json(runs), indent=2) + "\n", "utf-8")
    errors = [e for run in runs for e in _errors(run, candidates)]
    with paths["errors.jsonl"].open("w", encoding="utf-8") as fh:
        for e in errors:
            fh.write(json.dumps(e, ensure_ascii=False) + "\n")

    curves = {run.embedder: _curve(run) for run in runs}
    chosen = {}
    for run in runs:
        point = next((p for p in curves[run.embedder] if p[0] == run.threshold), None)
        if point is not None:
            chosen[run.embedder] = point
    precision_coverage_plot(
        curves,
        chosen,
        paths["precision_coverage.png"],
        title=f"{title}: precision vs coverage as the threshold moves (test part)",
    )
    depth = max(run.metrics["k"] for run in runs) * 2
    gold_rank_plot(
        {
            run.embedder: [r for r, res in zip(gold_ranks(run.results), run.results) if res.answerable]
            for run in runs
        },
        depth,
        paths["gold_rank.png"],
        title=f"{title}: rank of the gold skill (answerable test queries)",
    )

    lines = [f"# Routing evaluation: {title}", "", f"Command: `{command}`", ""]
    if setup_lines:
        lines += [*(f"- {line}" for line in setup_lines), ""]
    lines += ["## Metrics", "", routing_table(runs, markdown=True), ""]
    lines += [
        (
            "Retrieval metrics (P@1, recall, MRR, nDCG) are over answerable queries and ignore the "
            "threshold; "
            'abstention metrics treat "abstain" as the positive class; decision accuracy is over all queries '
            "(routed to a gold skill, or abstained when no skill fits). Latency: single queries routed end "
            "to "
            "end (model call without the cache, index query, ranking)."
        ),
        "",
    ]
    for run in runs:
        lines += [f"- **{run.embedder}**: {fitting_note(run)}"]
        lib = run.library
        lines += [
            (
                f"  Library: {lib['skills']} skills ({lib['distractors']} distractors, {lib['skipped']} "
                "inputs "
                f"skipped), {lib['examples']} learned examples in the index."
            )
        ]
    lines += [
        "",
        "## Plots",
        "",
        "![precision vs coverage](precision_coverage.png)",
        "",
        "![rank of the gold skill](gold_rank.png)",
        "",
        "## Errors",
        "",
    ]
    for run in runs:
        mine = [e for e in errors if e["embedder"] == run.embedder]
        kinds = Counter(e["error"] for e in mine)
        lines += [
            (
                f"**{run.embedder}**: {len(mine)} wrong decisions of {run.metrics['n_queries']} "
                f"({kinds.get('wrong_skill', 0)} wrong skill, {kinds.get('false_abstain', 0)} abstained on "
                "an "
                f"answerable query, {kinds.get('false_route', 0)} routed a query no skill fits); every one "
                "is in "
                f"`errors.jsonl` with its top candidates."
            ),
            "",
        ]
        confusions = Counter(
            (e["gold"][0] if e["gold"] else "(none)", e["routed_to"] or "(abstained)") for e in mine
        )
        if confusions:
            rows = [[g, r, str(n)] for (g, r), n in confusions.most_common(10)]
            lines += [
                "Most frequent confusions:",
                "",
                _table(["gold", "decision", "count"], rows, markdown=True),
                "",
            ]
    paths["report.md"].write_text("\n".join(lines) + "\n", "utf-8")
    return paths


# ---------------------------------------------------------------- evolution

EVOLUTION_PANELS: tuple[tuple[str, str], ...] = (
    ("library_size", "library size (active skills)"),
    ("skills_per_kind", "active skills per kind (1 = no duplicates)"),
    ("reuse_rate", "reuse rate (tasks routed to a skill)"),
    ("reuse_precision", "reuse precision (right kind)"),
    ("success_rate", "online success rate (score >= 7)"),
    ("best_variant_share", "routes to the best variant"),
    ("retired", "retired skills"),
    ("fold_offers", "fold offers put to the judge"),
    ("fold_offers_other_kind", "... of two kinds"),
    ("folded", "skills folded into another"),
    ("kinds_covered", "kinds with an active skill"),
    ("probe_p_at_1", "routing P@1 on the probe set"),
)

EVOLUTION_ROWS: tuple[tuple[str, str], ...] = (
    ("final_library_size", "library size (end)"),
    ("final_skills_per_kind", "skills per kind (end)"),
    ("final_duplicates", "duplicates (end)"),
    ("final_kinds_covered", "kinds with a skill (end)"),
    ("created", "skills created"),
    ("created_duplicates", "created for a kind that had one"),
    ("merge_offers", "merge offers put to the judge"),
    ("merge_offers_other_kind", "... to a skill of another kind"),
    ("merged", "drafts merged by the duplicate gate"),
    ("merged_other_kind", "... into a skill of another kind"),
    ("max_duplicates_per_kind", "most duplicates of one kind (end)"),
    ("max_loop_duplicates_per_kind", "... of them made by the loop"),
    ("retired", "skills retired"),
    ("retired_max_quality", "best hidden quality retired"),
    ("fold_offers", "fold offers put to the judge"),
    ("fold_offers_other_kind", "... of two kinds"),
    ("folded", "skills folded into another"),
    ("folded_other_kind", "... into one of another kind"),
    ("fit_error", "evaluator's fit-error rate"),
    ("misroutes", "misroutes (routed to another kind)"),
    ("misfits_recorded", "misfits recorded"),
    ("misfits_recorded_real", "... of them real misroutes"),
    ("revisions", "revisions"),
    ("revisions_after_misroute", "revisions after a misroute"),
    ("revisions_after_misroute_share", "... share of revisions"),
    ("reuse_rate", "reuse rate"),
    ("reuse_precision", "reuse precision"),
    ("success_rate", "success rate"),
    ("success_rate_second_half", "success rate, 2nd half"),
    ("mean_score", "mean score"),
    ("best_variant_share", "best-variant share"),
    ("best_variant_share_second_half", "best-variant share, 2nd half"),
    ("probe_p_at_1_start", "probe P@1 (start)"),
    ("probe_p_at_1_end", "probe P@1 (end)"),
)


def _retired_and_duplicates(runs: Sequence[Any]) -> list[str]:
    """Per run: each retired and folded skill with its hidden quality, and the duplicates per kind."""
    lines = ["## Retired and folded skills, duplicates", ""]
    for run in runs:
        s = run.summary
        retired = (
            ", ".join(
                f"{r['name']} ({r['kind']}, hidden quality {r['quality']:g}, {r['uses']} uses"
                f"{', seeded' if r.get('seeded') else ''})"
                for r in s.get("retired_skills", [])
            )
            or "none"
        )
        dupes = ", ".join(f"{k} {v}" for k, v in s.get("duplicates_per_kind", {}).items()) or "none"
        made = ", ".join(f"{k} {v}" for k, v in s.get("loop_duplicates_per_kind", {}).items()) or "none"
        folded = (
            ", ".join(
                f"{f['name']} into {f['into']} ({f['kind']}"
                f"{'' if f['kind'] == f['into_kind'] else ' into ' + f['into_kind']}, hidden quality "
                f"{f['quality']:g} into {f['into_quality']:g})"
                for f in s.get("folded_skills", [])
            )
            or "none"
        )
        line = (
            f"- **{run.policy}**: retired {retired}. Folded {folded}. Duplicates per kind: {dupes}; made "
            f"by the loop: {made}."
        )
        lines.append(line)
    return [*lines, ""]


def evolution_table(runs: Sequence[Any], *, markdown: bool = False) -> str:
    header = ["metric", *(run.policy for run in runs)]
    rows = [[label, *(_cell(run.summary.get(key)) for run in runs)] for key, label in EVOLUTION_ROWS]
    rows.append(
        [
            "hidden quality, retired / active",
            *(
                f"{_cell(run.summary['hidden_quality']['retired_mean_quality'])} / "
                f"{_cell(run.summary['hidden_quality']['active_mean_quality'])}"
                for run in runs
            ),
        ]
    )
    return _table(header, rows, markdown=markdown)


def write_evolution_report(
    stream: Any, runs: Sequence[Any], config: Any, out_dir: Path, *, command: str, source: str, rules: str
) -> dict[str, Path]:
    """Write summary.md, metrics.json and learning_curves.png into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {name: out_dir / name for name in ("summary.md", "metrics.json", "learning_curves.png")}
    data = {
        "config": asdict(config),
        "source": source,
        "stream": {
            "tasks": len(stream.tasks),
            "kinds": sorted(set(stream.kinds)),
            "probes": len(stream.probes),
            "seeded_variants": [{"kind": k, "text": t, "quality": q} for k, t, q in stream.variants],
        },
        "runs": [run.to_dict() for run in runs],
    }
    paths["metrics.json"].write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    learning_curves_plot(
        {run.policy: [c.to_dict() for c in run.checkpoints] for run in runs},
        EVOLUTION_PANELS,
        paths["learning_curves.png"],
        title=f"Skill evolution: {len(stream.tasks)} tasks, {len(set(stream.kinds))} kinds, "
        f"seed {config.seed}",
    )
    lines = [
        "# Skill evolution (simulated)",
        "",
        f"Command: `{command}`",
        "",
        (
            f"- Tasks: {len(stream.tasks)} from {source}, over {len(set(stream.kinds))} kinds (gold tools); "
            f"{len(stream.probes)} held-out probe queries; {len(stream.variants)} seeded variants."
        ),
        (
            f"- Router threshold {config.threshold}, k {config.k}; checkpoints every {config.every} tasks; "
            "seed "
            f"{config.seed}."
        ),
        (
            f"- The simulated evaluator judges fit wrongly with probability {config.fit_error:g} (a "
            "misroute taken "
            "for a fit, or a fitted run for a misfit)."
        ),
        "",
        "## Results",
        "",
        evolution_table(runs, markdown=True),
        "",
        'Rates are over the whole stream unless marked; "2nd half" is the last half of the tasks.',
        "",
        *_retired_and_duplicates(runs),
        "![learning curves](learning_curves.png)",
        "",
        "## How the simulation works",
        "",
        rules.strip(),
        "",
    ]
    paths["summary.md"].write_text("\n".join(lines) + "\n", "utf-8")
    return paths
