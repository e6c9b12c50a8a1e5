"""``skillrouter eval conversations``: follow-ups and intent shifts, routed three ways."""

from __future__ import annotations

import functools
from pathlib import Path

import click
from skillrouter.eval.cli.common import cache_dir_of, command_line, eval_group, outputs, say, write_outputs


@eval_group.command("conversations")
@click.option(
    "--data",
    type=click.Path(path_type=Path),
    default=None,
    help="The shared data folder (default: $SKILLROUTER_DATA or ../shared/data).",
)
@click.option("-k", "k", type=click.IntRange(1), default=5, show_default=True, help="Candidates per route.")
@outputs("the rows", "conversations.md and conversations.json")
def conversations_cmd(
    data: Path | None,
    k: int,
    json_path: str | None,
    report_dir: Path | None,
    cache_dir: Path | None,
    no_cache: bool,
    quiet: bool,
) -> None:
    """The blind dialogues routed by the message alone, by the turns joined and with their
    context (the router's rule), beside the plain dense baselines (see docs/evaluation.md)."""
    from skillrouter.eval.conversation import conversation_table, evaluate_conversations
    from skillrouter.eval.suite import default_data_dir

    run = evaluate_conversations(
        data if data is not None else default_data_dir(),
        cache_dir=cache_dir_of(cache_dir, no_cache),
        k=k,
        progress=say(quiet),
    )
    echo = functools.partial(click.echo, err=json_path == "-")
    echo(conversation_table(run))
    result = {"command": command_line(), "library": run.library, "rows": run.rows}
    write_outputs(
        result,
        json_path,
        report_dir,
        "conversations",
        f"# Conversation rows\n\n`{command_line()}`\n\nEach cell is P@1 / decision accuracy "
        f"(/ share left on the dropped request's skill).\n\n{conversation_table(run, markdown=True)}\n",
        echo,
    )
