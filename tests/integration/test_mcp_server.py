"""``skillrouter mcp`` driven by the MCP SDK's own client over stdio: a real subprocess with the
real model, on a store of the 16 example skills (one of them quarantined).

One server process serves the whole module (its model loads once); the CLI commands run in
this process meanwhile, on the same embedded store, as a user's would beside a running agent.
A second, short session checks the server against a Chroma server (``--chroma-url``).
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import shutil
import sys
import threading
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TextIO, TypeVar

import pytest
from conftest import load_skill_folders
from mcp import Client, MCPError, StdioServerParameters, stdio_client
from mcp.types import CallToolResult
from skillrouter.embeddings import (
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
)
from support import as_json, ok, run

from skillrouter import SkillLibrary, Store
from skillrouter.mcp_server import LibraryThread, SkillServer

EXAMPLES = Path(__file__).resolve().parents[2] / "skillrouter" / "examples" / "skills"
CI_TASK = "the GitHub Actions build went red after I bumped numpy"
TOOLS = {"search_skills", "load_skill", "read_skill_file", "record_outcome"}
QUARANTINED = "write-cover-letter"

T = TypeVar("T")


def skillrouter_command() -> list[str]:
    beside = Path(sys.executable).parent / "skillrouter"
    found = str(beside) if beside.exists() else shutil.which("skillrouter")
    return [found] if found else [sys.executable, "-m", "skillrouter.cli"]


class Session:
    """An MCP client session over stdio, held open by one task on an event loop of its own, so
    synchronous tests can call it (and run the CLI in between)."""

    def __init__(self, args: list[str], errlog: TextIO, cache: Path) -> None:
        command = skillrouter_command()
        self.params = StdioServerParameters(
            command=command[0],
            args=[*command[1:], "mcp", *args],
            # the SDK passes the server a few variables only: the session's cache (ONNX copies) too
            env={
                "HF_HUB_OFFLINE": "1",
                "TOKENIZERS_PARALLELISM": "false",
                "SKILLROUTER_CACHE_DIR": str(cache),
            },
        )
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()
        self._ready: asyncio.Future[Client] = self._loop.create_future()
        self._stop = asyncio.Event()
        self._held = asyncio.run_coroutine_threadsafe(self._hold(errlog), self._loop)
        self.client = self.run(self._wait_ready())

    async def _hold(self, errlog: TextIO) -> None:
        try:
            async with Client(stdio_client(self.params, errlog=errlog), read_timeout_seconds=180) as client:
                self._ready.set_result(client)
                await self._stop.wait()
        except BaseException as err:
            if not self._ready.done():
                self._ready.set_exception(err)
            raise

    async def _wait_ready(self) -> Client:
        return await self._ready

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 240) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout)

    def call(self, tool: str, **arguments: Any) -> CallToolResult:
        return self.run(self.client.call_tool(tool, arguments))

    def ok(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(tool, **arguments)
        assert not result.is_error, result.content
        assert result.structured_content is not None
        return result.structured_content

    def error(self, tool: str, **arguments: Any) -> str:
        """The one line of a tool error (the model reads it in the result, not as a failed call)."""
        result = self.call(tool, **arguments)
        assert result.is_error and result.structured_content is None
        text = result.content[0].text  # type: ignore[union-attr]
        assert "\n" not in text, text
        return text

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._held.result(60)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


def make_store(path: Path, embedder: Embedder) -> Path:
    """The example skills in a store, indexed (so the server only embeds queries)."""
    store = Store(path)
    load_skill_folders(store, EXAMPLES)
    store.set_status(QUARANTINED, "quarantined")
    lib = SkillLibrary(store, CachedEmbedder(embedder, EmbeddingCache(path / "cache" / "embeddings.db")))
    lib.sync()
    lib.close()
    return path


@pytest.fixture(scope="module")
def served(
    st_embedder: SentenceTransformerEmbedder,
    onnx_embedder: OnnxEmbedder,  # the server runs the model on ONNX Runtime: its copy exported once
    session_cache: Path,  # ... here
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Session, Path]]:
    root = tmp_path_factory.mktemp("mcp")
    store = make_store(root / "store", st_embedder)
    log = root / "server.log"
    with open(log, "w") as errlog:
        session = Session(["--store", str(store)], errlog, session_cache)
        try:
            yield session, store
        finally:
            session.close()
    text = log.read_text()
    assert "Traceback" not in text and "unexpected exception" not in text, text  # nothing crashed


@pytest.fixture
def session(
    served: tuple[Session, Path],
    cli_uses: Callable[[Embedder], None],
    st_embedder: SentenceTransformerEmbedder,
) -> Session:
    cli_uses(st_embedder)  # the CLI commands run in this process beside the server
    return served[0]


@pytest.fixture
def store(served: tuple[Session, Path]) -> Path:
    return served[1]


# ---------------------------------------------------------------- tools


def test_the_tools_are_listed_with_their_schemas(session: Session) -> None:
    tools = {t.name: t for t in session.run(session.client.list_tools()).tools}
    assert set(tools) == TOOLS
    assert set(tools["search_skills"].input_schema["properties"]) == {"query", "k", "context"}
    assert set(tools["record_outcome"].input_schema["properties"]) == {"name", "score", "task", "fits"}
    assert tools["record_outcome"].input_schema["properties"]["score"]["maximum"] == 10
    assert (
        tools["search_skills"].annotations is not None and tools["search_skills"].annotations.read_only_hint
    )
    assert {"matched", "threshold", "candidates"} <= set(tools["search_skills"].output_schema["properties"])  # type: ignore[index]


def test_search_gives_the_routers_answer(session: Session, store: Path) -> None:
    found = session.ok("search_skills", query=CI_TASK, k=3)
    assert found["matched"] == "debug-failing-ci" and found["threshold_source"] == "default"
    routed = as_json("route", CI_TASK, "-k", "3", "--store", store)  # the CLI, another process's view
    assert found["threshold"] == routed["threshold"] and found["reason"] == routed["reason"]
    assert [{k: c[k] for k in routed["candidates"][0]} for c in found["candidates"]] == routed["candidates"]
    top = found["candidates"][0]
    assert top["passes_gate"] and top["description"].startswith("Find and fix the cause of a red CI")
    assert [c["passes_gate"] for c in found["candidates"]] == [
        c["relevance"] >= found["threshold"] for c in found["candidates"]
    ]


def test_search_routes_a_follow_up_with_its_context(session: Session, store: Path) -> None:
    """A follow-up that names no task is routed with the user's earlier messages; the answer is the
    CLI's --context answer, and a bad turn is a one-line tool error."""
    follow_up = "only on the macos runner, ubuntu is fine"
    earlier = [
        "my GitHub Actions pipeline keeps failing on the test step since this morning",
        {"role": "assistant", "content": "Which runner fails?"},
    ]
    alone = session.ok("search_skills", query=follow_up, k=3)
    assert alone["matched"] is None and alone["context_used"] is False
    found = session.ok("search_skills", query=follow_up, k=3, context=earlier)
    assert found["matched"] == "debug-failing-ci" and found["context_used"] is True
    assert found["reason"].startswith("with the conversation (1 earlier user turn(s)): ")
    turns = store.parent / "turns.json"
    turns.write_text(json.dumps(earlier))
    routed = as_json("route", follow_up, "-k", "3", "--store", store, "--context", turns)
    assert (routed["matched"], routed["reason"]) == (found["matched"], found["reason"])
    said = session.error("search_skills", query=follow_up, context=[{"role": "user"}])
    assert said.endswith("context[0]: a turn given as an object needs 'role' and 'content'")
    assert "context: input should be a valid list" in session.error(
        "search_skills", query=follow_up, context="my CI is red"
    )


