"""``skillrouter mcp`` without a client: the command's contract and the server's boundaries,
the check of each stdin line (:func:`skillrouter.mcp_transport.check_line`) and the tools'
argument types (the SDK's in-memory client on the server, over a hash embedder).

The server itself is driven over stdio by the SDK's client in tests/integration/test_mcp_server.py,
and with raw bytes in tests/integration/test_mcp_protocol.py.
"""

from __future__ import annotations

import ast
import asyncio
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support import run
from test_cli import fails_in_one_line

from skillrouter import SkillFormatError, SkillNotFoundError
from skillrouter.mcp_server import one_line
from skillrouter.mcp_transport import MAX_LINE_BYTES, Refused, check_line, read_line

ROOT = Path(__file__).resolve().parents[2] / "skillrouter"
# what lies behind the facade: the server reaches none of it
INTERNALS = {"store", "index", "router", "lexical", "ledger", "files", "embedder"}


def test_the_server_reaches_the_store_only_through_the_library() -> None:
    for module in ("mcp_server.py", "cli/mcp.py"):
        tree = ast.parse((ROOT / module).read_text("utf-8"))
        reaching = sorted(
            (n.lineno, n.attr) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in INTERNALS
        )
        assert reaching == [], f"{module} reaches past SkillLibrary: {reaching}"


def test_without_the_mcp_package_the_command_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in [m for m in sys.modules if m == "skillrouter.mcp_server" or m.split(".")[0] == "mcp"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mcp", None)  # import mcp -> ImportError, as when it is not installed
    fails_in_one_line(run("mcp", "--store", tmp_path), "needs the 'mcp' package", "pip install 'mcp>=2.3,<3'")


def test_the_command_takes_the_store_options_but_prints_no_json() -> None:
    out = run("mcp", "--help").stdout
    assert "--store" in out and "--chroma-url" in out and "--model" in out and "--threshold" in out
    assert "--json" not in out
    assert run("mcp", "--json").exit_code == 2


def test_a_missing_store_fails_in_one_line_before_serving(tmp_path: Path) -> None:
    fails_in_one_line(run("mcp", "--store", tmp_path / "nowhere"), "no skill store at")


def test_errors_reach_the_model_on_one_line() -> None:
    assert one_line(SkillNotFoundError("nope")) == "no skill named 'nope' in this store"
    err = SkillFormatError(
        "bad front matter:\n  line 3: mapping values\n  are not allowed", path="x/SKILL.md"
    )
    assert one_line(err) == "x/SKILL.md: bad front matter: line 3: mapping values are not allowed"
    assert one_line(PermissionError(13, "Permission denied", "/s/a.md")) == "/s/a.md: Permission denied"


def test_a_failed_warm_up_is_logged_and_the_server_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from skillrouter.embeddings import HashEmbedder

    from skillrouter import Skill, SkillLibrary, StoreLockedError
    from skillrouter.mcp_server import LibraryThread, search

    def locked(self: SkillLibrary) -> None:
        raise StoreLockedError("another process is writing the embedded index")

    monkeypatch.setattr(SkillLibrary, "warm_up", locked)
    with SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder()) as lib:
        lib.add(Skill.create("bake-bread", "Bake a sourdough loaf."))
    thread = LibraryThread(
        lambda: SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder(), hold_index_lock=False)
    )
    try:
        with caplog.at_level("WARNING", logger="skillrouter.mcp_server"):
            assert isinstance(thread.warm_up().exception(timeout=30), StoreLockedError)
        assert "warm-up: another process is writing the embedded index" in caplog.text
        served = asyncio.run(thread.call(search, "bake a sourdough loaf", 3))
        assert served["matched"] == "bake-bread"  # the thread still serves
    finally:
        thread.close()


# ---------------------------------------------------------------- each stdin line: dispatched or answered


def request(rid: object, method: str = "tools/call", **params: Any) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}).encode()


