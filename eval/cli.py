"""``skillrouter eval``: the routing benchmark and the skill-evolution simulation.

Loaded by the ``skillrouter`` command through the ``skillrouter.commands`` entry point, so
``skillrouter eval routing`` and ``skillrouter eval evolution`` work once the package is
installed. Each command parses its options, builds one setup, calls :mod:`skillrouter.eval.routing` or
:mod:`skillrouter.eval.evolution`, and prints a table (progress goes to stderr). Errors raised on purpose
become one line on stderr and exit status 1.
"""

from __future__ import annotations

import functools
import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from skillrouter import SkillRouterError

__all__ = ["eval_group"]

DEFAULT_METATOOL = Path("..") / "shared" / "data" / "metatool"


class _EvalGroup(click.Group):
    """One line on stderr for errors raised on purpose (and bad input files), never a traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException:
            raise
        except (SkillRouterError, ValueError, OSError) as err:
            click.echo(f"error: {err}", err=True)
            ctx.exit(1)


@click.group("eval", cls=_EvalGroup)
def eval_group() -> None:
    """Benchmarks: routing precision, and skill evolution over a simulated agent's life."""


def _outputs(json_what: str, report_what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The options every eval command shares: --json, --report, --cache-dir, --no-cache, --quiet."""
    options = [
        click.option(
            "--json",
            "json_path",
            default=None,
            metavar="FILE",
            help=f"Write {json_what} as JSON ('-': stdout).",
        ),
        click.option(
            "--report",
            "report_dir",
            type=click.Path(path_type=Path),
            default=None,
            help=f"Write {report_what} here.",
        ),
        click.option(
            "--cache-dir",
            type=click.Path(path_type=Path),
            default=None,
            help="Embedding cache folder (default: $SKILLROUTER_CACHE_DIR or ~/.cache/skillrouter).",
        ),
        click.option("--no-cache", is_flag=True, help="Embed everything again; keep nothing."),
        click.option("--quiet", is_flag=True, help="No progress on stderr."),
    ]

    def apply(command: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def _command_line() -> str:
    args = sys.argv[1:]
    return "skillrouter " + " ".join(shlex.quote(a) for a in args) if args else "skillrouter eval"


def _say(quiet: bool) -> Callable[[str], None]:
    return (lambda message: None) if quiet else (lambda message: click.echo(message, err=True))


def _cache(cache_dir: Path | None, no_cache: bool) -> Path | None:
    from skillrouter.eval.routing import default_cache_dir

    return None if no_cache else (cache_dir or default_cache_dir())


def _write_json(data: Any, target: str) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if target == "-":
        click.echo(text)
    else:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text(text + "\n", "utf-8")


def _keyword_weight(value: str) -> float | str:
    if value == "auto":
        return "auto"
    try:
        weight = float(value)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is neither a number nor 'auto'", param_hint="--keyword-weight"
        ) from None
    if weight < 0:
        raise click.BadParameter("must be 0 or more", param_hint="--keyword-weight")
    return weight


# ---------------------------------------------------------------- routing


@eval_group.command("routing")
@click.option(
    "--skills",
    "skills",
    multiple=True,
    type=click.Path(path_type=Path),
    help="Skill library: SKILL.md folders, a store, JSON/JSONL skills (repeatable).",
)
@click.option(
    "--distractors",
    multiple=True,
    type=click.Path(path_type=Path),
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
@_outputs("the metrics", "report.md, metrics.json, errors.jsonl and PNG plots")
def routing_cmd(
    skills: tuple[Path, ...],
    distractors: tuple[Path, ...],
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

    weight = None if keyword_weight is None else _keyword_weight(keyword_weight)
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

    say = _say(quiet)
    specs = [
        EmbedderSpec(None if e == "default" else e, query_prompt, document_prompt)
        for e in (embedders or ("default",))
    ]
    runs = [
        evaluate_routing(setup, spec, config, cache_dir=_cache(cache_dir, no_cache), progress=say)
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
        _write_json(routing_json(runs), json_path)
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
        paths = write_routing_report(
            runs, report_dir, title=title, command=_command_line(), setup_lines=lines
        )
        echo(f"report: {paths['report.md']}")


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


# ---------------------------------------------------------------- suite


@eval_group.command("suite")
@click.option(
    "--corpus",
    "corpora",
    multiple=True,
    metavar="NAME",
    help="Run only these corpora or rows (repeatable; default: all). See docs/evaluation.md.",
)
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=None,
    help="The shared data folder (default: $SKILLROUTER_DATA or ../shared/data).",
)
@click.option(
    "--embedder",
    default="default",
    show_default=True,
    metavar="MODEL",
    help="Model name or path; 'default' (all-MiniLM-L6-v2) or 'hash'.",
)
@click.option(
    "--keyword-weight",
    type=click.FloatRange(0.0),
    default=None,
    help="Keyword weight for the router column (default: the router's).",
)
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 2.0),
    default=None,
    help="Threshold for the router column (default: the router's default gate).",
)
@click.option(
    "--latency-sample",
    type=click.IntRange(0),
    default=50,
    show_default=True,
    help="Queries per corpus routed one at a time to measure latency (0: skip).",
)
@_outputs("the rows", "suite.md and suite.json")
def suite_cmd(
    corpora: tuple[str, ...],
    data: Path | None,
    embedder: str,
    keyword_weight: float | None,
    threshold: float | None,
    latency_sample: int,
    json_path: str | None,
    report_dir: Path | None,
    cache_dir: Path | None,
    no_cache: bool,
    quiet: bool,
) -> None:
    """Every dev corpus in one table, the plain dense baseline beside each row."""
    from skillrouter.eval.routing import EmbedderSpec
    from skillrouter.eval.suite import mean_row, run_suite, suite_table

    spec = EmbedderSpec(None if embedder == "default" else embedder)
    rows = run_suite(
        corpora or None,
        data=data,
        spec=spec,
        cache_dir=_cache(cache_dir, no_cache),
        keyword_weight=keyword_weight,
        threshold=threshold,
        latency_sample=latency_sample,
        progress=_say(quiet),
    )
    echo = functools.partial(click.echo, err=json_path == "-")
    echo(suite_table(rows))
    result = {
        "command": _command_line(),
        "embedder": spec.label,
        "rows": [r.to_dict() for r in rows],
        "mean": mean_row(rows),
    }
    if json_path is not None:
        _write_json(result, json_path)
    if report_dir is not None:
        report_dir.mkdir(parents=True, exist_ok=True)
        _write_json(result, str(report_dir / "suite.json"))
        (report_dir / "suite.md").write_text(
            f"# Routing suite\n\n`{_command_line()}` ({spec.label})\n\nEach cell is router | plain dense "
            'baseline (cosine over "name: description", threshold '
            f"0.28).\n\n{suite_table(rows, markdown=True)}\n",
            "utf-8",
        )
        echo(f"report: {report_dir / 'suite.md'}")


# ---------------------------------------------------------------- evolution


@eval_group.command("evolution")
@click.option(
    "--dataset",
    default=None,
    metavar="metatool:DIR|builtin",
    help=f"Labelled tasks; a query's gold tool is its kind (default: metatool:{DEFAULT_METATOOL}).",
)
@click.option(
    "--tasks", type=click.IntRange(1), default=1000, show_default=True, help="Length of the task stream."
)
@click.option(
    "--kinds", type=click.IntRange(1), default=24, show_default=True, help="Kinds of work (gold tools) drawn."
)
@click.option(
    "--every", type=click.IntRange(1), default=50, show_default=True, help="Tasks between checkpoints."
)
@click.option(
    "--probes",
    "probe_per_kind",
    type=click.IntRange(0),
    default=4,
    show_default=True,
    help="Held-out probe queries per kind (routing P@1 at each checkpoint).",
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
    default=6,
    show_default=True,
    help="Kinds seeded with competing variants of hidden quality 0.9 / 0.55 / 0.2.",
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
@_outputs("the results", "summary.md, metrics.json and learning_curves.png")
def evolution_cmd(
    dataset: str | None,
    tasks: int,
    kinds: int,
    every: int,
    probe_per_kind: int,
    seed: int,
    policies: tuple[str, ...],
    threshold: float | None,
    variant_kinds: int,
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
    from skillrouter.eval.loading import builtin_queries
    from skillrouter.eval.report import evolution_table, write_evolution_report
    from skillrouter.eval.routing import EmbedderSpec, make_embedder

    if dataset == "builtin":
        queries, source = load_queries_jsonl(builtin_queries()), "the built-in benchmark's queries"
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
        kinds=kinds,
        every=every,
        probe_per_kind=probe_per_kind,
        seed=seed,
        policies=chosen,  # type: ignore[arg-type]
        variant_kinds=variant_kinds,
        threshold=evolution.DEFAULT_THRESHOLD if threshold is None else threshold,
        fit_error=fit_error,
    )
    emb = make_embedder(
        EmbedderSpec(None if embedder == "default" else embedder), _cache(cache_dir, no_cache)
    )
    stream, runs = evolution.run_policies(queries, config, emb, agent_tasks=agent_tasks, progress=_say(quiet))
    click.echo(
        f"skill evolution: {len(stream.tasks)} tasks over {len(set(stream.kinds))} kinds, seed {seed}, "
        f"fit-error rate {fit_error:g}"
    )
    click.echo(evolution_table(runs))
    if json_path is not None:
        _write_json(
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
            command=_command_line(),
            source=source,
            rules=evolution.__doc__ or "",
        )
        click.echo(f"report: {paths['summary.md']}")