def test_search_abstains_when_nothing_fits(session: Session) -> None:
    found = session.ok("search_skills", query="write a haiku about autumn leaves")
    assert found["matched"] is None and found["reason"].startswith("no skill fits")
    assert len(found["candidates"]) == 5 and not any(c["passes_gate"] for c in found["candidates"])


def test_load_gives_level1_and_the_file_list(session: Session, store: Path) -> None:
    loaded = session.ok("load_skill", name="analyze-web-server-logs")
    assert loaded["files"] == ["evals/trigger/eval_queries.json", "scripts/top_errors.sh"]
    assert (
        loaded["files"]
        == as_json("show", "analyze-web-server-logs", "--level", "2", "--store", store)["files"]
    )
    shown = ok("show", "analyze-web-server-logs", "--store", store).stdout
    assert shown.startswith(loaded["skill_md"]) and loaded["skill_md"].startswith(
        "---\nname: analyze-web-server-logs"
    )


def test_read_skill_file_is_path_safe(session: Session) -> None:
    text = session.ok("read_skill_file", name="analyze-web-server-logs", path="scripts/top_errors.sh")[
        "result"
    ]
    assert text == (EXAMPLES / "analyze-web-server-logs" / "scripts" / "top_errors.sh").read_text()
    assert "leaves the skill folder" in session.error(
        "read_skill_file", name="analyze-web-server-logs", path="../debug-failing-ci/SKILL.md"
    )
    assert "'/etc/passwd' leaves the skill folder" in session.error(
        "read_skill_file", name="analyze-web-server-logs", path="/etc/passwd"
    )
    assert "has no file 'nope.md'" in session.error(
        "read_skill_file", name="analyze-web-server-logs", path="nope.md"
    )


