"""``skillrouter eval routing``: routing precision on one benchmark."""

from __future__ import annotations

import functools
from pathlib import Path

import click
from skillrouter.eval.cli.common import (
    cache_dir_of,
    command_line,
    eval_group,
    keyword_weight_of,
    outputs,
    say,
    write_json,
)

from skillrouter.cli.common import PathOrTeamUrl


@eval_group.command("routing")
@click.option(
    "--skills",
    "skills",
    multiple=True,
    type=PathOrTeamUrl(),
    help="Skill library: SKILL.md folders, a store, JSON/JSONL skills, a team library's postgresql:// "
    "URL (repeatable).",
)
@click.option(
    "--distractors",
    multiple=True,
    type=PathOrTeamUrl(),
    help="More skills that are never the answer (repeatable): how precision holds as the library grows.",
)
@click.option(
    "--queries",
    type=click.Path(path_type=Path),
    default=None,
    help='JSONL of {"query": ..., "gold": [names]}; "gold": [] means no skill fits.',
)
@click.option(
    "--dataset",
    default=None,
    metavar="metatool:DIR|seal-tools:DIR",
    help="A benchmark: its tools become the library, its queries the test.",
)
@click.option("--sample", type=int, default=None, help="Use a random sample of this many queries (seeded).")
@click.option(
    "--embedder",
    "embedders",
    multiple=True,
    metavar="MODEL",
    help="Model name or path; 'default' (all-MiniLM-L6-v2) or 'hash' (no meaning, a floor). "
    "Repeat to compare side by side.",
)
@click.option("--query-prompt", default="", help="Text put before every query (e5: 'query: ').")
@click.option("--document-prompt", default="", help="Text put before every skill document (e5: 'passage: ').")
@click.option(
    "-k", "k", type=click.IntRange(1), default=5, show_default=True, help="Cut-off of recall@k and nDCG@k."
)
@click.option(
    "--threshold",
    type=float,
    default=None,
    help="Fixed threshold (default: fitted on the train part, or the router's default gate without one).",
)
@click.option(
    "--train-frac",
    type=float,
    default=None,
    help="Fit on this share of the queries, report on the rest (disjoint; stratified by gold).",
)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the split and the sample.")
@click.option(
    "--learn",
    is_flag=True,
    help="Feed the train part back before testing: each query routed, a good "
    "outcome on its gold skill, a misfit on a skill it was wrongly routed to.",
)
@click.option(
    "--negatives/--no-negatives",
    default=True,
    show_default=True,
    help="With --learn, record misfits (negative examples) as well as good outcomes.",
)
@click.option(
    "--misfit-weight",
    type=click.FloatRange(0.0),
    default=None,
    help="How hard misfits demote a skill (default: the router's); 0 ignores them.",
)
@click.option(
    "--max-examples",
    type=click.IntRange(1),
    default=200,
    show_default=True,
    help="Examples kept per skill (the library's cap) when learning.",
)
@click.option(
    "--keyword-weight",
    default=None,
    metavar="W|auto",
    help="Weight of the keyword (BM25) score in the ranking (default: the router's); 0 switches it "
    "off; 'auto' fits it on train.",
)
@click.option(
    "--latency-sample",
    type=click.IntRange(0),
    default=100,
    show_default=True,
    help="Queries routed one at a time to measure latency (0: skip).",
)
@outputs("the metrics", "report.md, metrics.json, errors.jsonl and PNG plots")
def routing_cmd(
    skills: tuple[Path | str, ...],
    distractors: tuple[Path | str, ...],
    queries: Path | None,
    dataset: str | None,
    sample: int | None,
    embedders: tuple[str, ...],
    query_prompt: str,
    document_prompt: str,
    k: int,
    threshold: float | None,
    train_frac: float | None,
    seed: int,
    learn: bool,
    negatives: bool,
    misfit_weight: float | None,
    max_examples: int,
    keyword_weight: str | None,
    json_path: str | None,
    report_dir: Path | None,
    cache_dir: Path | None,
    no_cache: bool,
    latency_sample: int,
    quiet: bool,
) -> None:
    """Routing precision: P@1, recall@k, MRR, nDCG@k, abstention, latency.

    With no arguments, runs the built-in benchmark (the example library and its 134 queries).
    """
    from skillrouter.eval.datasets import load_dataset, load_queries_jsonl
    from skillrouter.eval.loading import builtin_queries, builtin_skills
    from skillrouter.eval.report import fitting_note, routing_json, routing_table, write_routing_report
    from skillrouter.eval.routing import EmbedderSpec, RoutingConfig, RoutingSetup, by_split, evaluate_routing

    weight = None if keyword_weight is None else keyword_weight_of(keyword_weight)
    config = RoutingConfig(
        k=k,
        train_frac=train_frac,
        seed=seed,
        threshold=threshold,
        keyword_weight=weight,  # type: ignore[arg-type]
        learn=learn,
        negatives=negatives,
        misfit_weight=misfit_weight,
        max_examples=max_examples,
        latency_sample=latency_sample,
        baseline=True,
    )
    if dataset is not None:
        if queries is not None:
            raise click.UsageError("give --dataset or --queries, not both")
        data = load_dataset(dataset, sample=sample, seed=seed)
        setup = RoutingSetup(
            queries=data.queries,
            tools=data.tools,
            skills=list(skills),
            distractors=list(distractors),
            name=data.name,
        )
        title = data.name
    elif skills or queries is not None:
        if not skills or queries is None:
            raise click.UsageError(
                "--skills and --queries go together (or use --dataset, or neither for the built-in benchmark)"
            )
        qs = load_queries_jsonl(queries)
        if sample is not None and sample < len(qs):
            import random

            qs = [qs[i] for i in sorted(random.Random(seed).sample(range(len(qs)), sample))]
        setup = RoutingSetup(
            queries=qs, skills=list(skills), distractors=list(distractors), name=queries.stem
        )
        title = queries.stem
    else:
        setup = RoutingSetup(
            queries=load_queries_jsonl(builtin_queries()),
            skills=[builtin_skills()],
            distractors=list(distractors),
            name="built-in benchmark",
        )
        title = "built-in benchmark"

    progress = say(quiet)
    specs = [
        EmbedderSpec(None if e == "default" else e, query_prompt, document_prompt)
        for e in (embedders or ("default",))
    ]
    runs = [
        evaluate_routing(setup, spec, config, cache_dir=cache_dir_of(cache_dir, no_cache), progress=progress)
        for spec in specs
    ]

    to_stderr = json_path == "-"  # stdout carries the JSON alone
    echo = functools.partial(click.echo, err=to_stderr)
    echo(f"{title}: {len(setup.queries)} queries")
    echo(routing_table(runs))
    for run in runs:
        echo(f"{run.embedder}: {fitting_note(run)}")
        for split_name, metrics in by_split(run).items():
            echo(
                f"  {split_name}: {metrics['n_queries']} queries, P@1 {_fmt(metrics['p_at_1'])}, "
                f"recall@{k} {_fmt(metrics['recall_at_k'])}, MRR {_fmt(metrics['mrr'])}"
            )
    if json_path is not None:
        write_json(routing_json(runs), json_path)
    if report_dir is not None:
        lines = [
            f"Queries: {len(setup.queries)} ({title})",
            f"Library: {', '.join(str(s) for s in setup.skills) or title}"
            + (f"; distractors: {', '.join(str(d) for d in setup.distractors)}" if setup.distractors else ""),
            f"Split: {'none' if train_frac is None else f'train {train_frac:g} / test, seed {seed}'}"
            + (
                f"; learning from the train part ({'outcomes and misfits' if negatives else 'outcomes only'})"
                if learn
                else ""
            ),
            (
                f"Keyword weight: {runs[0].keyword_weight:g}; threshold {runs[0].threshold:.3f} "
                f"({runs[0].threshold_source}); k = {k}"
            ),
        ]
        paths = write_routing_report(runs, report_dir, title=title, command=command_line(), setup_lines=lines)
        echo(f"report: {paths['report.md']}")


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
