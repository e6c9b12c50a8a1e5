"""CLI commands of the importer: ``import``, ``export``, ``duplicates``.

``import --review-model PROVIDER:MODEL`` loads a chat model through LangChain's
``init_chat_model`` only when given (``pip install 'skillrouter[run]'``). Tests hand the
command a model factory instead: ``CliRunner().invoke(cli, [...], obj={"chat_model_factory":
lambda spec, base_url: model})``.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from skillrouter.cli.common import (
    PathOrTeamUrl,
    emit,
    open_library,
    store_options,
    trust_level_of,
    trust_level_option,
)
from skillrouter.cli.models import chat_model_factory
from skillrouter.routing.duplicates import REPORT_THRESHOLD
from skillrouter.transfer.importer import OnConflict

SHOWN = 20  # groups of near-duplicates and warnings an import prints; --json has them all


class PhaseLines:
    """An import's progress as lines on stderr, for a log as much as a terminal: each phase when
    it ends (how long, and for the writes how many a second), and while skills are written a line
    every :attr:`every` seconds with the rate and the time left."""

    every = 10.0

    def __init__(self, say: Callable[[str], Any], clock: Callable[[], float] = time.monotonic) -> None:
        self.say, self.clock = say, clock
        self.stage = "parsed"
        self.started = self.last = clock()
        self.total = self.written = 0

    def __call__(self, stage: str, n: int, *, quiet: bool = False) -> None:
        now = self.clock()
        if stage == "parsed":
            self.total += n
            return
        if stage != self.stage and self.stage != "parsed":
            self.say(self._ended(now))
        if stage != self.stage:
            self.stage, self.started, self.last = stage, now, now
        if stage == "written":
            self.written += n
            if not quiet and now - self.last >= self.every:
                self.last = now
                rate = self.written / max(now - self.started, 1e-9)
                if self.total < self.written:  # a source read as it is written (JSONL): no total yet
                    self.say(f"written {self.written} skills ({rate:.1f}/s)")
                    return
                left = (self.total - self.written) / rate if rate > 0 else 0.0
                self.say(
                    f"written {self.written}/{self.total} skills ({rate:.1f}/s, about {_duration(left)} left)"
                )

    def _ended(self, now: float) -> str:
        took = now - self.started
        if self.stage == "written":
            return (
                f"written {self.written} skills in {_duration(took)} ({self.written / max(took, 1e-9):.1f}/s)"
            )
        what = {"fit": "library fit", "index": "index", "duplicates": "near-duplicate check"}.get(
            self.stage, self.stage
        )
        return f"{what} in {_duration(took)}"


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"


@click.command("import")
@click.argument("paths", nargs=-1, required=True, type=PathOrTeamUrl())
@click.option(
    "--on-conflict",
    type=click.Choice(["skip", "replace", "rename"]),
    default="skip",
    show_default=True,
    help="What to do when a name is taken by a skill from another source.",
)
@click.option("--prune", is_flag=True, help="Remove skills of these sources that are gone from them.")
@click.option("--dry-run", is_flag=True, help="Report what would happen; write nothing.")
@click.option("--allow-errors", is_flag=True, help="Exit 0 even if some files were rejected.")
@click.option("--no-scan", is_flag=True, help="Skip the security scan (trusted input only).")
@trust_level_option(
    "Where these skills come from, which decides what findings do: builtin, trusted, community "
    "(default; builtin for skillrouter's own examples) or agent-created."
)
@click.option(
    "--review-model",
    default=None,
    metavar="PROVIDER:MODEL",
    help="Optional: a chat model (LangChain init_chat_model) judges the skills the rules leave in doubt; "
    "needs pip install 'skillrouter[run]'.",
)
@click.option(
    "--base-url",
    default=None,
    envvar="SKILLROUTER_BASE_URL",
    help="Base URL of an OpenAI-compatible server for --review-model.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=None,
    help="Processes that run the security scans (default: every usable core, up to 8; 1: this one only).",
)
@store_options
@click.pass_context
def import_cmd(
    ctx: click.Context,
    paths: tuple[Path, ...],
    on_conflict: OnConflict,
    prune: bool,
    dry_run: bool,
    allow_errors: bool,
    no_scan: bool,
    trust_level: str | None,
    review_model: str | None,
    base_url: str | None,
    jobs: int | None,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Import skills: SKILL.md folders (recursive), a SKILL.md, .zip/.tar.gz, JSON, JSONL."""
    show_bar = not as_json and sys.stderr.isatty()
    lines = PhaseLines(lambda line: click.echo(line, err=True))
    options: dict[str, Any] = {"trust_level": trust_level_of(trust_level), "jobs": jobs}
    if review_model is not None:
        options["review_model"] = chat_model_factory(ctx, "'import --review-model'")(review_model, base_url)
    with open_library(store, chroma_url, model, create=not dry_run) as lib:
        if show_bar:
            with click.progressbar(length=0, label="importing", file=sys.stderr, show_pos=True) as bar:

                def progress(stage: str, n: int) -> None:
                    if stage in ("parsed", "written"):
                        bar.label = f"{stage:>8}"
                        bar.length = (bar.length or 0) + n if stage == "parsed" else bar.length
                        if stage == "written":
                            bar.update(n)
                    lines(stage, n, quiet=stage in ("parsed", "written"))

                report = lib.import_skills(
                    paths,
                    on_conflict=on_conflict,
                    prune=prune,
                    dry_run=dry_run,
                    scan=not no_scan,
                    progress=progress,
                    **options,
                )
        else:
            report = lib.import_skills(
                paths,
                on_conflict=on_conflict,
                prune=prune,
                dry_run=dry_run,
                scan=not no_scan,
                progress=None if as_json else lines,
                **options,
            )

    def text() -> None:
        click.echo(
            f"{'would import' if dry_run else 'imported'}: {len(report.added)} added, "
            f"{len(report.updated)} updated, {len(report.unchanged)} unchanged, "
            f"{len(report.skipped)} skipped, {len(report.quarantined)} quarantined, "
            f"{len(report.pruned)} pruned, {len(report.errors)} rejected "
            f"({report.embedded} embedded, {report.seconds:.1f} s)"
        )
        if report.review:
            r = report.review
            click.echo(
                f"  review model {r['model']}: asked {r['calls']}, {r['cached']} answered from the cache, "
                f"{r['not_asked']} not asked ({r['prompt_chars']} prompt characters, {r['seconds']:.1f} s)"
            )
        for s in report.skipped:
            click.echo(f"  skipped {s['name']} ({s['path']}): {s['reason']}")
        for q in report.quarantined:
            if not q["findings"]:
                click.echo(f"  quarantined {q['name']}: still quarantined ('skillrouter trust' releases it)")
                continue
            first = q["findings"][0]
            click.echo(
                f"  quarantined {q['name']}: {first['rule']} in {first['path']}:{first.get('line') or '-'}"
                f" ({len(q['findings'])} finding(s))"
            )
        for e in report.errors:
            click.echo(f"  rejected {e['path']}: {e['reason']}")
        for cluster in report.clusters[:SHOWN]:
            click.echo(f"  near-duplicates: {', '.join(cluster)}")
        if len(report.clusters) > SHOWN:
            click.echo(
                f"  ... and {len(report.clusters) - SHOWN} more groups of near-duplicates "
                "(see --json, or 'skillrouter duplicates')"
            )
        for w in report.warnings[:SHOWN]:
            click.echo(f"  warning: {w}", err=True)
        if len(report.warnings) > SHOWN:
            click.echo(f"  ... and {len(report.warnings) - SHOWN} more warnings (see --json)", err=True)

    emit(report.to_dict(), as_json, text)
    if report.index_error:  # the files are written; the next command that routes syncs the index
        click.echo(f"error: {report.index_error}", err=True)
        sys.exit(1)
    if report.errors and not allow_errors:
        sys.exit(1)