SEARCH = request(7, name="search_skills", arguments={"query": "fix the build", "k": 3})


@pytest.mark.parametrize(
    ("line", "code", "rid", "says"),
    [
        (b"this is not json", -32700, None, "Parse error: Expecting value"),
        (SEARCH.replace(b"fix the", b"fix \xff\xfe the"), -32700, None, "not UTF-8 (byte 0xff at offset"),
        (b"[" * 100_000, -32700, None, "nested too deep to parse"),
        (b"x" * (MAX_LINE_BYTES + 1), -32700, None, f"more than {MAX_LINE_BYTES:,} bytes"),
        (b'{"jsonrpc": "1.0", "id": 3, "method": "tools/list"}', -32600, 3, 'jsonrpc must be "2.0"'),
        (b'{"id": 3, "method": "tools/list"}', -32600, 3, 'jsonrpc must be "2.0"'),
        (
            b'{"jsonrpc": "2.0", "id": "a", "method": "tools/call", "params": "x"}',
            -32600,
            "a",
            "params must be",
        ),
        (b'{"jsonrpc": "2.0", "id": 3, "method": 1}', -32600, 3, "method must be a string"),
        (b'{"jsonrpc": "2.0", "id": 3}', -32600, 3, "a request needs a method"),
        (
            b'{"jsonrpc": "2.0", "id": null, "method": "tools/list"}',
            -32600,
            None,
            "id must be a string or an",
        ),
        (
            b'{"jsonrpc": "2.0", "id": true, "method": "tools/list"}',
            -32600,
            None,
            "id must be a string or an",
        ),
        (b'{"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}', -32600, None, "id must be a string or an"),
        (b'{"jsonrpc": "2.0", "id": "\\ud800", "method": "tools/list"}', -32600, None, "id must be"),
        (b'[{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}]', -32600, None, "a batch"),
        (b"42", -32600, None, "a message is a JSON object"),
        # malformed, and so answered, though it has no id (JSON-RPC 2.0, section 5)
        (b'{"jsonrpc": "2.0", "method": "notifications/x", "params": "x"}', -32600, None, "params must be"),
        (
            SEARCH.replace(b"fix the build", b"fix \\ud800 the build"),
            -32602,
            7,
            "params.arguments.query: text with a lone surrogate (\\ud800 at character 4)",
        ),
        (
            SEARCH.replace(b'"k": 3', b'"k": ' + b"9" * 5000),
            -32602,
            7,
            "params.arguments.k: a number of 5,000 digits is too long to read",
        ),
        (b'{"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": [1]}', -32602, 3, "named params"),
        (
            request(3, a=json.loads("[" * 300 + "]" * 300)),
            -32602,
            3,
            "params: cannot be read: Invalid JSON: recursion limit exceeded",
        ),
    ],
)
def test_a_line_the_sdk_cannot_dispatch_is_answered(line: bytes, code: int, rid: object, says: str) -> None:
    checked = check_line(line)
    assert isinstance(checked, Refused) and checked.reply is not None, checked
    reply = json.loads(checked.reply.model_dump_json(by_alias=True, exclude_unset=True))  # as stdout gets it
    assert reply["jsonrpc"] == "2.0" and reply["id"] == rid and reply["error"]["code"] == code
    assert says in reply["error"]["message"] and "\n" not in reply["error"]["message"]


