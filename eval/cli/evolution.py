"""``skillrouter eval evolution``: a simulated agent's life over a labelled task stream."""

from __future__ import annotations

from pathlib import Path

import click
from skillrouter.eval.cli.common import (
    DEFAULT_METATOOL,
    cache_dir_of,
    command_line,
    eval_group,
    outputs,
    say,
    write_json,
)

from skillrouter import SkillRouterError

BLIND_SOURCES = {"zh": "Chinese and mixed", "en": "English", "zh-en": "Chinese, mixed and English"}


@eval_group.command("evolution")
@click.option(
    "--dataset",
    default=None,
    metavar="metatool:DIR|builtin|blind-zh|blind-en|blind-zh-en",
    help=f"Labelled tasks; a query's gold tool is its kind (default: metatool:{DEFAULT_METATOOL}). "
    "blind-zh / blind-en / blind-zh-en: the blind Chinese (and mixed) / English / both requests of "
    "eval/data/blind, a kind being the skill a request is labelled with (two to five requests a kind).",
)
@click.option(
    "--tasks", type=click.IntRange(1), default=1000, show_default=True, help="Length of the task stream."
)
@click.option(
    "--kinds",
    type=click.IntRange(1),
    default=None,
    help="Kinds of work (gold tools) drawn (default: 24; every kind for blind streams).",
)
@click.option(
    "--every", type=click.IntRange(1), default=50, show_default=True, help="Tasks between checkpoints."
)
@click.option(
    "--probes",
    "probe_per_kind",
    type=click.IntRange(0),
    default=None,
    help="Held-out probe queries per kind (routing P@1 at each checkpoint; default: 4, 0 for blind streams).",
)
@click.option(
    "--min-per-kind",
    type=click.IntRange(1),
    default=None,
    help="Stream tasks a kind needs to be drawn, besides its probes and variants (default: 3, 2 for "
    "blind streams).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--policy",
    "policies",
    multiple=True,
    type=click.Choice(["similarity", "raw", "shrunk", "explore", "all"]),
    help="Routing policy; repeat to compare, or 'all' (default: all four).",
)
@click.option("--threshold", type=float, default=None, help="Router threshold (default: the router's).")
@click.option(
    "--variant-kinds",
    type=click.IntRange(0),
    default=None,
    help="Kinds seeded with competing variants of hidden quality 0.9 / 0.55 / 0.2 (default: 6, 0 for "
    "blind streams).",
)
@click.option(
    "--fit-error",
    type=click.FloatRange(0.0, 1.0),
    default=0.1,
    show_default=True,
    help="Chance the simulated evaluator judges wrongly whether the routed skill fitted the task.",
)
@click.option(
    "--agent-tasks",
    type=click.IntRange(0),
    default=150,
    show_default=True,
    help="Also run the first N tasks through create_self_improving_agent itself (scripted chat models), "
    "beside the simulation of the same N tasks; 0 skips it.",
)
@click.option(
    "--embedder",
    default="default",
    show_default=True,
    metavar="MODEL",
    help="Model name or path; 'hash' for a meaning-free floor.",
)
@outputs("the results", "summary.md, metrics.json and learning_curves.png")
def evolution_cmd(
    dataset: str | None,
    tasks: int,
    kinds: int | None,
    every: int,
    probe_per_kind: int | None,
    min_per_kind: int | None,
    seed: int,
    policies: tuple[str, ...],
    threshold: float | None,
    variant_kinds: int | None,
    fit_error: float,
    agent_tasks: int,
    embedder: str,
    json_path: str | None,
    report_dir: Path | None,
    cache_dir: Path | None,
    no_cache: bool,
    quiet: bool,
) -> None:
    """Skill evolution: a simulated agent's life over a labelled task stream, per routing policy."""
    from skillrouter.eval import evolution
    from skillrouter.eval.datasets import load_dataset, load_queries_jsonl
    from skillrouter.eval.evolution.blind import BLIND_DATASETS, blind_stream_queries
    from skillrouter.eval.loading import builtin_queries
    from skillrouter.eval.report import evolution_table, write_evolution_report
    from skillrouter.eval.routing import EmbedderSpec, make_embedder

    lang = BLIND_DATASETS.get(dataset or "")
    blind = lang is not None
    if dataset == "builtin":
        queries, source = load_queries_jsonl(builtin_queries()), "the built-in benchmark's queries"
    elif lang is not None:
        queries = blind_stream_queries(lang)
        source = f"the blind requests (eval/data/blind), {BLIND_SOURCES[lang]}"
    else:
        spec = dataset or f"metatool:{DEFAULT_METATOOL}"
        if dataset is None and not DEFAULT_METATOOL.is_dir():
            raise SkillRouterError(
                f"MetaTool not found at {DEFAULT_METATOOL}; pass --dataset metatool:DIR "
                f"(or --dataset builtin for the small built-in set)"
            )
        data = load_dataset(spec, **({"include_no_tool": False} if spec.startswith("metatool") else {}))
        queries, source = data.queries, f"{data.name} ({spec.partition(':')[2]})"
    chosen = evolution.POLICIES if not policies or "all" in policies else tuple(dict.fromkeys(policies))
    config = evolution.EvolutionConfig(
        tasks=tasks,
        kinds=kinds if kinds is not None else len(queries) if blind else 24,
        every=every,
        probe_per_kind=probe_per_kind if probe_per_kind is not None else 0 if blind else 4,
        min_per_kind=min_per_kind if min_per_kind is not None else 2 if blind else 3,
        seed=seed,
        policies=chosen,  # type: ignore[arg-type]
        variant_kinds=variant_kinds if variant_kinds is not None else 0 if blind else 6,
        threshold=evolution.DEFAULT_THRESHOLD if threshold is None else threshold,
        fit_error=fit_error,
    )
    emb = make_embedder(
        EmbedderSpec(None if embedder == "default" else embedder), cache_dir_of(cache_dir, no_cache)
    )
    stream, runs = evolution.run_policies(queries, config, emb, agent_tasks=agent_tasks, progress=say(quiet))
    click.echo(
        f"skill evolution: {len(stream.tasks)} tasks over {len(set(stream.kinds))} kinds, seed {seed}, "
        f"fit-error rate {fit_error:g}"
    )
    click.echo(evolution_table(runs))
    if json_path is not None:
        write_json(
            {
                "config": config.to_dict() | {"policies": list(chosen), "agent_tasks": agent_tasks},
                "runs": [run.to_dict() for run in runs],
            },
            json_path,
        )
    if report_dir is not None:
        paths = write_evolution_report(
            stream,
            runs,
            config,
            report_dir,
            command=command_line(),
            source=source,
            rules=evolution.__doc__ or "",
        )
        click.echo(f"report: {paths['summary.md']}")
