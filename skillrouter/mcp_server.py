"""``skillrouter mcp``: a skill library served to agents over MCP (stdio), on the official SDK.

Tools, for the model:

- ``search_skills(query, k, context)``: the router's answer for a task: the skill that fits
  (``matched``, or null when none passes the relevance gate) and the ranked candidates with every
  number that ranked and gated them (similarity, keyword, coverage, relevance, quality, score),
  their track record, the threshold in force and ``p_fit`` (the calibrated probability that the
  first candidate is right). ``context``, the conversation's earlier turns (oldest first: the
  user's, and the assistant's), lets a follow-up that names no task by itself ("and for
  staging?") stay with its conversation's skill and a closing "no, that's all" route to none;
  ``context_used`` says whether it decided (:mod:`skillrouter.routing.conversation`).
- ``load_skill(name)``: Level 1, the skill's SKILL.md, with its Level 2 file list.
- ``read_skill_file(name, path)``: one Level 2 file; paths leaving the skill's folder are refused.
- ``record_outcome(name, score, task, fits)``: how well a skill served a task (1-10); a good score
  with the task teaches the router.

Resources, for the application: ``skill://{name}`` (the SKILL.md of each active skill, listed)
and ``skill://{name}/{path}`` (its Level 2 files). Quarantined skills are neither served nor
listed: a person releases one with ``skillrouter trust``.

Everything goes through :class:`~skillrouter.library.SkillLibrary`. The process opens one library
(so the model loads once) with ``hold_index_lock=False``: the embedded index's writer lock is
taken only while a request writes, so ``skillrouter import``, ``record`` and ``route`` work
while the server runs, and the server sees what they wrote. The library lives on one worker
thread of its own (SQLite connections belong to the thread that made them; one thread also
takes requests one at a time). The model loads there in the background as the server starts,
so the client's handshake is answered at once.

What the caller got wrong (an unknown skill, a bad score, a path leaving the folder, an empty
query) is a tool error of one line that the model can act on; anything else is a bug, which
the SDK logs with its traceback on stderr and answers as ``Error executing tool NAME``.
Arguments of the wrong type are refused before the tool runs, in one line naming the field
(:func:`bad_arguments`): the numbers and the flag are strict (``k: true`` is not 1, ``fits: 0``
is not false), their ranges checked by the library (``check_k``, the score's check).

stdin is read through :mod:`skillrouter.mcp_transport`, which answers every line the SDK
cannot dispatch (not JSON, not UTF-8, not a JSON-RPC request, params its parser cannot read)
with a JSON-RPC error, so a client never waits for a reply that will not come.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Annotated, Any, Literal, TypeVar

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError
from mcp.types import CallToolResult, InputRequiredResult, Resource, ToolAnnotations
from pydantic import Field, ValidationError
from typing_extensions import TypedDict  # pydantic reads nested TypedDicts from here below Python 3.12

from skillrouter.errors import SkillFormatError, SkillNotFoundError, SkillRouterError
from skillrouter.library import SkillLibrary
from skillrouter.mcp_transport import checked_stdio
from skillrouter.routing.router import Route
from skillrouter.routing.settings import DEFAULT_K, check_k, check_task
from skillrouter.skillmd import render_skill_md

log = logging.getLogger(__name__)

T = TypeVar("T")

INSTRUCTIONS = (
    "A library of skills: procedures that worked before, each with a track record. Before a task "
    "that may need specialised know-how, call search_skills with the task. If it names a matched "
    "skill, call load_skill and follow its instructions (read_skill_file for the scripts and "
    "references it lists). If matched is null, no skill fits: go on without one. After using a "
    "skill, call record_outcome with a score from 1 to 10 and the task, so the router learns."
)
MAX_K = 50

# What the caller got wrong, as the library and the operating system say it: a tool error.
_CALLER_ERRORS = (
    SkillRouterError,
    ValueError,
    FileNotFoundError,
    PermissionError,
    IsADirectoryError,
    NotADirectoryError,
)


class ServedCandidate(TypedDict):
    """A skill considered for the query, with the numbers that ranked and gated it."""

    name: str
    description: str
    similarity: float
    keyword: float
    coverage: float
    relevance: float
    quality: float
    score: float
    via: str
    misfit: float | None  # cosine of the skill's nearest misfit (a task it did not fit), if it has any
    misfits: int  # the skill's misfits: their share of its judged routes lowers its relevance
    use_count: int
    avg_score: float | None
    p_fit: float  # the calibrated probability that this skill is the right one
    passes_gate: bool


class SearchResult(TypedDict):
    """The router's answer: ``matched`` is the skill to use, or null when none fits."""

    query: str
    matched: str | None
    p_fit: float | None  # the calibrated probability that the best candidate is right (null: none)
    reason: str
    threshold: float
    threshold_source: str
    context_used: bool  # the conversation's earlier turns decided the route
    candidates: list[ServedCandidate]