@click.command("export")
@click.argument("target", type=click.Path(path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["skillmd", "json", "jsonl"]), default="skillmd", show_default=True
)
@store_options
def export_cmd(
    target: Path, fmt: str, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """Export every skill to TARGET (a SKILL.md tree, or skills.json / skills.jsonl)."""
    with open_library(store, chroma_url, model) as lib:
        out = lib.export(target, fmt=fmt)  # type: ignore[arg-type]
        count = len(lib.list_skills())
    emit(
        {"exported": count, "path": str(out), "format": fmt},
        as_json,
        lambda: click.echo(f"exported {count} skills to {out}"),
    )


@click.command("duplicates")
@click.option(
    "--threshold",
    type=click.FloatRange(0.0, 1.0),
    default=REPORT_THRESHOLD,
    show_default=True,
    help="Level 0 cosine similarity at or above which two skills are near-duplicates.",
)
@store_options
def duplicates_cmd(
    threshold: float, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """Near-duplicate skills, grouped into clusters."""
    with open_library(store, chroma_url, model) as lib:
        pairs, clusters = lib.duplicates(threshold)
    data: dict[str, Any] = {
        "threshold": threshold,
        "pairs": [[a, b, round(s, 4)] for a, b, s in pairs],
        "clusters": clusters,
    }

    def text() -> None:
        for cluster in clusters:
            click.echo(", ".join(cluster))
        click.echo(f"{len(clusters)} clusters, {len(pairs)} pairs at similarity >= {threshold}")

    emit(data, as_json, text)


__all__ = ["duplicates_cmd", "export_cmd", "import_cmd", "json"]
