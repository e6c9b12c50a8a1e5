"""The ``skillrouter`` command: a thin layer over :class:`~skillrouter.library.SkillLibrary`.

Each command parses its options, opens one library, calls its methods and prints (text, or
JSON with ``--json``); none reaches past the library into the store. Errors raised on
purpose (:class:`SkillRouterError`) and the operating system's answers about the user's
files (missing, not allowed, a folder where a file was expected, a full disk) become one
line on stderr and exit status 1; bad usage exits 2 (click's convention). Anything else is
a bug: its traceback is shown, with a line asking for a report.
"""

from __future__ import annotations

import errno
import functools
import json
import math
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from skillrouter.embeddings import BACKENDS, Backend, OnnxExportError
from skillrouter.errors import SkillRouterError, StoreLockedError
from skillrouter.index import SyncReport
from skillrouter.library import SkillLibrary
from skillrouter.router import DEFAULT_K
from skillrouter.scoring import DEFAULT_THRESHOLD, KEYWORD_WEIGHT
from skillrouter.security.policy import TRUST_LEVELS, TrustLevel, check_trust_level

F = TypeVar("F", bound=Callable[..., Any])


def _emit(data: Any, as_json: bool, text: Callable[[], None]) -> None:
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        text()


def make_store_options(model_flag: str = "--model", model_param: str = "model", *,
                       json_flag: bool = True) -> Callable[[F], F]:
    """A decorator adding --store, --chroma-url, the embedding model option and --json.

    Every command uses :data:`store_options`; ``skillrouter run``, whose ``--model`` is the
    chat model, names the embedding model ``--embedding-model`` instead, and ``skillrouter
    mcp``, which prints no result, has no ``--json`` (``json_flag=False``).
    """

    def decorate(func: F) -> F:
        @click.option("--store", type=click.Path(path_type=Path), default=None, envvar="SKILLROUTER_HOME",
                      help="Store folder (default: $SKILLROUTER_HOME or ./.skillrouter).")
        @click.option("--chroma-url", default=None, envvar="SKILLROUTER_CHROMA_URL",
                      help="Use a Chroma server (http://HOST:PORT) instead of the embedded index.")
        @click.option(model_flag, model_param, default=None, envvar="SKILLROUTER_MODEL",
                      help="sentence-transformers model name or path (default: all-MiniLM-L6-v2, offline).")
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)

        if json_flag:
            wrapper = click.option("--json", "as_json", is_flag=True, help="Print JSON.")(wrapper)
        return wrapper  # type: ignore[return-value]

    return decorate


store_options = make_store_options()


def _open(store: Path | None, chroma_url: str | None, model: str | None, *, create: bool = False,
          **kwargs: Any) -> SkillLibrary:
    return SkillLibrary.open(store, create=create, chroma_url=chroma_url, model=model, **kwargs)


def _warn(lib: SkillLibrary) -> None:
    for line in lib.warnings():
        click.echo(f"warning: {line}", err=True)


# The operating system's answers about the user's own files and disk: one line, not a bug.
_USER_OS_ERRORS = (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError)
_USER_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS}


def _one_line(err: OSError) -> str:
    what = err.strerror or str(err)
    return f"{err.filename}: {what}" if err.filename else what


class _Group(click.Group):
    """Turns SkillRouterError (and an OS error about the user's files) into one line on
    stderr; anything else is a bug, shown with its traceback.

    Commands that live in other modules or packages (``eval``, the agent, the importer)
    come through the ``skillrouter.commands`` entry-point group and load only when used,
    so skillrouter imports nothing of ``eval`` and a plain ``route`` stays quick.
    """

    def _plugins(self) -> dict[str, Any]:
        from importlib.metadata import entry_points

        return {ep.name: ep for ep in entry_points(group="skillrouter.commands")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(self._plugins()))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is None and cmd_name in (plugins := self._plugins()):
            try:
                found = plugins[cmd_name].load()
            except ImportError as err:  # a plugin that cannot load must not break --help or the others
                return _unavailable(cmd_name, err)
            self.add_command(found, cmd_name)
        return found

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except (SkillRouterError, OnnxExportError) as err:
            click.echo(f"error: {err}", err=True)
            ctx.exit(1)
        except OSError as err:
            if not isinstance(err, _USER_OS_ERRORS) and err.errno not in _USER_ERRNOS:
                _bug(ctx)
            click.echo(f"error: {_one_line(err)}", err=True)
            ctx.exit(1)
        except Exception:  # noqa: BLE001  the CLI's last line of defence: show the bug, ask for a report
            _bug(ctx)