class LoadedSkill(TypedDict):
    """Level 1 (``skill_md``, the whole SKILL.md) and the Level 2 file list (``files``)."""

    name: str
    description: str
    status: str
    version: int
    task_type: str
    tags: list[str]
    use_count: int
    avg_score: float | None
    skill_md: str
    files: list[str]


class RecordedOutcome(TypedDict):
    """The skill's track record after the outcome (or misfit) was recorded."""

    name: str
    use_count: int
    avg_score: float | None
    last_score: float | None
    last_used: str | None
    recorded: Literal["outcome", "misfit"]
    misfits: int | None  # after a misfit: how many the skill has


# ---------------------------------------------------------------- the work, on the facade


def one_line(err: BaseException) -> str:
    """An error's message on one line (a parser's message may span several)."""
    if isinstance(err, OSError) and err.filename is not None:
        return f"{err.filename}: {err.strerror or err}"
    return " ".join(str(err).split()) or type(err).__name__


def bad_arguments(err: ValidationError) -> str:
    """Why the SDK's validation refused a tool's arguments, on one line naming each field:
    ``k: input should be a valid integer, got true``."""
    said = []
    for e in err.errors():
        field = ".".join(str(part) for part in e["loc"]) or "arguments"
        why = e["msg"][:1].lower() + e["msg"][1:]
        said.append(
            f"{field}: {why}" if e["type"] == "missing" else f"{field}: {why}, got {_got(e['input'])}"
        )
    return "; ".join(said)


def _got(value: object) -> str:
    """A rejected value as JSON spells it when it is short (true, null, 2.5), else its kind."""
    if (
        value is None
        or isinstance(value, (bool, float))
        or (isinstance(value, int) and value.bit_length() < 64)
    ):
        return json.dumps(value)
    kinds = {str: "text", list: "an array", dict: "an object", int: "a long integer"}
    return kinds.get(type(value), type(value).__name__)


def search(lib: SkillLibrary, query: str, k: int, context: list[Any] | None = None) -> SearchResult:
    check_task(query, "query")
    check_k(k, MAX_K)
    route: Route = lib.route(query, k=k, context=context)
    return {
        "query": query,
        "matched": route.matched.name if route.matched else None,
        "p_fit": None if route.p_fit is None else round(route.p_fit, 4),
        "reason": route.reason,
        "threshold": route.threshold,
        "threshold_source": route.threshold_source,
        "context_used": route.context_used,
        "candidates": [
            {
                **c.to_dict(),  # type: ignore[typeddict-item]
                "description": c.skill.description,
                "use_count": c.skill.use_count,
                "avg_score": c.skill.avg_score,
            }
            for c in route.candidates
        ],
    }


def load(lib: SkillLibrary, name: str) -> LoadedSkill:
    skill = lib.servable(name)
    return {
        "name": skill.name,
        "description": skill.description,
        "status": skill.status,
        "version": skill.version,
        "task_type": skill.task_type,
        "tags": list(skill.tags),
        "use_count": skill.use_count,
        "avg_score": skill.avg_score,
        "skill_md": render_skill_md(skill),
        "files": lib.list_files(name),
    }


def read_bytes(lib: SkillLibrary, name: str, path: str) -> bytes:
    lib.servable(name)
    return lib.read_file(name, path)


