"""``skillrouter mcp`` sent raw bytes, as a hostile or broken client writes them: every request
gets exactly one JSON-RPC reply (a notification none), and the server goes on serving.

One real server process (the real model, the example skills) serves the module; each test
writes one line to its stdin, reads the reply off its stdout, then sends a valid
``search_skills`` and checks its answer: the reply read next is that one's (matching ids), so
a second reply to the bad line, or a reply to a notification, fails the test too.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from skillrouter.embeddings import OnnxEmbedder, SentenceTransformerEmbedder
from test_mcp_server import CI_TASK, make_store, skillrouter_command

from skillrouter.mcp_transport import MAX_LINE_BYTES

ANSWERED_WITHIN = 10.0  # seconds: generous; each case here is answered in milliseconds


class RawSession:
    """A ``skillrouter mcp`` process, written to and read from line by line."""

    def __init__(self, store: Path, errlog: IO[bytes], cache: Path) -> None:
        command = skillrouter_command()
        env = {
            **os.environ,
            "HF_HUB_OFFLINE": "1",
            "TOKENIZERS_PARALLELISM": "false",
            "SKILLROUTER_CACHE_DIR": str(cache),  # where the session's ONNX copy is
        }
        self.proc = subprocess.Popen(
            [*command, "mcp", "--store", str(store)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errlog,
            env=env,
        )
        self.lines: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 1000

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def send(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw + b"\n")
        self.proc.stdin.flush()

    def reply(self, timeout: float = ANSWERED_WITHIN) -> dict[str, Any]:
        try:
            return json.loads(self.lines.get(timeout=timeout))  # type: ignore[no-any-return]
        except queue.Empty:
            raise AssertionError(f"no reply within {timeout} s") from None

    def request(
        self, method: str, params: dict[str, Any], timeout: float = ANSWERED_WITHIN
    ) -> dict[str, Any]:
        self.next_id += 1
        self.send(
            json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}).encode()
        )
        reply = self.reply(timeout)
        assert reply["id"] == self.next_id, reply  # not a stray reply to an earlier line
        return reply

    def search(self, timeout: float = ANSWERED_WITHIN) -> None:
        """A valid search_skills, answered as ever."""
        reply = self.request(
            "tools/call", {"name": "search_skills", "arguments": {"query": CI_TASK}}, timeout
        )
        assert reply["result"]["structuredContent"]["matched"] == "debug-failing-ci", reply

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(60)


@pytest.fixture(scope="module")
def raw(
    st_embedder: SentenceTransformerEmbedder,
    onnx_embedder: OnnxEmbedder,  # the server runs the model on ONNX Runtime: its copy exported once
    session_cache: Path,  # ... here
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[RawSession]:
    root = tmp_path_factory.mktemp("mcp-raw")
    store = make_store(root / "store", st_embedder)
    log = root / "server.log"
    with open(log, "wb") as errlog:
        session = RawSession(store, errlog, session_cache)
        try:
            init = session.request(
                "initialize",
                {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "raw", "version": "0"},
                },
                timeout=120,
            )
            assert init["result"]["serverInfo"]["name"] == "skillrouter"
            session.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
            session.search(timeout=180)  # the model has loaded
            yield session
        finally:
            session.close()
    text = log.read_text()
    assert "Traceback" not in text and "unexpected exception" not in text, text  # nothing crashed
    assert session.proc.returncode == 0


def call(rid: object, tool: str, **arguments: Any) -> bytes:
    params = {"name": tool, "arguments": arguments}
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": params}).encode()


SEARCH = call(7, "search_skills", query="fix the build", k=3)

ERRORS = {
    "not JSON": (b"this is not json", -32700, None),
    "not UTF-8": (SEARCH.replace(b"fix the", b"fix \xff\xfe the"), -32700, None),
    "100,000 nested [": (b"[" * 100_000, -32700, None),
    "a 10 MB line": (b"x" * 10_000_000, -32700, None),
    "jsonrpc 1.0": (b'{"jsonrpc": "1.0", "id": 3, "method": "tools/list"}', -32600, 3),
    "params not an object": (
        b'{"jsonrpc": "2.0", "id": "p", "method": "tools/call", "params": "x"}',
        -32600,
        "p",
    ),
    "method not a string": (b'{"jsonrpc": "2.0", "id": 4, "method": 1}', -32600, 4),
    "id null": (b'{"jsonrpc": "2.0", "id": null, "method": "tools/list"}', -32600, None),
    "a batch": (b'[{"jsonrpc": "2.0", "id": 5, "method": "tools/list"}]', -32600, None),
    "a malformed notification": (
        b'{"jsonrpc": "2.0", "method": "notifications/x", "params": 1}',
        -32600,
        None,
    ),
    "a lone surrogate in the query": (SEARCH.replace(b"fix the", b"fix \\ud800 the"), -32602, 7),
    "a 5,000-digit k": (SEARCH.replace(b'"k": 3', b'"k": ' + b"9" * 5000), -32602, 7),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_a_request_that_cannot_be_dispatched_gets_one_error_reply(raw: RawSession, case: str) -> None:
    line, code, rid = ERRORS[case]
    started = time.monotonic()
    raw.send(line)
    reply = raw.reply()
    took = time.monotonic() - started
    assert (reply["id"], reply["error"]["code"]) == (rid, code), reply
    assert "\n" not in reply["error"]["message"] and took < ANSWERED_WITHIN
    print(f"{case}: {code} in {took * 1000:.0f} ms")
    raw.search()


@pytest.mark.parametrize(
    ("tool", "arguments", "says"),
    [
        (
            "search_skills",
            {"query": "fix the build", "k": True},
            "k: input should be a valid integer, got true",
        ),
        (
            "record_outcome",
            {"name": "debug-failing-ci", "score": True},
            "score: input should be a valid number",
        ),
    ],
)
def test_a_boolean_is_not_a_number(raw: RawSession, tool: str, arguments: dict[str, Any], says: str) -> None:
    raw.send(call("b", tool, **arguments))
    reply = raw.reply()
    assert reply["id"] == "b" and reply["result"]["isError"], reply
    text = reply["result"]["content"][0]["text"]
    assert says in text and "\n" not in text
    loaded = raw.request("tools/call", {"name": "load_skill", "arguments": {"name": "debug-failing-ci"}})
    assert loaded["result"]["structuredContent"]["use_count"] == 0  # score true recorded nothing
    raw.search()


@pytest.mark.parametrize(
    "line",
    [
        b'{"jsonrpc": "2.0", "method": "notifications/x", "params": {"a": "\\udc00"}}',
        b'{"jsonrpc": "2.0", "method": "notifications/no-such-thing"}',
        b"",
    ],
)
def test_a_notification_gets_no_reply(raw: RawSession, line: bytes) -> None:
    raw.send(line)
    raw.search()  # the next reply is the search's: nothing answered the notification
    assert raw.lines.empty()


def peak_rss(pid: int) -> int:
    """The process's peak resident memory (VmHWM), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmHWM")


def test_a_long_line_is_dropped_in_bounded_memory(raw: RawSession) -> None:
    """A line over the limit is read in chunks and dropped: the server's peak memory does not
    grow by the line's size (40 MiB here), and the request after it is read whole."""
    if not Path(f"/proc/{raw.proc.pid}/status").exists():
        pytest.skip("peak memory is read from /proc (Linux)")
    before = peak_rss(raw.proc.pid)
    raw.send(b"[" * (MAX_LINE_BYTES * 10))
    assert raw.reply(60)["error"]["code"] == -32700
    raw.search()
    assert peak_rss(raw.proc.pid) - before < MAX_LINE_BYTES * 3


def test_the_server_runs_the_model_without_torch(raw: RawSession) -> None:
    """``skillrouter mcp`` embeds with the default model on ONNX Runtime (issue 20, item 7):
    after its searches, torch's library was never loaded into the process."""
    maps = Path(f"/proc/{raw.proc.pid}/maps")
    if not maps.exists():
        pytest.skip("a process's libraries are read from /proc (Linux)")
    raw.search()
    loaded = maps.read_text()
    assert "libonnxruntime" in loaded or "onnxruntime_pybind11_state" in loaded
    assert "libtorch" not in loaded
