"""The core ``skillrouter`` commands, a thin layer over :class:`~skillrouter.library.SkillLibrary`.

Each command parses its options, opens one library, calls its methods and prints (text, or
JSON with ``--json``); none reaches past the library into the store. The shared pieces (options,
printing, the error boundary) are :mod:`skillrouter.cli.common`.
"""

from __future__ import annotations

import gc
import json
import signal
import sys
from pathlib import Path
from typing import Any

import click

from skillrouter.cli.common import (
    Group,
    emit,
    k_option,
    open_library,
    store_options,
    task_argument,
    threshold_option,
    trust_level_of,
    trust_level_option,
    warn,
)
from skillrouter.embeddings import BACKEND_ENV, BACKENDS, Backend
from skillrouter.errors import StoreLockedError
from skillrouter.routing.index import SyncReport
from skillrouter.routing.scoring import DEFAULT_THRESHOLD
from skillrouter.routing.settings import DEFAULT_K
from skillrouter.security.policy import TRUST_LEVELS


@click.group(cls=Group)
@click.version_option(package_name="skillrouter")
def cli() -> None:
    """Route tasks to reusable agent skills, weighted by their track record."""


@cli.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--replace", is_flag=True, help="Overwrite a skill of the same name (history is kept).")
@trust_level_option(
    "Where the skill comes from: decides what its scan's findings do (default community; "
    "a replaced skill keeps its own)."
)
@store_options
def add(
    path: Path,
    replace: bool,
    trust_level: str | None,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Add one skill: a SKILL.md, its folder, or a JSON skill (scanned like an import)."""
    with open_library(store, chroma_url, model, create=True) as lib:
        skill = lib.add(path, replace=replace, trust_level=trust_level_of(trust_level))
        findings = lib.findings(skill.name)

        def text() -> None:
            click.echo(f"added {skill.name} (version {skill.version}, {skill.trust_level})")
            if skill.status == "quarantined":
                click.echo(
                    f"quarantined: {len(findings)} finding(s); 'skillrouter show {skill.name}' lists them, "
                    f"'skillrouter trust {skill.name}' releases it",
                    err=True,
                )

        emit(
            {
                "added": skill.name,
                "version": skill.version,
                "status": skill.status,
                "trust_level": skill.trust_level,
                "findings": findings,
            },
            as_json,
            text,
        )


def context_option(ctx: click.Context, param: click.Parameter, value: str | None) -> list[Any] | None:
    """``--context FILE`` (``-``: stdin) read as a JSON list of turns, checked here so that a bad
    file is one line naming it."""
    if value is None:
        return None
    from skillrouter.routing.conversation import user_turns

    where = "stdin" if value == "-" else value
    try:
        text = sys.stdin.read() if value == "-" else Path(value).expanduser().read_text("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise click.BadParameter(f"{where}: {getattr(err, 'strerror', None) or err}") from None
    try:
        turns = json.loads(text)
    except json.JSONDecodeError as err:
        raise click.BadParameter(
            f"{where} is not JSON: {err.msg} (line {err.lineno}, column {err.colno})"
        ) from None
    try:
        user_turns(turns, "context")
    except ValueError as err:
        raise click.BadParameter(f"{where}: {err}") from None
    return list(turns)


@cli.command("route")
@click.argument("task", callback=task_argument)
@click.option(
    "-k",
    "k",
    type=int,
    default=DEFAULT_K,
    show_default=True,
    callback=k_option,
    help="Number of candidates to show.",
)
@click.option("--type", "task_type", default=None, help="Only skills of this task_type.")
@click.option("--tag", "tags", multiple=True, help="Only skills with one of these tags (repeatable).")
@click.option(
    "--threshold",
    type=float,
    default=None,
    callback=threshold_option,
    help=f"Relevance the best candidate must reach to be chosen (default {DEFAULT_THRESHOLD} "
    "for the default model).",
)
@click.option(
    "--keyword-weight",
    type=click.FloatRange(0.0),
    default=None,
    help="Weight of the keyword (BM25) score in the ranking; 0 ranks by embeddings alone "
    "(default: each engine's weight from the library's fit, see 'skillrouter fit').",
)
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default="onnx",
    show_default=True,
    envvar=BACKEND_ENV,
    help="onnx starts in about a second: ONNX Runtime embeds the task and an embedded store is "
    "searched over its embedding cache, without torch or Chroma. torch loads "
    "sentence-transformers and queries the Chroma index. Same answers.",
)
@click.option(
    "--context",
    "context",
    default=None,
    metavar="FILE",
    callback=context_option,
    help="The conversation's earlier turns, oldest first, as a JSON list (strings for the user's, or "
    '{"role", "content"} objects, role user or assistant) in FILE, or - for stdin. A follow-up '
    "stays with the conversation's skill, a new request moves; --json says whether they decided "
    "(context_used).",
)
@store_options
def route_cmd(
    task: str,
    k: int,
    task_type: str | None,
    tags: tuple[str, ...],
    threshold: float | None,
    keyword_weight: float | None,
    backend: Backend,
    context: list[Any] | None,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Pick the skill that fits TASK, or say that none does."""
    with open_library(
        store,
        chroma_url,
        model,
        threshold=threshold,
        keyword_weight=keyword_weight,
        backend=backend,
        one_shot=backend == "onnx",
    ) as lib:
        route = lib.route(task, k=k, task_type=task_type, tags=tags or None, context=context)
        warn(lib)

        def text() -> None:
            click.echo(f"matched: {route.matched.name if route.matched else '(none)'}  [{route.reason}]")
            for c in route.candidates:
                click.echo(
                    f"  {c.name:<40} similarity {c.similarity:.3f}  keyword {c.keyword:.2f}  "
                    f"relevance {c.relevance:.3f}  quality {c.quality:.2f}  score {c.score:.3f}"
                )

        emit(route.to_dict(), as_json, text)


@cli.command()
@click.argument("name")
@click.option(
    "--level",
    type=click.IntRange(0, 2),
    default=1,
    show_default=True,
    help="0: summary, 1: full skill, 2: list of its files.",
)
@click.option("--file", "relpath", default=None, help="Print one Level 2 file (relative path).")
@store_options
def show(
    name: str,
    level: int,
    relpath: str | None,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Show a skill at Level 0, 1 or 2."""
    with open_library(store, chroma_url, model) as lib:
        if relpath is not None:
            data = lib.read_file(name, relpath)
            if as_json:
                emit(
                    {"name": name, "path": relpath, "content": data.decode("utf-8", errors="replace")},
                    True,
                    lambda: None,
                )
            else:
                sys.stdout.buffer.write(data)
            return
        skill = lib.get(name)
        findings = lib.findings(name)
        from skillrouter.skillmd import render_skill_md, skill_to_json

        if level == 0:
            data0 = skill.summary().to_dict() | {"findings": findings}
            emit(
                data0,
                as_json,
                lambda: click.echo(
                    f"{skill.name} [{skill.status}, {skill.trust_level}] ({skill.task_type}; "
                    f"{skill.use_count} uses, avg "
                    f"{'-' if skill.avg_score is None else f'{skill.avg_score:.2f}'})\n  {skill.description}"
                ),
            )
        elif level == 1:

            def text1() -> None:
                click.echo(render_skill_md(skill), nl=False)
                click.echo(
                    f"\n# status: {skill.status}, trust level {skill.trust_level}, version {skill.version}, "
                    f"{skill.use_count} uses, avg score "
                    f"{'-' if skill.avg_score is None else f'{skill.avg_score:.2f}'}"
                )

            emit(
                skill_to_json(skill) | {"trust_level": skill.trust_level, "findings": findings},
                as_json,
                text1,
            )
        else:
            files = lib.list_files(name)
            emit(
                {"name": name, "files": files}, as_json, lambda: click.echo("\n".join(files) or "(no files)")
            )
        folded_into = [
            p["folded_into"] for p in lib.judged_pairs(name) if p["same"] and p["folded_into"] != name
        ]
        if skill.status == "retired" and folded_into and not as_json:
            click.echo(
                f"retired: folded into {folded_into[-1]}, judged the same skill; "
                f"'skillrouter trust {name}' brings it back",
                err=True,
            )
        if findings and not as_json:
            if skill.status == "quarantined":
                click.echo(
                    f"quarantined: {len(findings)} finding(s); 'skillrouter trust {name}' releases it",
                    err=True,
                )
            else:
                click.echo(f"{skill.status}, trusted despite {len(findings)} finding(s):", err=True)
            for f in findings:
                click.echo(
                    f"  {f.get('path')}:{f.get('line') or '-'}: {f.get('rule')}: {f.get('excerpt')}", err=True
                )


@cli.command("list")
@click.option("--status", type=click.Choice(["active", "quarantined", "retired"]), default=None)
@store_options
def list_cmd(
    status: str | None, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """List the skills in the store (Level 0)."""
    with open_library(store, chroma_url, model) as lib:
        records = lib.list_skills(status)  # type: ignore[arg-type]
        warn(lib)

        def text() -> None:
            for s in records:
                avg = "-" if s.avg_score is None else f"{s.avg_score:.2f}"
                flag = "" if s.status == "active" else f" [{s.status}]"
                click.echo(
                    f"{s.name:<40} {s.use_count:>4} uses  avg {avg:>5}  {s.trust_level or '-':<13}{flag}  "
                    f"{s.description[:70]}"
                )
            click.echo(f"{len(records)} skills")

        emit([s.to_dict() for s in records], as_json, text)


@cli.command()
@click.argument("name")
@click.argument("score", type=float)
@click.option("--task", default=None, help="The task it served (kept as an example when the score is good).")
@click.option(
    "--misfit",
    is_flag=True,
    help="NAME did not fit the task at all (a routing miss): keep the task "
    "(--task, required) as its negative example and leave its record alone; SCORE is ignored.",
)
@store_options
def record(
    name: str,
    score: float,
    task: str | None,
    misfit: bool,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Record that skill NAME was used and scored SCORE (1-10), or with --misfit that it did not fit."""
    if misfit and not (task or "").strip():
        raise click.UsageError("--misfit needs --task: the task that the skill did not fit")
    with open_library(store, chroma_url, model) as lib:
        if misfit:
            count = lib.record_misfit(name, task or "")
            out = lib.track_record(name)
            emit(
                out.to_dict() | {"misfits": count},
                as_json,
                lambda: click.echo(f"{name}: misfit recorded ({count} in all); its record is untouched"),
            )
            return
        out = lib.record_outcome(name, score, task=task)
        emit(
            out.to_dict(),
            as_json,
            lambda: click.echo(f"{name}: {out.use_count} uses, avg score {out.avg_score:.2f}"),
        )


REFRESH_LOCK_WAIT = 3.0
"""Seconds ``refresh`` waits for another process's hold on the embedded index: a write of another
command ends in that time; a long-running process (a server, an import) holds it longer, and the
edits, in the ledger already, reach the index on its next route."""


@cli.command()
@store_options
def refresh(store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """Read SKILL.md files edited by hand now (running processes see them on their next route)."""
    with open_library(store, chroma_url, model) as lib:
        try:
            report = lib.refresh(lock_wait=REFRESH_LOCK_WAIT)
            index = f"{report.embedded} embedded, {report.deleted} removed"
        except (
            StoreLockedError
        ):  # the ledger has the edits; the process writing the index syncs it next route
            report, index = SyncReport(), "left to the process that holds it (it syncs on its next route)"
        emit(
            {
                "embedded": report.embedded,
                "deleted": report.deleted,
                "unreadable": [{"name": n, "reason": r} for n, r in lib.unreadable],
            },
            as_json,
            lambda: click.echo(f"refreshed; index: {index}"),
        )
        warn(lib)


@cli.command()
@store_options
def reindex(store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """Rebuild the index from the store (vectors come from the embedding cache)."""
    with open_library(store, chroma_url, model) as lib:
        report = lib.reindex()
        emit(
            report.to_dict() | {"documents": lib.index.count()},
            as_json,
            lambda: click.echo(f"reindexed {lib.index.count()} documents ({report.embedded} embedded)"),
        )


@cli.command()
@click.option("--no-repair", is_flag=True, help="Only report (exit 1 if anything is found).")
@store_options
def doctor(
    no_repair: bool, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """Check (and repair) the ledger, the skill files and the index; exit 1 if anything is left
    broken."""
    with open_library(store, chroma_url, model, repair=not no_repair) as lib:
        report = lib.doctor(repair=not no_repair)

        def text() -> None:
            click.echo(
                f"{report.skills} skills; index: {report.index_missing} missing, {report.index_stale} stale, "
                f"{report.index_orphans} orphaned; sidecars: {len(report.sidecars)} out of step"
            )
            for line in report.derived if not no_repair else ():  # found and left: said once, below
                click.echo(f"  repaired: {line}")
            if report.team:
                _team_lines(report.team, no_repair)
            _fit_line(report.fit)
            if report.ledger["rebuilt"] and report.ledger.get("kept_at"):
                click.echo(f"  the damaged ledger is kept at {report.ledger['kept_at']}")
            for line in report.unrepaired:
                click.echo(f"  {'not repaired' if not no_repair else 'found'}: {line}")
            if report.ok:
                click.echo("ok")
            elif no_repair:
                click.echo("drift found")
            elif report.unrepaired:
                click.echo(
                    f"not repaired: {len(report.unrepaired)} problem(s), see above"
                    + ("; the rest was repaired" if report.repaired else "")
                )
            else:
                click.echo("repaired")

        emit(report.to_dict(), as_json, text)
        if report.unrepaired:
            sys.exit(1)


def _fit_line(fit: dict[str, Any]) -> None:
    """What doctor says of the library fit."""
    engines = "; ".join(
        f"{name} {e['ranking']} ({e['source']})" for name, e in fit.get("engines", {}).items()
    )
    if not engines:
        click.echo("  fit: none yet ('skillrouter fit' fits the router to this library)")
        return
    state = (
        "refitted now"
        if fit.get("refitted")
        else "stale: the library changed since ('skillrouter fit')"
        if fit.get("stale")
        else f"fitted on {fit.get('fitted_on')} skill(s)"
    )
    click.echo(f"  fit: {engines}; {state}")


def _team_lines(team: dict[str, Any], no_repair: bool) -> None:
    """What doctor says of this machine's copy of a team library."""
    click.echo(
        f"  team copy: {team['in_this_copy']} of {team['skills']} skills in this folder, "
        f"{len(team['behind'])} behind the database, {len(team['removed_elsewhere'])} removed elsewhere"
    )
    if team.get("written"):
        click.echo(f"  repaired: wrote {len(team['written'])} skill folder(s) from the team database")
    if team.get("rewritten"):
        click.echo(
            f"  repaired: {', '.join(team['rewritten'])}: this copy did not parse; set aside under "
            f"cache/conflicts/ and written again from the team database"
        )
    for path in team["conflicts"]:
        click.echo(f"  kept aside: {path} (an edit the team library moved past, or a damaged copy)")


@cli.command()
@click.argument("name")
@store_options
def history(name: str, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """List the versions of a skill."""
    with open_library(store, chroma_url, model) as lib:
        versions = lib.history(name)

        def text() -> None:
            for v in versions:
                click.echo(f"v{v.version:<4} {v.created_at}  {v.reason}")

        emit([v.to_dict() for v in versions], as_json, text)


@cli.command()
@click.argument("name")
@click.argument("version", type=int)
@store_options
def restore(
    name: str, version: int, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool
) -> None:
    """Make VERSION of a skill current again (saved as a new version; a retired skill becomes active)."""
    with open_library(store, chroma_url, model) as lib:
        skill = lib.restore(name, version)
        emit(
            {"name": name, "restored": version, "version": skill.version},
            as_json,
            lambda: click.echo(f"{name}: version {version} restored as version {skill.version}"),
        )


@cli.command()
@click.argument("names", nargs=-1, metavar="NAME...")
@click.option(
    "--source",
    default=None,
    help="Release every quarantined skill imported from this folder or file (or from below it).",
)
@click.option(
    "--level",
    "trust_level",
    type=click.Choice(TRUST_LEVELS),
    default=None,
    help="Also set its trust level (how later changes are judged); by default it stays where its "
    "content came from.",
)
@click.option("--yes", "-y", is_flag=True, help="Release several skills without asking first.")
@store_options
def trust(
    names: tuple[str, ...],
    source: str | None,
    trust_level: str | None,
    yes: bool,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
    as_json: bool,
) -> None:
    """Release quarantined (or retired) skills so the router may return them: NAME..., or every
    quarantined skill of a --source. Their findings stay on record as accepted: a later change is
    judged only on what it adds. Releasing more than one skill lists them and asks first (--yes
    does not ask); 'skillrouter quarantine' shows why each is held."""
    if not names and source is None:
        raise click.UsageError("name the skills to release, or give --source")
    with open_library(store, chroma_url, model) as lib:
        held = {q["name"]: q for q in lib.quarantined(source)} if source is not None else {}
        chosen = list(dict.fromkeys([*names, *held]))
        if not chosen:
            click.echo(f"no quarantined skill comes from {source}", err=True)
            return
        if len(chosen) > 1 and not yes:
            why = {q["name"]: q for q in lib.quarantined()}
            for name in chosen:
                rules = sorted({f["rule"] for f in why.get(name, {}).get("findings", [])})
                click.echo(f"  {name}: {', '.join(rules) or 'not quarantined'}", err=True)
            click.confirm(f"Release these {len(chosen)} skills?", abort=True, err=True)
        level = trust_level_of(trust_level)
        skills = lib.trust_many(chosen, level) if len(chosen) > 1 else [lib.trust(chosen[0], level)]
        out = [{"name": s.name, "status": s.status, "trust_level": s.trust_level} for s in skills]

        def text() -> None:
            for s in skills:
                click.echo(f"{s.name} is active (trust level {s.trust_level})")

        emit(out if source is not None or len(names) > 1 else out[0], as_json, text)


def main() -> None:
    """The ``skillrouter`` command, for a process that ends with it (the console script, ``python -m
    skillrouter.cli``): on its way out it freezes the garbage collector's objects (see below). A
    program that runs commands and goes on calls :data:`cli` instead."""
    # SIGTERM (a container stopping, `kill`, a supervisor) ends a command as Ctrl-C does: the write
    # in progress is rolled back or finished and its staging folder removed, not left behind
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminated)
    try:
        cli(prog_name="skillrouter")
    finally:
        # The command is over and what it wrote is closed (each one holds its library in a `with`).
        # Exiting, Python would walk every object the process made looking for cycles to free: about
        # 50 ms of a 0.35 s route (measured: docs/evaluation/scale.md). Frozen, they are left to the
        # operating system; atexit handlers and weakref finalizers still run.
        gc.freeze()


def _terminated(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    main()