def _bug(ctx: click.Context) -> None:
    click.echo(traceback.format_exc(), err=True, nl=False)
    click.echo("error: this is a bug in skillrouter; please report it with the traceback above", err=True)
    ctx.exit(1)


def _unavailable(name: str, err: ImportError) -> click.Command:
    """Stands in for a plugin command whose module cannot be imported."""

    def fail(args: tuple[str, ...]) -> None:
        raise SkillRouterError(f"command {name!r} is unavailable: {err}")

    return click.Command(name, callback=fail, help=f"(unavailable: {err})",
                         params=[click.Argument(["args"], nargs=-1)],
                         context_settings={"ignore_unknown_options": True})


@click.group(cls=_Group)
@click.version_option(package_name="skillrouter")
def cli() -> None:
    """Route tasks to reusable agent skills, weighted by their track record."""


def _level(value: str | None) -> TrustLevel | None:
    return None if value is None else check_trust_level(value)


def trust_level_option(help_text: str) -> Callable[[F], F]:
    """``--trust-level``, one of the policy's levels (see ``skillrouter.security.policy``)."""
    return click.option("--trust-level", "trust_level", type=click.Choice(TRUST_LEVELS), default=None,
                        help=help_text)


@cli.command()
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--replace", is_flag=True, help="Overwrite a skill of the same name (history is kept).")
@trust_level_option("Where the skill comes from: decides what its scan's findings do (default community; "
                    "a replaced skill keeps its own).")
@store_options
def add(path: Path, replace: bool, trust_level: str | None, store: Path | None, chroma_url: str | None,
        model: str | None, as_json: bool) -> None:
    """Add one skill: a SKILL.md, its folder, or a JSON skill (scanned like an import)."""
    with _open(store, chroma_url, model, create=True) as lib:
        skill = lib.add(path, replace=replace, trust_level=_level(trust_level))
        findings = lib.findings(skill.name)

        def text() -> None:
            click.echo(f"added {skill.name} (version {skill.version}, {skill.trust_level})")
            if skill.status == "quarantined":
                click.echo(f"quarantined: {len(findings)} finding(s); 'skillrouter show {skill.name}' lists them, "
                           f"'skillrouter trust {skill.name}' releases it", err=True)

        _emit({"added": skill.name, "version": skill.version, "status": skill.status,
               "trust_level": skill.trust_level, "findings": findings}, as_json, text)


