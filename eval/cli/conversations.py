"""``skillrouter eval conversations``: follow-ups and intent shifts, routed three ways, and SGD's
held-out dialogues routed turn by turn."""

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
@click.option(
    "--sgd",
    "sgd",
    type=click.IntRange(0),
    default=300,
    show_default=True,
    help="SGD dialogues of held-out domains to route turn by turn (0: none).",
)
@outputs("the rows", "conversations.md and conversations.json")
def conversations_cmd(
    data: Path | None,
    k: int,
    sgd: int,
    json_path: str | None,
    report_dir: Path | None,
    cache_dir: Path | None,
    no_cache: bool,
    quiet: bool,
) -> None:
    """The blind dialogues routed by the message alone, by the turns joined and with their
    context (the router's conversation model), beside the plain dense baselines; then SGD's
    dialogues of held-out domains routed turn by turn (see docs/evaluation/conversations.md)."""
    from skillrouter.eval.conversation import conversation_table, evaluate_conversations
    from skillrouter.eval.routing import EmbedderSpec, make_embedder
    from skillrouter.eval.sgd_dialogues import evaluate_sgd_dialogues, sgd_table
    from skillrouter.eval.suite import default_data_dir

    folder = data if data is not None else default_data_dir()
    cache = cache_dir_of(cache_dir, no_cache)
    run = evaluate_conversations(folder, cache_dir=cache, k=k, progress=say(quiet))
    echo = functools.partial(click.echo, err=json_path == "-")
    echo(conversation_table(run))
    result: dict[str, object] = {"command": command_line(), "library": run.library, "rows": run.rows}
    sgd_part = ""
    if sgd:
        dialogues = evaluate_sgd_dialogues(
            folder, make_embedder(EmbedderSpec(), cache), sample=sgd, k=k, progress=say(quiet)
        )
        echo("")
        echo(sgd_table(dialogues))
        result["sgd"] = dialogues
        sgd_part = (
            f"\n## SGD, {dialogues['dialogues']} dialogues of held-out domains, turn by turn\n\n"
            f"{sgd_table(dialogues, markdown=True)}\n"
        )
    write_outputs(
        result,
        json_path,
        report_dir,
        "conversations",
        f"# Conversation rows\n\n`{command_line()}`\n\nEach cell is P@1 / decision accuracy "
        "(/ share left on the dropped request's skill).\n\n"
        f"{conversation_table(run, markdown=True)}\n{sgd_part}",
        echo,
    )