@pytest.mark.parametrize(
    "line",
    [
        SEARCH,
        b'{"jsonrpc": "2.0", "method": "notifications/initialized"}',
        b'{"jsonrpc": "2.0", "id": 3, "method": "no/such/method", "params": {"a": "\\ud83d\\ude00"}}',
        SEARCH.replace(b'"k": 3', b'"k": true'),  # a bad argument: the tool answers it
        SEARCH.replace(b'"k": 3', b'"k": ' + b"9" * 4300),  # the longest integer read: check_k refuses it
        b'{"jsonrpc": "2.0", "id": 3, "result": {}}',  # a response to the server
    ],
)
def test_a_line_the_sdk_reads_is_passed_on_unchanged(line: bytes) -> None:
    assert check_line(line) == line.decode()


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"  \r",
        b'{"jsonrpc": "2.0", "method": "notifications/x", "params": {"a": "\\udc00"}}',
        b'{"jsonrpc": "2.0", "id": 3, "result": "x"}',  # a malformed response: JSON-RPC never answers one
    ],
)
def test_what_json_rpc_does_not_answer_is_dropped(line: bytes) -> None:
    checked = check_line(line)
    assert isinstance(checked, Refused) and checked.reply is None and checked.reason


def test_a_long_line_is_cut_and_the_next_one_read() -> None:
    lines = b"x" * 1000 + b"\n" + SEARCH + b"\n" + b'{"last": "no newline"}'
    source = io.BytesIO(lines)
    cut = [read_line(source, most=100) for _ in range(4)]  # no more than most + 1 bytes kept
    assert cut == [b"x" * 101, SEARCH[:101], b'{"last": "no newline"}', None]
    source = io.BytesIO(lines)
    assert [read_line(source) for _ in range(4)] == [b"x" * 1000, SEARCH, b'{"last": "no newline"}', None]


# ---------------------------------------------------------------- the tools' argument types


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Any]:
    """A server on a store of one skill (hash embedder), called through the SDK's in-memory client."""
    from mcp import Client
    from skillrouter.embeddings import HashEmbedder

    from skillrouter import Skill, SkillLibrary
    from skillrouter.mcp_server import LibraryThread, SkillServer

    with SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder()) as lib:
        lib.add(Skill.create("bake-bread", "Bake a sourdough loaf."))
    thread = LibraryThread(lambda: SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder()))

    def call(tool: str, **arguments: Any) -> Any:
        async def go() -> Any:
            async with Client(SkillServer(thread)) as client:
                return await client.call_tool(tool, arguments)

        return asyncio.run(go())

    try:
        yield call
    finally:
        thread.close()


@pytest.mark.parametrize(
    ("tool", "arguments", "says"),
    [
        ("search_skills", {"query": "bake bread", "k": True}, "k: input should be a valid integer, got true"),
        ("search_skills", {"query": "bake bread", "k": 2.0}, "k: input should be a valid integer, got 2.0"),
        ("search_skills", {"query": 5}, "query: input should be a valid string, got 5"),
        ("search_skills", {}, "query: field required"),
        # the range is the library's check: a huge k is refused by it, not by a crash
        ("search_skills", {"query": "bake bread", "k": 10**30}, f"k must be from 1 to 50, got {10**30}"),
        (
            "record_outcome",
            {"name": "bake-bread", "score": True},
            "score: input should be a valid number, got true",
        ),
        (
            "record_outcome",
            {"name": "bake-bread", "score": 9, "fits": 0},
            "fits: input should be a valid boolean",
        ),
        ("record_outcome", {"name": "bake-bread", "score": 10.5}, "score must be from 1 to 10, got 10.5"),
    ],
)
def test_arguments_of_the_wrong_type_are_refused_in_one_line(
    served: Any, tool: str, arguments: dict[str, Any], says: str
) -> None:
    result = served(tool, **arguments)
    text = result.content[0].text
    assert result.is_error and text.startswith(f"Error executing tool {tool}: ") and "\n" not in text
    assert says in text
    assert served("load_skill", name="bake-bread").structured_content["use_count"] == 0  # nothing recorded


def test_numbers_of_the_right_type_still_work(served: Any) -> None:
    assert (
        served("search_skills", query="bake a sourdough loaf", k=1).structured_content["matched"]
        == "bake-bread"
    )
    recorded = served("record_outcome", name="bake-bread", score=8).structured_content  # an integer score
    assert (recorded["use_count"], recorded["avg_score"]) == (1, 8.0)