def test_an_outcome_is_recorded_and_visible_to_the_cli(session: Session, store: Path) -> None:
    before = as_json("show", "test-legacy-code", "--level", "0", "--store", store)["use_count"]
    out = session.ok(
        "record_outcome",
        name="test-legacy-code",
        score=9,
        task="add characterization tests before refactoring the billing module",
    )
    assert out["name"] == "test-legacy-code" and out["use_count"] == before + 1
    shown = as_json("show", "test-legacy-code", "--level", "0", "--store", store)
    assert (shown["use_count"], shown["avg_score"]) == (before + 1, out["avg_score"])


def test_a_misfit_leaves_the_record_alone_and_demotes_the_skill_for_that_task(
    session: Session, store: Path
) -> None:
    task = "plan five days in Lisbon with kids on a modest budget"
    before = as_json("show", "debug-failing-ci", "--level", "0", "--store", store)
    searched = session.ok("search_skills", query=task, k=50)
    similarity = next(c["similarity"] for c in searched["candidates"] if c["name"] == "debug-failing-ci")
    out = session.ok("record_outcome", name="debug-failing-ci", score=2, task=task, fits=False)
    assert (out["recorded"], out["misfits"], out["use_count"]) == ("misfit", 1, before["use_count"])
    after = as_json("show", "debug-failing-ci", "--level", "0", "--store", store)
    assert (after["use_count"], after["avg_score"]) == (before["use_count"], before["avg_score"])
    again = session.ok("search_skills", query=task, k=50)
    demoted = next(c for c in again["candidates"] if c["name"] == "debug-failing-ci")
    assert demoted["misfit"] == pytest.approx(1.0, abs=1e-4) and demoted["relevance"] < similarity