def read_text(lib: SkillLibrary, name: str, path: str) -> str:
    data = read_bytes(lib, name, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SkillFormatError(
            f"{path!r} of skill {name!r} is not UTF-8 text ({len(data)} bytes); read it as "
            f"the resource skill://{name}/{path}",
            field="path",
        ) from None


def record(lib: SkillLibrary, name: str, score: float, task: str | None, fits: bool) -> RecordedOutcome:
    """An outcome, or with ``fits=False`` a misfit: a routing miss, not the skill's failure, so
    its record is untouched and the task is kept as a negative example (the score is ignored)."""
    if fits:
        out, misfits = lib.record_outcome(name, score, task=task), None
    else:
        if task is None or not task.strip():
            raise ValueError(
                f"nothing recorded: a misfit needs the task that {name!r} did not fit (task=...)"
            )
        misfits = lib.record_misfit(name, task)
        out = lib.track_record(name)
    return {
        "name": out.name,
        "use_count": out.use_count,
        "avg_score": out.avg_score,
        "last_score": out.last_score,
        "last_used": out.last_used,
        "recorded": "outcome" if fits else "misfit",
        "misfits": misfits,
    }


def skill_md(lib: SkillLibrary, name: str) -> str:
    return render_skill_md(lib.servable(name))


def listed(lib: SkillLibrary) -> list[Resource]:
    """One ``skill://NAME`` resource per active skill."""
    return [
        Resource(uri=f"skill://{s.name}", name=s.name, description=s.description, mime_type="text/markdown")
        for s in lib.list_skills("active")
    ]


# ---------------------------------------------------------------- one library, on one thread


RECHECK_S = 10.0
"""How often, at most, a library opened read-only on a full disk looks for free space again."""


class LibraryThread:
    """A :class:`SkillLibrary` opened and used on one worker thread of its own. A library that
    opened read-only because its disk was full is opened again, for writing, by the first call
    after space is freed (looked for every :data:`RECHECK_S` seconds at most): a long-running
    server records outcomes again without a restart."""

    def __init__(self, opener: Callable[[], SkillLibrary]) -> None:
        self._opener = opener
        self._recheck_at = 0.0
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="skillrouter")
        try:
            self.library = self._pool.submit(self._open).result()
        except BaseException:
            self._pool.shutdown()
            raise

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.wrap_future(self._pool.submit(self._run, fn, *args))

    def _open(self) -> SkillLibrary:
        library = self._opener()
        library.defer_scans = True  # a scan due by time runs after the call's answer (_catch_up)
        return library

    def _run(self, fn: Callable[..., T], *args: Any) -> T:
        self._reopen_if_space()
        try:
            return fn(self.library, *args)
        finally:
            if self.library.scan_deferred:  # queued behind this call: its answer goes out first
                self._pool.submit(self._catch_up)

    def _catch_up(self) -> None:
        try:
            self.library.catch_up()
        except Exception as err:  # noqa: BLE001 - the next call scans again (or says what is wrong)
            log.warning("the scan of the store's skill folders failed: %s", one_line(err))

    def _reopen_if_space(self) -> None:
        library = self.library
        if not library.disk_full or time.monotonic() < self._recheck_at:
            return
        self._recheck_at = time.monotonic() + RECHECK_S
        if not library.space_again():  # statvfs: nothing opened while the disk is still full
            return
        try:
            fresh = self._open()
        except (SkillRouterError, OSError) as err:  # this library serves on; the next look tries again
            log.warning("the store %s stays read-only: %s", library.path, one_line(err))
            return
        if fresh.disk_full:
            fresh.close()
            return
        library.close()
        self.library = fresh
        log.warning("the disk holding the store %s has space again: outcomes are recorded", library.path)

    def warm_up(self) -> Future[None]:
        """Load the model (and sync the index) in the background. A failure is only logged: the
        first request meets it again and answers it."""

        def warm(lib: SkillLibrary) -> None:
            try:
                lib.warm_up()
            except SkillRouterError as err:
                log.warning("warm-up: %s", one_line(err))
                raise
            except Exception:
                log.exception("warm-up failed")  # a bug: its traceback goes to stderr
                raise

        return self._pool.submit(warm, self.library)

    def close(self) -> None:
        try:
            self._pool.submit(self.library.close).result()
        finally:
            self._pool.shutdown()


# ---------------------------------------------------------------- the MCP server


