"""``skillrouter fit``: fit the router to the library now, show the fit, pin or unpin it.

The library fit (:mod:`skillrouter.routing.fit`) runs by itself on every import and reindex (and
on an ``add`` once the library grew or shrank by a tenth); this command runs it on demand, shows
what was chosen for each engine and every candidate ranking's self-check, and keeps a user's pins
(``--pin keyword_weight=0.2``), which every later fit leaves in force until ``--unpin``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from skillrouter.cli.common import emit, open_library, store_options, warn
from skillrouter.routing.fit import Ranking

ENGINES = ("default", "multilingual")


def _pin_of(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for value in values:
        key, sep, given = value.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{value!r}: expected KEY=VALUE (form=..., keyword_weight=...)")
        out[key.strip()] = given.strip()
    return out


@click.command("fit")
@click.option("--show", is_flag=True, help="Show the fit in force (the pins applied) without fitting again.")
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default=None,
    help="The engine --pin and --unpin apply to (--pin: default by default; --unpin: every engine).",
)
@click.option(
    "--pin",
    "pins",
    multiple=True,
    callback=_pin_of,
    metavar="KEY=VALUE",
    help="Pin a choice that refits never change: form='name: description' or 'description', "
    "keyword_weight=0.2 (repeatable).",
)
@click.option("--unpin", is_flag=True, help="Drop the pins (of --engine, or of every engine).")
@store_options
def fit_cmd(
    show: bool,
    engine: str | None,
    pins: dict[str, str],
    unpin: bool,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Fit the router to this library (each engine's document form and keyword weight, chosen
    from the library's own text), or with --show, --pin or --unpin show or pin the fit."""
    if pins and unpin:
        raise click.UsageError("--pin and --unpin cannot be given together")
    with open_library(store, chroma_url, model) as lib:
        if unpin:
            lib.unpin(engine)  # type: ignore[arg-type]
        elif pins:
            try:
                lib.pin(engine or "default", **pins)  # type: ignore[arg-type]
            except ValueError as err:
                raise click.BadParameter(str(err), param_hint="--pin") from None
        fitted = lib.library_fit if (show or pins or unpin) else lib.fit()
        warn(lib)
        data: dict[str, Any] = {"fit": None if fitted is None else fitted.to_dict(), "pins": lib.pins()}

        def text() -> None:
            if fitted is None:
                click.echo("not fitted yet: 'skillrouter fit' fits the router to this library")
            else:
                when = f" on {fitted.fitted_at}" if fitted.fitted_at else ""
                click.echo(f"fitted {fitted.skills} active skill(s){when} in {fitted.seconds:.1f} s")
                for name, engine_fit in fitted.engines.items():
                    click.echo(
                        f"{name} engine: {engine_fit.ranking.label}  [{engine_fit.source}: {engine_fit.why}]"
                    )
                    if engine_fit.sources:
                        parts = ", ".join(f"{k} {v}" for k, v in sorted(engine_fit.sources.items()))
                        click.echo(f"  pseudo-tasks: {engine_fit.tasks} ({parts})")
                    if engine_fit.self_check:
                        click.echo("  self-check, the share of pseudo-tasks whose own skill comes first:")
                        for label, value in engine_fit.self_check.items():
                            marks = []
                            if label == engine_fit.ranking.label:
                                marks.append("in force")
                            if label == Ranking("name: description", 0.0).label:
                                marks.append("plain dense")
                            mark = f"  ({', '.join(marks)})" if marks else ""
                            click.echo(f"    {label:<36} {value:.3f}{mark}")
            pinned = lib.pins()
            click.echo(
                "pins: "
                + (
                    "; ".join(
                        f"{e}: {', '.join(f'{k}={v}' for k, v in p.items())}" for e, p in pinned.items()
                    )
                    or "none"
                )
            )

        emit(data, as_json, text)
