"""Conversation input (skillrouter.routing.conversation) on the real model and embedded Chroma:
the API, the CLI's --context, the LangGraph router node and the Claude Code hook's transcript.
The MCP tool's context is tested with the stdio server in test_mcp_server.py."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import load_skill_folders
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from skillrouter.embeddings import CachedEmbedder, Embedder, EmbeddingCache, SentenceTransformerEmbedder

from skillrouter import SkillLibrary, Store
from skillrouter.agent.nodes import make_router_node
from skillrouter.cli import cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "skillrouter" / "examples" / "skills"

CI = "my GitHub Actions pipeline keeps failing on the test step since this morning"
CI_FOLLOW_UP = "only on the macos runner, ubuntu is fine"  # names no task by itself
SQL = "I need to add a column to the orders table in our production postgres"
SQL_FOLLOW_UP = "it has about 40 million rows"
SHIFT = "forget that for now. Write me a cover letter for a backend engineer job at a fintech startup"


@pytest.fixture(scope="module")
def lib(
    st_embedder: SentenceTransformerEmbedder, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SkillLibrary]:
    path = tmp_path_factory.mktemp("conversation") / "store"
    store = Store(path)
    load_skill_folders(store, EXAMPLES)
    library = SkillLibrary(
        store, CachedEmbedder(st_embedder, EmbeddingCache(path / "cache" / "embeddings.db"))
    )
    yield library
    library.close()


def matched(route: object) -> str | None:
    m = getattr(route, "matched", None)
    return m.name if m is not None else None


def test_a_follow_up_is_routed_with_its_conversation(lib: SkillLibrary) -> None:
    assert lib.index.mode == "embedded"  # routed over Chroma
    for earlier, follow_up, skill in (
        (CI, CI_FOLLOW_UP, "debug-failing-ci"),
        (SQL, SQL_FOLLOW_UP, "write-safe-sql-migration"),
    ):
        alone = lib.route(follow_up)
        assert matched(alone) is None and not alone.context_used  # alone it names no task
        route = lib.route(follow_up, context=[earlier])
        assert matched(route) == skill and route.context_used
        assert route.task == follow_up and route.reason.startswith(
            "with the conversation (1 earlier user turn(s)): "
        )
        assert route.to_dict()["context_used"] is True and len(route.candidates) <= 5


def test_a_self_contained_message_and_a_shift_route_as_without_context(lib: SkillLibrary) -> None:
    for task in (SHIFT, "Plan a five-day trip itinerary to Lisbon for two"):
        today = lib.route(task, k=3).to_dict()
        assert today["context_used"] is False
        for context in (None, [], [AIMessage("Sure, what else?")], [{"role": "system", "content": CI}]):
            assert lib.route(task, k=3, context=context).to_dict() == today  # nothing of the user's: as today
    shifted = lib.route(SHIFT, k=3, context=[CI, "it fails on the pytest step"])
    assert matched(shifted) == "write-cover-letter" and not shifted.context_used  # not held to the old skill
    assert shifted.to_dict() == lib.route(SHIFT, k=3).to_dict()


def test_every_form_of_turn_gives_the_same_route(lib: SkillLibrary) -> None:
    """The same turns in any form route alike; system messages and non-text parts are left out,
    and the assistant's turn is read (what it asked tells a slot answer from a new request)."""
    plain = lib.route(CI_FOLLOW_UP, context=[CI]).to_dict()
    assert lib.route(CI_FOLLOW_UP, context=[{"role": "user", "content": CI}]).to_dict() == plain
    parts = [{"role": "user", "content": [{"type": "text", "text": CI}, {"type": "image", "source": "..."}]}]
    assert lib.route(CI_FOLLOW_UP, context=parts).to_dict() == plain
    asked = lib.route(
        CI_FOLLOW_UP,
        context=[{"role": "user", "content": CI}, {"role": "assistant", "content": "Which runner fails?"}],
    ).to_dict()
    chat = [SystemMessage("You are a helpful agent."), HumanMessage(CI), AIMessage("Which runner fails?")]
    assert lib.route(CI_FOLLOW_UP, context=chat).to_dict() == asked
    assert asked["matched"] == plain["matched"] == "debug-failing-ci" and asked["context_used"]


