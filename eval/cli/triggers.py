"""``skillrouter eval triggers``: a skill's trigger set routed by skillrouter's router, for skill
authors (recall, precision, F1, what was lost to which skill and why; ``--min-f1`` for CI)."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path

import click
from skillrouter.eval.cli.common import command_line, eval_group, say, write_json

from skillrouter.cli.models import chat_model_factory


@eval_group.command("triggers")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path, exists=True))
@click.option(
    "--queries",
    "queries_file",
    type=click.Path(path_type=Path),
    default=None,
    help="The trigger set of the one skill given, or a folder of <skill name>.json sets (default: "
    "evals/trigger/eval_queries.json beside each SKILL.md).",
)
@click.option(
    "--store",
    type=click.Path(path_type=Path),
    default=None,
    help="Route against a copy of this store with the skill added (default, without --with: "
    "$SKILLROUTER_HOME or ./.skillrouter when it exists).",
)
@click.option(
    "--with",
    "libraries",
    multiple=True,
    type=click.Path(path_type=Path, exists=True),
    help="Route against these libraries instead (imported into a fresh store, repeatable), as the "
    "skill will be installed among them.",
)
@click.option(
    "--suggest", "with_suggestions", is_flag=True, help="Measure trigger phrases from the lost queries."
)
@click.option(
    "--min-f1", type=click.FloatRange(0, 1), default=None, help="Exit 1 when a skill's F1 is below this."
)
@click.option(
    "--model",
    "chat_model",
    default=None,
    metavar="PROVIDER:MODEL",
    help="With --suggest: a chat model that proposes description rewrites, each measured "
    "(LangChain's init_chat_model; pip install 'skillrouter[run]').",
)
@click.option("--base-url", default=None, help="Base URL of an OpenAI-compatible server for --model.")
@click.option(
    "--embedding-model",
    "model",
    default=None,
    envvar="SKILLROUTER_MODEL",
    help="Embedding model (default: the store's).",
)
@click.option(
    "--json", "json_path", default=None, metavar="FILE", help="Write the reports as JSON ('-': stdout)."
)
@click.option("--quiet", is_flag=True, help="No progress on stderr.")
def triggers_cmd(
    paths: tuple[Path, ...],
    queries_file: Path | None,
    store: Path | None,
    libraries: tuple[Path, ...],
    with_suggestions: bool,
    min_f1: float | None,
    chat_model: str | None,
    base_url: str | None,
    model: str | None,
    json_path: str | None,
    quiet: bool,
) -> None:
    """Route each skill's trigger set (half requests that should pick it, half near-misses that
    should not) and report recall, precision and F1, the queries it lost and to which skill,
    the near-misses it stole, the margin of each, and why it lost (docs/skill-authors.md)."""
    from skillrouter.eval.triggers import report_text, run_triggers

    if store is not None and libraries:
        raise click.UsageError("give --store or --with, not both")
    if chat_model is not None and not with_suggestions:
        raise click.UsageError("--model proposes rewrites for --suggest: give --suggest too")
    llm = None
    if chat_model is not None:
        factory = chat_model_factory(click.get_current_context(), "'eval triggers --model'")
        llm = factory(chat_model, base_url)
    if store is None and not libraries:
        home = os.environ.get("SKILLROUTER_HOME")
        found = [
            p for p in ([Path(home)] if home else []) + [Path(".skillrouter")] if (p / "skills").is_dir()
        ]
        store = found[0] if found else None
    reports = run_triggers(
        list(paths),
        store=store,
        libraries=list(libraries),
        queries_file=queries_file,
        with_suggestions=with_suggestions,
        model=model,
        llm=llm,
        progress=say(quiet),
    )
    echo = functools.partial(click.echo, err=json_path == "-")
    echo(report_text(reports, against=str(store) if store is not None else ", ".join(map(str, libraries))))
    if json_path is not None:
        write_json({"command": command_line(), "skills": [r.to_dict() for r in reports]}, json_path)
    if min_f1 is not None:
        below = [r for r in reports if r.f1 < min_f1]
        if below:
            names = ", ".join(f"{r.name} ({r.f1:.2f})" for r in below)
            click.echo(f"F1 under {min_f1}: {names}", err=True)
            sys.exit(1)