@pytest.mark.parametrize(
    ("tool", "arguments", "says"),
    [
        ("load_skill", {"name": "no-such-skill"}, "no skill named 'no-such-skill' in this store"),
        ("read_skill_file", {"name": "no-such-skill", "path": "a.md"}, "no skill named 'no-such-skill'"),
        ("record_outcome", {"name": "no-such-skill", "score": 8}, "no skill named 'no-such-skill'"),
        ("load_skill", {"name": "../etc"}, "invalid name '../etc'"),
        ("record_outcome", {"name": "debug-failing-ci", "score": 11}, "score must be from 1 to 10, got 11"),
        ("record_outcome", {"name": "debug-failing-ci", "score": 0}, "score must be from 1 to 10, got 0"),
        (
            "record_outcome",
            {"name": "debug-failing-ci", "score": 8, "fits": False},
            "a misfit needs the task",
        ),
        ("search_skills", {"query": "  "}, "query must be non-empty text"),
        ("search_skills", {"query": "fix the build", "k": 0}, "k must be from 1 to 50, got 0"),
        ("load_skill", {"name": QUARANTINED}, f"'skillrouter trust {QUARANTINED}'"),
        ("read_skill_file", {"name": QUARANTINED, "path": "x"}, "is quarantined"),
    ],
)
def test_bad_input_is_a_one_line_tool_error(
    session: Session, store: Path, tool: str, arguments: dict[str, Any], says: str
) -> None:
    uses = as_json("show", "debug-failing-ci", "--level", "0", "--store", store)["use_count"]
    assert says in session.error(tool, **arguments)
    assert (
        as_json("show", "debug-failing-ci", "--level", "0", "--store", store)["use_count"] == uses
    )  # untouched


# ---------------------------------------------------------------- resources


def test_resources_are_listed_and_read(session: Session) -> None:
    listed = {str(r.uri): r for r in session.run(session.client.list_resources()).resources}
    names = {p.name for p in EXAMPLES.iterdir()} - {QUARANTINED}
    assert set(listed) == {f"skill://{n}" for n in names}  # not the quarantined one
    assert listed["skill://debug-failing-ci"].description.startswith("Find and fix")  # type: ignore[union-attr]
    templates = session.run(session.client.list_resource_templates()).resource_templates
    assert {t.uri_template for t in templates} == {"skill://{name}", "skill://{name}/{+path}"}

    read = session.run(session.client.read_resource("skill://debug-failing-ci")).contents[0]
    assert read.mime_type == "text/markdown" and read.text.startswith("---\nname: debug-failing-ci")  # type: ignore[union-attr]
    level2 = session.run(
        session.client.read_resource("skill://analyze-web-server-logs/scripts/top_errors.sh")
    )
    assert (
        level2.contents[0].text
        == (  # type: ignore[union-attr]
            EXAMPLES / "analyze-web-server-logs" / "scripts" / "top_errors.sh"
        ).read_text()
    )


@pytest.mark.parametrize(
    "uri",
    [
        "skill://no-such-skill",
        "skill://debug-failing-ci/nope.md",
        "skill://analyze-web-server-logs/../debug-failing-ci/SKILL.md",
        f"skill://{QUARANTINED}",
    ],
)
def test_a_resource_that_cannot_be_served_is_an_error(session: Session, uri: str) -> None:
    with pytest.raises(MCPError):
        session.run(session.client.read_resource(uri))


# ---------------------------------------------------------------- the CLI beside a running server


def test_cli_commands_write_while_the_server_runs(session: Session, store: Path, tmp_path: Path) -> None:
    session.ok(
        "record_outcome", name="debug-failing-ci", score=9, task="the nightly build fails on the arm runner"
    )
    # the server embeds the example it just learned: it writes the index, then gives the lock back
    assert session.ok("search_skills", query="prune the apple tree in late winter")["matched"] is None
    folder = tmp_path / "new" / "prune-fruit-trees"
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(
        "---\nname: prune-fruit-trees\ndescription: Prune apple and pear trees in "
        "late winter so they fruit well. Use when asked how to prune a fruit tree.\n"
        "---\n# Prune fruit trees\n\nCut dead wood first.\n"
    )
    ok("import", tmp_path / "new", "--store", store)  # takes the index's writer lock: the server holds none
    assert (
        session.ok("search_skills", query="prune the apple tree in late winter")["matched"]
        == "prune-fruit-trees"
    )

    ok("record", "prune-fruit-trees", "8", "--task", "shape a young pear tree", "--store", store)
    assert session.ok("load_skill", name="prune-fruit-trees")["use_count"] == 1  # the server reads the ledger
    session.ok("record_outcome", name="prune-fruit-trees", score=10, task="thin out an old apple tree")
    assert as_json("route", "thin out an old apple tree", "--store", store)["matched"] == "prune-fruit-trees"
    assert as_json("show", "prune-fruit-trees", "--level", "0", "--store", store)["use_count"] == 2
    # and the server, after the CLI wrote the example it learned, still answers
    assert session.ok("search_skills", query="thin out an old apple tree")["matched"] == "prune-fruit-trees"


