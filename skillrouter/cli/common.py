"""What every ``skillrouter`` command shares: the store options, opening the library, printing
text or JSON, the option checks, and the error boundary (:class:`Group`).

Errors raised on purpose (:class:`SkillRouterError`) and the operating system's answers about
the user's files (missing, not allowed, a folder where a file was expected, a full disk) become
one line on stderr and exit status 1; bad usage exits 2 (click's convention). Anything else is
a bug: its traceback is shown, with a line asking for a report.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import re
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from skillrouter.embeddings import OnnxExportError
from skillrouter.errors import SkillRouterError
from skillrouter.library import SkillLibrary
from skillrouter.routing.settings import check_k, check_task, check_threshold
from skillrouter.security.policy import TRUST_LEVELS, TrustLevel, check_trust_level

F = TypeVar("F", bound=Callable[..., Any])


def emit(data: Any, as_json: bool, text: Callable[[], None]) -> None:
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        text()


_LEDGER_URL = "skillrouter.ledger_url"


def _keep_ledger_url(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """``--ledger`` is kept in the context, for :func:`open_library`, rather than passed to
    every command."""
    ctx.meta[_LEDGER_URL] = value


def ledger_url() -> str | None:
    """The running command's ``--ledger`` (or ``$SKILLROUTER_LEDGER_URL``), None for SQLite."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get(_LEDGER_URL) if ctx is not None else None


def make_store_options(
    model_flag: str = "--model", model_param: str = "model", *, json_flag: bool = True
) -> Callable[[F], F]:
    """A decorator adding --store, --chroma-url, --ledger, the embedding model option and --json.

    Every command uses :data:`store_options`; ``skillrouter run``, whose ``--model`` is the
    chat model, names the embedding model ``--embedding-model`` instead, and ``skillrouter
    mcp``, which prints no result, has no ``--json`` (``json_flag=False``).
    """

    def decorate(func: F) -> F:
        @click.option(
            "--store",
            type=click.Path(path_type=Path),
            default=None,
            envvar="SKILLROUTER_HOME",
            help="Store folder (default: $SKILLROUTER_HOME or ./.skillrouter).",
        )
        @click.option(
            "--chroma-url",
            default=None,
            envvar="SKILLROUTER_CHROMA_URL",
            help="Use a Chroma server (http://HOST:PORT) instead of the embedded index.",
        )
        @click.option(
            "--ledger",
            "ledger_url",
            default=None,
            envvar="SKILLROUTER_LEDGER_URL",
            expose_value=False,
            callback=_keep_ledger_url,
            help="Keep the ledger in PostgreSQL (postgresql://USER@HOST:PORT/DB: team mode) "
            "instead of the store's skillrouter.db.",
        )
        @click.option(
            model_flag,
            model_param,
            default=None,
            envvar="SKILLROUTER_MODEL",
            help="sentence-transformers model name or path (default: all-MiniLM-L6-v2, offline).",
        )
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)

        if json_flag:
            wrapper = click.option("--json", "as_json", is_flag=True, help="Print JSON.")(wrapper)
        return wrapper  # type: ignore[return-value]

    return decorate


store_options = make_store_options()


def open_library(
    store: Path | None, chroma_url: str | None, model: str | None, *, create: bool = False, **kwargs: Any
) -> SkillLibrary:
    """The library of ``--store``, with its ledger where ``--ledger`` says, and the review model
    of ``$SKILLROUTER_REVIEW_MODEL`` (``PROVIDER:MODEL``; ``$SKILLROUTER_REVIEW_BASE_URL`` for an
    OpenAI-compatible server) asked on every way in, loaded only when a skill needs it."""
    kwargs.setdefault("ledger_url", ledger_url())
    lib = SkillLibrary.open(store, create=create, chroma_url=chroma_url, model=model, **kwargs)
    spec = os.environ.get("SKILLROUTER_REVIEW_MODEL")
    if spec:
        from skillrouter.security.admission import Reviewer

        def load() -> Any:
            from skillrouter.cli.models import load_chat_model

            base_url = os.environ.get("SKILLROUTER_REVIEW_BASE_URL") or None
            return load_chat_model(spec, base_url=base_url, needed_by="$SKILLROUTER_REVIEW_MODEL")

        lib.review_model = Reviewer.lazy(spec, load)
    return lib


def warn(lib: SkillLibrary) -> None:
    for line in lib.warnings():
        click.echo(f"warning: {line}", err=True)


# The operating system's answers about the user's own files and disk: one line, not a bug.
USER_OS_ERRORS = (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError)
USER_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS}


def one_line(err: OSError) -> str:
    what = err.strerror or str(err)
    return f"{err.filename}: {what}" if err.filename else what


class Group(click.Group):
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
                return unavailable(cmd_name, err)
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
            if not isinstance(err, USER_OS_ERRORS) and err.errno not in USER_ERRNOS:
                bug(ctx)
            click.echo(f"error: {one_line(err)}", err=True)
            ctx.exit(1)
        except Exception:  # noqa: BLE001  the CLI's last line of defence: show the bug, ask for a report
            bug(ctx)


def bug(ctx: click.Context) -> None:
    click.echo(traceback.format_exc(), err=True, nl=False)
    click.echo("error: this is a bug in skillrouter; please report it with the traceback above", err=True)
    ctx.exit(1)


def unavailable(name: str, err: ImportError) -> click.Command:
    """Stands in for a plugin command whose module cannot be imported."""

    def fail(args: tuple[str, ...]) -> None:
        raise SkillRouterError(f"command {name!r} is unavailable: {err}")

    return click.Command(
        name,
        callback=fail,
        help=f"(unavailable: {err})",
        params=[click.Argument(["args"], nargs=-1)],
        context_settings={"ignore_unknown_options": True},
    )


def trust_level_of(value: str | None) -> TrustLevel | None:
    return None if value is None else check_trust_level(value)


def trust_level_option(help_text: str) -> Callable[[F], F]:
    """``--trust-level``, one of the policy's levels (see ``skillrouter.security.policy``)."""
    return click.option(
        "--trust-level", "trust_level", type=click.Choice(TRUST_LEVELS), default=None, help=help_text
    )


def _checked(check: Callable[[Any], Any], value: Any) -> Any:
    """``check(value)`` (one of :mod:`skillrouter.routing.settings`'s), its error as click's usage error."""
    try:
        return check(value)
    except ValueError as err:
        raise click.BadParameter(str(err)) from None


def threshold_option(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    """A ``--threshold`` callback: :func:`~skillrouter.routing.settings.check_threshold`."""
    return None if value is None else _checked(check_threshold, value)


def task_argument(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """A ``TASK`` callback: :func:`~skillrouter.routing.settings.check_task`."""
    return _checked(check_task, value)


def k_option(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """A ``-k`` callback: :func:`~skillrouter.routing.settings.check_k`."""
    return _checked(check_k, value)


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


class PathOrTeamUrl(click.ParamType):
    """A path, or a URL (a team library's ``postgresql://``, or whatever scheme an import source
    plugin reads: docs/extending.md) kept as a string (a ``Path`` would fold its ``//``)."""

    name = "PATH|URL"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path | str:
        if isinstance(value, str) and _URL.match(value):
            return value
        return Path(value)