class SkillServer(MCPServer[Any]):
    """The MCP server: tools and resources over one :class:`LibraryThread`."""

    def __init__(self, thread: LibraryThread) -> None:
        super().__init__("skillrouter", instructions=INSTRUCTIONS, version=_version(), log_level="WARNING")
        self.thread = thread
        self._register()

    async def run_stdio_async(self) -> None:
        """The SDK's stdio loop, on stdin read through :func:`~skillrouter.mcp_transport.checked_stdio`
        (the one change): the low-level server runs on its streams, as ``MCPServer`` runs it on
        the SDK's own (its in-memory client reaches ``_lowlevel_server`` the same way)."""
        async with checked_stdio() as (read_stream, write_stream):
            server = self._lowlevel_server
            await server.run(read_stream, write_stream, server.create_initialization_options())

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        """The SDK's call, with arguments of the wrong type refused in one line."""
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as err:
            if isinstance(err.__cause__, ValidationError):  # the SDK logs the fields it names
                raise ToolError(
                    f"Error executing tool {name}: {bad_arguments(err.__cause__)}"
                ) from err.__cause__
            raise

    async def list_resources(self) -> list[Resource]:
        return [*await super().list_resources(), *await self._resource(listed)]

    async def _tool(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await self.thread.call(fn, *args)
        except _CALLER_ERRORS as err:
            raise ToolError(one_line(err)) from None

    async def _resource(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await self.thread.call(fn, *args)
        except SkillNotFoundError as err:
            raise ResourceNotFoundError(one_line(err)) from None
        except SkillFormatError as err:
            if err.field == "path":
                raise ResourceNotFoundError(one_line(err)) from None
            raise ResourceError(one_line(err)) from None
        except _CALLER_ERRORS as err:
            raise ResourceError(one_line(err)) from None

    def _register(self) -> None:
        reading = ToolAnnotations(read_only_hint=True, open_world_hint=False)

        @self.tool(annotations=reading)
        async def search_skills(
            query: Annotated[str, Field(description="The task, in a sentence or two.")],
            k: Annotated[
                int,
                Field(
                    description="How many candidates to show.",
                    strict=True,
                    json_schema_extra=_range(1, MAX_K),
                ),
            ] = DEFAULT_K,
            context: Annotated[
                list[str | dict[str, Any]] | None,
                Field(
                    description="The earlier turns of this conversation, oldest first (text for the "
                    'user\'s, or {"role", "content"} objects with role user or assistant). Give them '
                    "when the query may be a follow-up, an answer to your question, or a closing remark.",
                ),
            ] = None,
        ) -> SearchResult:
            """Find the skill in this library that fits a task, or learn that none does. `matched` is
            the skill to use (then call load_skill), or null when no candidate passes the relevance
            gate. Candidates are ranked by score (similarity and keyword match, weighted by the
            skill's track record); `passes_gate` says whether a candidate's relevance reaches the
            threshold, and `p_fit` is the calibrated probability that it is the right skill. With
            `context`, a follow-up is routed with its conversation and a self-contained request as
            it stands; `context_used` says which."""
            return await self._tool(search, query, k, context)

        @self.tool(annotations=reading)
        async def load_skill(
            name: Annotated[str, Field(description="A skill name, as search_skills gives it.")],
        ) -> LoadedSkill:
            """Read a skill: its instructions (`skill_md`, the whole SKILL.md), its track record, and
            the files beside it (`files`: scripts, references) that read_skill_file returns."""
            return await self._tool(load, name)

        @self.tool(annotations=reading)
        async def read_skill_file(
            name: Annotated[str, Field(description="The skill's name.")],
            path: Annotated[str, Field(description="A path from load_skill's `files`, e.g. scripts/run.sh.")],
        ) -> str:
            """Read one file of a skill (a path from load_skill's `files`), as text."""
            return await self._tool(read_text, name, path)

        @self.tool(
            annotations=ToolAnnotations(
                read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
            )
        )
        async def record_outcome(
            name: Annotated[str, Field(description="The skill that was used.")],
            score: Annotated[
                float,
                Field(
                    description="1 (useless) to 10 (solved the task).",
                    strict=True,
                    json_schema_extra=_range(1, 10),
                ),
            ],
            task: Annotated[
                str | None,
                Field(
                    description="The task it served; with a score of 7 or more the "
                    "router learns to send such tasks to this skill."
                ),
            ] = None,
            fits: Annotated[
                bool,
                Field(
                    description="false if the skill did not fit the task at all (a routing "
                    "miss, not a poor skill): its record is left alone, the "
                    "task (required then) is kept so such tasks stop being "
                    "routed to it, and the score is ignored.",
                    strict=True,
                ),
            ] = True,
        ) -> RecordedOutcome:
            """Record how well a skill served a task, after using it. The score updates the skill's
            track record, which ranks it in later searches. If the skill did not fit the task at all,
            pass fits=false with the task instead."""
            return await self._tool(record, name, score, task, fits)

        @self.resource("skill://{name}", name="skill", mime_type="text/markdown")
        async def skill_file(name: str) -> str:
            """A skill's SKILL.md (Level 1)."""
            return await self._resource(skill_md, name)

        @self.resource("skill://{name}/{+path}", name="skill-file")
        async def skill_level2_file(name: str, path: str) -> str | bytes:
            """One file beside a skill's SKILL.md (Level 2): text, or bytes for a binary file."""
            data = await self._resource(read_bytes, name, path)
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return data


def _range(low: int, high: int) -> dict[str, Any]:
    """Bounds shown in the input schema but checked by the library (``check_k``, the score's
    check): one rule, and its message."""
    return {"minimum": low, "maximum": high}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("skillrouter")
    except PackageNotFoundError:
        return "0"


def serve(opener: Callable[[], SkillLibrary]) -> None:
    """Open the library (errors surface here, before anything is served), then serve MCP on
    stdin/stdout until the client closes them."""
    thread = LibraryThread(opener)
    try:
        thread.warm_up()
        SkillServer(thread).run("stdio")
    finally:
        thread.close()


__all__ = ["LibraryThread", "SkillServer", "bad_arguments", "serve"]