def test_route_many_takes_a_context_per_task(lib: SkillLibrary) -> None:
    tasks = [CI_FOLLOW_UP, SHIFT, SQL_FOLLOW_UP]
    routes = lib.route_many(tasks, contexts=[[CI], None, [SQL]])
    assert [matched(r) for r in routes] == [
        "debug-failing-ci",
        "write-cover-letter",
        "write-safe-sql-migration",
    ]
    assert [r.context_used for r in routes] == [True, False, True]
    assert [r.to_dict() for r in routes] == [
        lib.route(t, context=c).to_dict() for t, c in zip(tasks, [[CI], None, [SQL]])
    ]
    assert [r.to_dict() for r in lib.route_many(tasks, contexts=[None] * 3)] == [
        r.to_dict() for r in lib.route_many(tasks)
    ]
    with pytest.raises(ValueError, match="one context per task: 3 tasks, 1 contexts"):
        lib.route_many(tasks, contexts=[[CI]])


@pytest.mark.parametrize(
    ("context", "said"),
    [
        (CI, "context must be a list of earlier turns, oldest first, got text"),
        (
            {"role": "user", "content": CI},
            "context must be a list of earlier turns, oldest first, got an object",
        ),
        ([CI, 3], "context[1]: expected text, a {'role', 'content'} object or a chat message, got a number"),
        ([{"role": "user"}], "context[0]: a turn given as an object needs 'role' and 'content'"),
        ([{"role": "narrator", "content": "x"}], "context[0]: unknown role 'narrator'"),
        (
            [{"role": "user", "content": 7}],
            "context[0]: content must be text or a list of text parts, got a number",
        ),
    ],
)
def test_bad_context_is_one_line_naming_the_turn(lib: SkillLibrary, context: object, said: str) -> None:
    with pytest.raises(ValueError) as err:
        lib.route(CI_FOLLOW_UP, context=context)  # type: ignore[arg-type]
    assert str(err.value).startswith(said) and "\n" not in str(err.value)


# ---------------------------------------------------------------- the CLI


@pytest.fixture
def cli_store(
    lib: SkillLibrary, cli_uses: Callable[[Embedder], None], st_embedder: SentenceTransformerEmbedder
) -> Path:
    cli_uses(st_embedder)
    return lib.path