def _threshold(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    if value is not None and not (math.isfinite(value) and 0.0 <= value <= 2.0):
        raise click.BadParameter(f"must be a relevance from 0 to 2, got {value}")
    return value


def _task(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if not value.strip():
        raise click.BadParameter("a task must be non-empty text")
    return value


@cli.command("route")
@click.argument("task", callback=_task)
@click.option("-k", "k", type=click.IntRange(min=1), default=DEFAULT_K, show_default=True,
              help="Number of candidates to show.")
@click.option("--type", "task_type", default=None, help="Only skills of this task_type.")
@click.option("--tag", "tags", multiple=True, help="Only skills with one of these tags (repeatable).")
@click.option("--threshold", type=float, default=None, callback=_threshold,
              help=f"Relevance the best candidate must reach to be chosen (default {DEFAULT_THRESHOLD} "
                   "for the default model).")
@click.option("--keyword-weight", type=click.FloatRange(0.0), default=KEYWORD_WEIGHT, show_default=True,
              help="Weight of the keyword (BM25) score in the ranking; 0 ranks by embeddings alone.")
@click.option("--backend", type=click.Choice(BACKENDS), default="onnx", show_default=True,
              envvar="SKILLROUTER_BACKEND",
              help="onnx starts in about a second: ONNX Runtime embeds the task and an embedded store is "
                   "searched over its embedding cache, without torch or Chroma. torch loads "
                   "sentence-transformers and queries the Chroma index, as long-running processes do. "
                   "Same answers.")
@store_options
def route_cmd(task: str, k: int, task_type: str | None, tags: tuple[str, ...], threshold: float | None,
              keyword_weight: float, backend: Backend, store: Path | None, chroma_url: str | None,
              model: str | None, as_json: bool) -> None:
    """Pick the skill that fits TASK, or say that none does."""
    with _open(store, chroma_url, model, threshold=threshold, keyword_weight=keyword_weight, backend=backend) as lib:
        exact = backend == "onnx" and lib.index.mode == "embedded"
        route = lib.route(task, k=k, task_type=task_type, tags=tags or None, exact=exact)
        _warn(lib)

        def text() -> None:
            click.echo(f"matched: {route.matched.name if route.matched else '(none)'}  [{route.reason}]")
            for c in route.candidates:
                click.echo(f"  {c.name:<40} similarity {c.similarity:.3f}  keyword {c.keyword:.2f}  "
                           f"relevance {c.relevance:.3f}  quality {c.quality:.2f}  score {c.score:.3f}")

        _emit(route.to_dict(), as_json, text)


@cli.command()
@click.argument("name")
@click.option("--level", type=click.IntRange(0, 2), default=1, show_default=True,
              help="0: summary, 1: full skill, 2: list of its files.")
@click.option("--file", "relpath", default=None, help="Print one Level 2 file (relative path).")
@store_options
def show(name: str, level: int, relpath: str | None, store: Path | None, chroma_url: str | None,
         model: str | None, as_json: bool) -> None:
    """Show a skill at Level 0, 1 or 2."""
    with _open(store, chroma_url, model) as lib:
        if relpath is not None:
            data = lib.read_file(name, relpath)
            if as_json:
                _emit({"name": name, "path": relpath, "content": data.decode("utf-8", errors="replace")}, True,
                      lambda: None)
            else:
                sys.stdout.buffer.write(data)
            return
        skill = lib.get(name)
        findings = lib.findings(name)
        from skillrouter.skillmd import render_skill_md, skill_to_json

        if level == 0:
            data0 = skill.summary().to_dict() | {"findings": findings}
            _emit(data0, as_json, lambda: click.echo(
                f"{skill.name} [{skill.status}, {skill.trust_level}] ({skill.task_type}; {skill.use_count} uses, avg "
                f"{'-' if skill.avg_score is None else f'{skill.avg_score:.2f}'})\n  {skill.description}"))
        elif level == 1:
            def text1() -> None:
                click.echo(render_skill_md(skill), nl=False)
                click.echo(f"\n# status: {skill.status}, trust level {skill.trust_level}, version {skill.version}, "
                           f"{skill.use_count} uses, avg score "
                           f"{'-' if skill.avg_score is None else f'{skill.avg_score:.2f}'}")
            _emit(skill_to_json(skill) | {"trust_level": skill.trust_level, "findings": findings}, as_json, text1)
        else:
            files = lib.list_files(name)
            _emit({"name": name, "files": files}, as_json, lambda: click.echo("\n".join(files) or "(no files)"))
        folded_into = [p["folded_into"] for p in lib.judged_pairs(name) if p["same"] and p["folded_into"] != name]
        if skill.status == "retired" and folded_into and not as_json:
            click.echo(f"retired: folded into {folded_into[-1]}, judged the same skill; "
                       f"'skillrouter trust {name}' brings it back", err=True)
        if findings and not as_json:
            if skill.status == "quarantined":
                click.echo(f"quarantined: {len(findings)} finding(s); 'skillrouter trust {name}' releases it", err=True)
            else:
                click.echo(f"{skill.status}, trusted despite {len(findings)} finding(s):", err=True)
            for f in findings:
                click.echo(f"  {f.get('path')}:{f.get('line') or '-'}: {f.get('rule')}: {f.get('excerpt')}", err=True)


@cli.command("list")
@click.option("--status", type=click.Choice(["active", "quarantined", "retired"]), default=None)
@store_options
def list_cmd(status: str | None, store: Path | None, chroma_url: str | None, model: str | None,
             as_json: bool) -> None:
    """List the skills in the store (Level 0)."""
    with _open(store, chroma_url, model) as lib:
        records = lib.list_skills(status)  # type: ignore[arg-type]
        _warn(lib)

        def text() -> None:
            for s in records:
                avg = "-" if s.avg_score is None else f"{s.avg_score:.2f}"
                flag = "" if s.status == "active" else f" [{s.status}]"
                click.echo(f"{s.name:<40} {s.use_count:>4} uses  avg {avg:>5}  {s.trust_level or '-':<13}{flag}  "
                           f"{s.description[:70]}")
            click.echo(f"{len(records)} skills")

        _emit([s.to_dict() for s in records], as_json, text)


@cli.command()
@click.argument("name")
@click.argument("score", type=float)
@click.option("--task", default=None, help="The task it served (kept as an example when the score is good).")
@click.option("--misfit", is_flag=True, help="NAME did not fit the task at all (a routing miss): keep the task "
              "(--task, required) as its negative example and leave its record alone; SCORE is ignored.")
@store_options
def record(name: str, score: float, task: str | None, misfit: bool, store: Path | None, chroma_url: str | None,
           model: str | None, as_json: bool) -> None:
    """Record that skill NAME was used and scored SCORE (1-10), or with --misfit that it did not fit."""
    if misfit and not (task or "").strip():
        raise click.UsageError("--misfit needs --task: the task that the skill did not fit")
    with _open(store, chroma_url, model) as lib:
        if misfit:
            count = lib.record_misfit(name, task or "")
            out = lib.track_record(name)
            _emit(out.to_dict() | {"misfits": count}, as_json,
                  lambda: click.echo(f"{name}: misfit recorded ({count} in all); its record is untouched"))
            return
        out = lib.record_outcome(name, score, task=task)
        _emit(out.to_dict(), as_json,
              lambda: click.echo(f"{name}: {out.use_count} uses, avg score {out.avg_score:.2f}"))


@cli.command()
@store_options
def refresh(store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """Read SKILL.md files edited by hand now (running processes see them on their next route)."""
    with _open(store, chroma_url, model) as lib:
        try:
            report = lib.refresh()
            index = f"{report.embedded} embedded, {report.deleted} removed"
        except StoreLockedError:  # the ledger has the edits; the process writing the index syncs it next route
            report, index = SyncReport(), "left to the process that holds it (it syncs on its next route)"
        _emit({"embedded": report.embedded, "deleted": report.deleted,
               "unreadable": [{"name": n, "reason": r} for n, r in lib.unreadable]}, as_json,
              lambda: click.echo(f"refreshed; index: {index}"))
        _warn(lib)


@cli.command()
@store_options
def reindex(store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """Rebuild the index from the store (vectors come from the embedding cache)."""
    with _open(store, chroma_url, model) as lib:
        report = lib.reindex()
        _emit(report.to_dict() | {"documents": lib.index.count()}, as_json,
              lambda: click.echo(f"reindexed {lib.index.count()} documents ({report.embedded} embedded)"))


@cli.command()
@click.option("--no-repair", is_flag=True, help="Only report (exit 1 if anything is found).")
@store_options
def doctor(no_repair: bool, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """Check (and repair) the ledger, the skill files and the index; exit 1 if anything is left
    broken."""
    with _open(store, chroma_url, model, repair=not no_repair) as lib:
        report = lib.doctor(repair=not no_repair)

        def text() -> None:
            click.echo(f"{report.skills} skills; index: {report.index_missing} missing, {report.index_stale} stale, "
                       f"{report.index_orphans} orphaned; sidecars: {len(report.sidecars)} out of step")
            if report.ledger["rebuilt"] and report.ledger.get("kept_at"):
                click.echo(f"  the damaged ledger is kept at {report.ledger['kept_at']}")
            for line in report.unrepaired:
                click.echo(f"  {'not repaired' if not no_repair else 'found'}: {line}")
            if report.ok:
                click.echo("ok")
            elif no_repair:
                click.echo("drift found")
            elif report.unrepaired:
                click.echo(f"not repaired: {len(report.unrepaired)} problem(s), see above"
                           + ("; the rest was repaired" if report.repaired else ""))
            else:
                click.echo("repaired")

        _emit(report.to_dict(), as_json, text)
        if report.unrepaired:
            sys.exit(1)


@cli.command()
@click.argument("name")
@store_options
def history(name: str, store: Path | None, chroma_url: str | None, model: str | None, as_json: bool) -> None:
    """List the versions of a skill."""
    with _open(store, chroma_url, model) as lib:
        versions = lib.history(name)

        def text() -> None:
            for v in versions:
                click.echo(f"v{v.version:<4} {v.created_at}  {v.reason}")

        _emit([v.to_dict() for v in versions], as_json, text)


@cli.command()
@click.argument("name")
@click.argument("version", type=int)
@store_options
def restore(name: str, version: int, store: Path | None, chroma_url: str | None, model: str | None,
            as_json: bool) -> None:
    """Make VERSION of a skill current again (saved as a new version; a retired skill becomes active)."""
    with _open(store, chroma_url, model) as lib:
        skill = lib.restore(name, version)
        _emit({"name": name, "restored": version, "version": skill.version}, as_json,
              lambda: click.echo(f"{name}: version {version} restored as version {skill.version}"))


@cli.command()
@click.argument("name")
@click.option("--level", "trust_level", type=click.Choice(TRUST_LEVELS), default=None,
              help="Also set its trust level (how later changes are judged); by default it stays where its "
                   "content came from.")
@store_options
def trust(name: str, trust_level: str | None, store: Path | None, chroma_url: str | None, model: str | None,
          as_json: bool) -> None:
    """Release a quarantined (or retired) skill so the router may return it. Its findings stay
    on record as accepted: a later change is judged only on what it adds."""
    with _open(store, chroma_url, model) as lib:
        skill = lib.trust(name, _level(trust_level))
        _emit({"name": name, "status": skill.status, "trust_level": skill.trust_level}, as_json,
              lambda: click.echo(f"{name} is active (trust level {skill.trust_level})"))


def main() -> None:
    cli(prog_name="skillrouter")


if __name__ == "__main__":
    main()
