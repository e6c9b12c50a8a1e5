"""``skillrouter quarantine``: the skills the security gate holds back, grouped by rule and by
source, each finding with its file, line, excerpt and the sentence that says why.

Releasing them is ``skillrouter trust NAME...`` (or ``--source SRC`` for a whole import), which
lists them and asks first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from skillrouter.cli.common import emit, open_library, store_options, warn
from skillrouter.security import RULES


def group(skills: list[dict[str, Any]]) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """rule -> source -> the skills held for that rule, each with its findings of that rule."""
    out: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for skill in skills:
        by_rule: dict[str, list[dict[str, Any]]] = {}
        for f in skill["findings"]:
            by_rule.setdefault(f["rule"], []).append(f)
        for rule, findings in by_rule.items():
            out.setdefault(rule, {}).setdefault(skill["source"] or "-", []).append(
                {"name": skill["name"], "findings": findings}
            )
    order = {rule: i for i, rule in enumerate(RULES)}
    return dict(sorted(out.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))


@click.command("quarantine")
@click.option("--source", default=None, help="Only skills imported from this folder or file (or below it).")
@click.option("--rule", default=None, help="Only skills held for this rule (e.g. download-exec).")
@click.option(
    "--all", "show_all", is_flag=True, help="Every finding of each skill, not the first of each rule."
)
@store_options
def quarantine_cmd(
    source: str | None,
    rule: str | None,
    show_all: bool,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """List the quarantined skills, grouped by the rule that holds them and where they came from."""
    with open_library(store, chroma_url, model) as lib:
        skills = lib.quarantined(source)
        warn(lib)
    if rule is not None:
        skills = [s for s in skills if any(f["rule"] == rule for f in s["findings"])]
    groups = group(skills)
    if rule is not None:
        groups = {rule: groups.get(rule, {})}

    def text() -> None:
        if not skills:
            click.echo("no quarantined skills")
            return
        click.echo(f"{len(skills)} quarantined skill{'s' if len(skills) != 1 else ''}")
        for name, by_source in groups.items():
            count = sum(len(held) for held in by_source.values())
            click.echo(f"\n{name} ({count} skill{'s' if count != 1 else ''})")
            for origin, held in by_source.items():
                click.echo(f"  from {origin}")
                for entry in held:
                    for f in entry["findings"] if show_all else entry["findings"][:1]:
                        where = f["path"] if f.get("line") is None else f"{f['path']}:{f['line']}"
                        click.echo(f"    {entry['name']}  {where}  {f['excerpt']}")
                        click.echo(f"      why: {f['why']}")
                    if not show_all and len(entry["findings"]) > 1:
                        click.echo(
                            f"      (and {len(entry['findings']) - 1} more of this rule; --all shows them)"
                        )
        click.echo(
            "\n'skillrouter trust NAME...' releases skills, '--source SRC' every one of a source "
            "(it lists them and asks first)"
        )

    emit(
        {
            "skills": skills,
            "by_rule": {
                r: {o: [e["name"] for e in held] for o, held in src.items()} for r, src in groups.items()
            },
        },
        as_json,
        text,
    )