# ---------------------------------------------------------------- the command itself


def test_with_a_chroma_server(
    chroma_server: str,
    st_embedder: SentenceTransformerEmbedder,
    tmp_path: Path,
    cli_uses: Callable[[Embedder], None],
) -> None:
    """The same server on a Chroma server's index; in memory (the SDK's client on the server
    object, through the protocol layer) to load no second model: stdio is tested above."""
    cli_uses(st_embedder)
    path = tmp_path / "store"
    store = Store(path)
    load_skill_folders(store, EXAMPLES)
    store.close()

    def opener() -> SkillLibrary:
        return SkillLibrary.open(
            path,
            create=False,
            chroma_url=chroma_server,
            hold_index_lock=False,
            embedder=CachedEmbedder(st_embedder, EmbeddingCache(path / "cache" / "embeddings.db")),
        )

    async def use(thread: LibraryThread) -> None:
        async with Client(SkillServer(thread)) as client:
            found = await client.call_tool("search_skills", {"query": CI_TASK})
            assert (
                found.structured_content is not None
                and found.structured_content["matched"] == "debug-failing-ci"
            )
            recorded = await client.call_tool("record_outcome", {"name": "debug-failing-ci", "score": 9})
            assert not recorded.is_error
            missing = await client.call_tool("load_skill", {"name": "no-such-skill"})
            assert missing.is_error

    thread = LibraryThread(opener)
    try:
        asyncio.run(use(thread))
    finally:
        thread.close()
    shown = as_json(
        "show", "debug-failing-ci", "--level", "0", "--store", path, "--chroma-url", chroma_server
    )
    assert shown["use_count"] == 1
    assert not (path / "chroma").exists()  # nothing embedded on disk: the index is the server's


# ---------------------------------------------------------------- the prompt-submit hook recipe (docs/cli.md)


def test_the_prompt_hook_injects_the_matched_skill(
    store: Path,
    st_embedder: SentenceTransformerEmbedder,
    cli_uses: Callable[[Embedder], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """examples/claude_code_hook.py, its 'skillrouter' commands run in this process (a cold
    process would load the model again)."""
    spec = importlib.util.spec_from_file_location(
        "claude_code_hook", EXAMPLES.parents[2] / "examples" / "claude_code_hook.py"
    )
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    cli_uses(st_embedder)
    monkeypatch.setenv("SKILLROUTER_HOME", str(store))

    def in_process(*args: str, stdin: str | None = None) -> str | None:
        assert stdin is None  # context_for without a transcript passes no context
        result = run(*args)
        return result.stdout if result.exit_code == 0 else None

    monkeypatch.setattr(hook, "run", in_process)
    context = hook.context_for(CI_TASK)
    assert context.startswith(
        '<skill name="debug-failing-ci" routed-by="skillrouter">\n---\nname: debug-failing-ci'
    )
    assert "record_outcome" in context
    assert hook.context_for("write a haiku about autumn leaves") is None  # nothing fits: nothing injected
    assert hook.context_for("-k 3 why is the CI red") is not None  # a prompt that looks like options
