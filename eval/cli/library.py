"""``skillrouter eval library``: a whole store's health for the people who keep it (skills that
shadow each other, skills nothing reaches, descriptions too short or cut, languages), as a page
with a confusion picture and as JSON."""

from __future__ import annotations

from pathlib import Path

import click
from skillrouter.eval.cli.common import command_line, eval_group, write_json


@eval_group.command("library")
@click.option(
    "--store",
    type=click.Path(path_type=Path),
    default=None,
    envvar="SKILLROUTER_HOME",
    help="The store (default: $SKILLROUTER_HOME or ./.skillrouter).",
)
@click.option(
    "--html", "html_path", type=click.Path(path_type=Path), default=None, help="Write the page here."
)
@click.option(
    "--json", "json_path", default=None, metavar="FILE", help="Write the report as JSON ('-': stdout)."
)
def library_cmd(store: Path | None, html_path: Path | None, json_path: str | None) -> None:
    """Route the library's own pseudo-tasks as its fit routes them and report what keeps skills
    from being picked (docs/skill-authors.md, "Library health")."""
    from skillrouter.eval.library_health import html_report, library_health

    from skillrouter import SkillLibrary

    folder = store if store is not None else Path(".skillrouter")
    if not (folder / "skills").is_dir():
        raise ValueError(f"{folder}: not a skillrouter store (no skills/ folder)")
    with SkillLibrary.open(folder, create=False) as lib:
        report = library_health(lib)
    echo = click.echo if json_path != "-" else (lambda m: click.echo(m, err=True))
    counts = (
        f"{len(report['shadowing'])} shadowing pairs, {len(report['absorbed'])} absorbed, "
        f"{len(report['unreachable'])} unreachable, "
        f"{len(report['descriptions'])} descriptions too short or cut"
    )
    echo(
        f"{report['skills']} skills, {report['pseudo_tasks']} pseudo-tasks, self-check "
        f"{report['self_check']}: {counts}; {report['languages']['cjk']} with CJK text"
    )
    for row in report["shadowing"][:10]:
        echo(f"  shadowing  {row['a']} <-> {row['b']} ({row['a_to_b']} / {row['b_to_a']} tasks)")
    for row in report["unreachable"][:10]:
        echo(f"  unreachable {row['skill']} (its tasks went to {row['went_to'] or 'none'})")
    if html_path is not None:
        html_path.parent.mkdir(parents=True, exist_ok=True)
        html_path.write_text(html_report(report, f"Library health: {folder}"), "utf-8")
        echo(f"page: {html_path}")
    if json_path is not None:
        write_json({"command": command_line(), **report}, json_path)