@pytest.mark.parametrize("backend", ["torch", "onnx"])  # Chroma, and the one-shot search over the cache
def test_route_context_from_a_file_and_from_stdin(cli_store: Path, tmp_path: Path, backend: str) -> None:
    turns = tmp_path / "turns.json"
    turns.write_text(
        json.dumps([{"role": "user", "content": CI}, {"role": "assistant", "content": "Which runner?"}])
    )
    runner = CliRunner()
    base = ["route", CI_FOLLOW_UP, "--json", "--store", str(cli_store), "--backend", backend]
    alone = json.loads(runner.invoke(cli, base).stdout)
    assert alone["matched"] is None and alone["context_used"] is False
    from_file = runner.invoke(cli, [*base, "--context", str(turns)])
    assert from_file.exit_code == 0, from_file.output
    data = json.loads(from_file.stdout)
    assert data["matched"] == "debug-failing-ci" and data["context_used"] is True
    from_stdin = runner.invoke(cli, [*base, "--context", "-"], input=turns.read_text())
    assert json.loads(from_stdin.stdout) == data
    user_only = json.loads(runner.invoke(cli, [*base, "--context", "-"], input=json.dumps([CI])).stdout)
    assert user_only["matched"] == "debug-failing-ci" and user_only["context_used"] is True


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[1, 2", "is not JSON: Expecting"),
        (
            '{"role": "user", "content": "x"}',
            "context must be a list of earlier turns, oldest first, got an object",
        ),
        ('["ok", {"role": "user"}]', "context[1]: a turn given as an object needs 'role' and 'content'"),
    ],
)
def test_a_bad_context_file_is_one_line_naming_it(
    cli_store: Path, tmp_path: Path, content: str, said: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    result = CliRunner().invoke(
        cli, ["route", CI_FOLLOW_UP, "--store", str(cli_store), "--context", str(bad)]
    )
    assert result.exit_code == 2
    line = [x for x in result.output.splitlines() if x.startswith("Error:")]
    assert len(line) == 1 and str(bad) in line[0] and said in line[0], result.output
    missing = CliRunner().invoke(
        cli, ["route", CI_FOLLOW_UP, "--store", str(cli_store), "--context", str(tmp_path / "no.json")]
    )
    assert missing.exit_code == 2 and "no.json: No such file or directory" in missing.output


# ---------------------------------------------------------------- the LangGraph router node


def test_the_router_node_passes_the_earlier_messages(lib: SkillLibrary) -> None:
    node = make_router_node(lib, k=3)
    talk = [
        HumanMessage(CI, id="1"),
        AIMessage("Which runner fails?", id="2"),
        HumanMessage(CI_FOLLOW_UP, id="3"),
    ]
    update = node({"messages": talk})
    assert update["matched_skill"] == "debug-failing-ci"
    assert update["route_reason"].startswith("with the conversation")
    assert (
        make_router_node(lib.router, k=3)({"messages": talk})["matched_skill"] == "debug-failing-ci"
    )  # a bare Router
    assert (
        node({"messages": [HumanMessage(CI_FOLLOW_UP, id="3")]})["matched_skill"] is None
    )  # no conversation
    shifted = node({"messages": [*talk[:2], HumanMessage(SHIFT, id="5")]})
    assert shifted["matched_skill"] == "write-cover-letter"
    # the message routed is never its own context: given as state["task"] too, or without ids
    once = "with the conversation (1 earlier user turn(s)): "
    assert node({"task": CI_FOLLOW_UP, "messages": talk})["route_reason"].startswith(once)
    no_ids = [HumanMessage(CI), AIMessage("Which runner fails?"), HumanMessage(CI_FOLLOW_UP)]
    assert node({"messages": no_ids})["route_reason"].startswith(once)


# ---------------------------------------------------------------- the Claude Code hook


def test_the_hook_passes_the_transcripts_last_user_turns(
    cli_store: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location(
        "claude_code_hook", ROOT / "examples" / "claude_code_hook.py"
    )
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    monkeypatch.setenv("SKILLROUTER_HOME", str(cli_store))
    seen: list[str | None] = []

    def in_process(*args: str, stdin: str | None = None) -> str | None:
        seen.append(stdin)
        result = CliRunner().invoke(cli, list(args), input=stdin)
        return result.stdout if result.exit_code == 0 else None

    monkeypatch.setattr(hook, "run", in_process)
    transcript = tmp_path / "session.jsonl"
    entries = [
        {"type": "user", "message": {"role": "user", "content": "hello"}},
        {"type": "user", "message": {"role": "user", "content": CI}},
        {
            "type": "assistant",
            "message": {"role": "assistant", "content": [{"type": "text", "text": "Which runner?"}]},
        },
        {
            "type": "user",
            "message": {"role": "user", "content": [{"type": "tool_result", "content": "log ..."}]},
        },
    ]
    transcript.write_text("\n".join(json.dumps(e) for e in entries) + "\nnot json\n[1, 2]\n3\n")
    assert hook.user_turns(str(transcript), CI_FOLLOW_UP) == ["hello", CI]
    context = hook.context_for(CI_FOLLOW_UP, str(transcript))
    assert context is not None and context.startswith(
        '<skill name="debug-failing-ci" routed-by="skillrouter">'
    )
    assert json.loads(seen[0] or "null") == ["hello", CI]
    assert hook.context_for(CI_FOLLOW_UP) is None  # no transcript: the message alone fits nothing
    assert hook.context_for(CI_FOLLOW_UP, str(tmp_path / "gone.jsonl")) is None  # unreadable: as without
