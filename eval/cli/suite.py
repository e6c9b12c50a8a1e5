"""``skillrouter eval suite``: every dev corpus, the router beside the plain dense baseline."""

from __future__ import annotations

import functools
from pathlib import Path

import click
from skillrouter.eval.cli.common import (
    cache_dir_of,
    command_line,
    eval_group,
    outputs,
    say,
    write_outputs,
)


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
    "--left-out",
    is_flag=True,
    help="Run each corpus with the fit's constants and p_fit's curves chosen without it "
    "(eval/data/left_out.json, written by benchmarks/fit_constants.py): numbers nothing was tuned on.",
)
@click.option(
    "--latency-sample",
    type=click.IntRange(0),
    default=50,
    show_default=True,
    help="Queries per corpus routed one at a time to measure latency (0: skip).",
)
@outputs("the rows", "suite.md and suite.json")
def suite_cmd(
    corpora: tuple[str, ...],
    data: Path | None,
    embedder: str,
    keyword_weight: float | None,
    threshold: float | None,
    left_out: bool,
    latency_sample: int,
    json_path: str | None,
    report_dir: Path | None,
    cache_dir: Path | None,
    no_cache: bool,
    quiet: bool,
) -> None:
    """Every dev corpus in one table, the plain dense baseline beside each row."""
    from skillrouter.eval.routing import EmbedderSpec
    from skillrouter.eval.suite import mean_row, pooled_ece, run_suite, suite_table

    spec = EmbedderSpec(None if embedder == "default" else embedder)
    rows = run_suite(
        corpora or None,
        data=data,
        spec=spec,
        cache_dir=cache_dir_of(cache_dir, no_cache),
        keyword_weight=keyword_weight,
        threshold=threshold,
        latency_sample=latency_sample,
        left_out=left_out,
        progress=say(quiet),
    )
    echo = functools.partial(click.echo, err=json_path == "-")
    echo(suite_table(rows))
    result = {
        "command": command_line(),
        "embedder": spec.label,
        "rows": [r.to_dict() for r in rows],
        "mean": mean_row(rows),
        "pooled_ece": pooled_ece(rows),
    }
    write_outputs(
        result,
        json_path,
        report_dir,
        "suite",
        f"# Routing suite{' (left out)' if left_out else ''}\n\n`{command_line()}` ({spec.label})\n\n"
        "Each cell is router | plain dense "
        'baseline (cosine over "name: description", threshold '
        f"0.28).\n\n{suite_table(rows, markdown=True)}\n",
        echo,
    )
