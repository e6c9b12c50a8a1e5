"""What the ``skillrouter eval`` commands share: the group and its error boundary, the output
options (``--json``, ``--report``, ``--cache-dir``, ``--no-cache``, ``--quiet``) and small helpers."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from skillrouter import SkillRouterError

__all__ = [
    "DEFAULT_METATOOL",
    "cache_dir_of",
    "command_line",
    "eval_group",
    "keyword_weight_of",
    "outputs",
    "say",
    "write_json",
    "write_outputs",
]

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


def outputs(json_what: str, report_what: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
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


def command_line() -> str:
    args = sys.argv[1:]
    return "skillrouter " + " ".join(shlex.quote(a) for a in args) if args else "skillrouter eval"


def say(quiet: bool) -> Callable[[str], None]:
    return (lambda message: None) if quiet else (lambda message: click.echo(message, err=True))


def cache_dir_of(cache_dir: Path | None, no_cache: bool) -> Path | None:
    from skillrouter.eval.routing import default_cache_dir

    return None if no_cache else (cache_dir or default_cache_dir())


def write_json(data: Any, target: str) -> None:
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if target == "-":
        click.echo(text)
    else:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text(text + "\n", "utf-8")


def write_outputs(
    result: Any,
    json_path: str | None,
    report_dir: Path | None,
    stem: str,
    markdown: str,
    echo: Callable[[str], Any],
) -> None:
    """``--json`` (a file or ``-``) and ``--report DIR`` (``<stem>.json`` and ``<stem>.md``
    holding ``markdown``), as the eval commands write them."""
    if json_path is not None:
        write_json(result, json_path)
    if report_dir is not None:
        report_dir.mkdir(parents=True, exist_ok=True)
        write_json(result, str(report_dir / f"{stem}.json"))
        (report_dir / f"{stem}.md").write_text(markdown, "utf-8")
        echo(f"report: {report_dir / f'{stem}.md'}")


def keyword_weight_of(value: str) -> float | str:
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
