"""stdin for ``skillrouter mcp``: every line is dispatched by the SDK or answered here.

The SDK's stdio transport (:func:`mcp.server.stdio.stdio_server`) parses each line with the
SDK's message adapter and, when that fails, hands the server an exception that it logs and
drops: a client whose request had an id waits for a reply that never comes. Lines the adapter
cannot read include a string with a lone surrogate (``"\\ud800"``; Node clients write them),
an integer of more than 4,300 digits, nesting deeper than its parser goes, ``"params": "x"`` and
``"jsonrpc": "1.0"``. It also reads a request whose id is not a string or an integer (``null``,
``true``, ``1.5``) as a notification, which gets no reply, and it decodes stdin with
``errors="replace"``, so bytes that are not UTF-8 reach the tools as U+FFFD.

So stdin is read here, as bytes, one line at a time (at most :data:`MAX_LINE_BYTES` of a line
are kept: the rest is read and dropped), and each line is judged by :func:`check_line`, a pure
function of the bytes, before the SDK sees it:

- a line the SDK's own adapter reads is passed on unchanged, and the SDK dispatches it as
  before (its handlers answer an unknown method, a bad ``tools/call`` and so on themselves);
- a line that is not UTF-8, not JSON, nested too deep for Python's parser or longer than
  :data:`MAX_LINE_BYTES` is answered with ``-32700`` (parse error), id null: nothing was read;
- JSON that is not a JSON-RPC 2.0 request (a batch, not an object, ``jsonrpc`` other than
  ``"2.0"``, no method or one that is not a string, an id that is neither a string nor an
  integer, params that are neither an object nor an array) is answered with ``-32600`` (invalid
  request), with the request's id when it can be read and null when not;
- a request sound but for its params (an array: MCP takes named params; or a value the SDK's
  parser cannot read) is answered with ``-32602`` (invalid params) with its id, naming the field
  (``params.arguments.query``) when it can;
- a notification (no id) whose params cannot be read, a malformed response (``result`` or
  ``error`` but no method) and an empty line are dropped, with a log line: JSON-RPC answers
  none of them.

Replies go out on the SDK transport's own write stream, so they reach stdout through its one
writer (never torn by a concurrent write). Python's :mod:`json` is the second opinion (it reads
lone surrogates, integers of any length and nesting to about 1,000 levels), so the id and the
offending field are found where the SDK's parser gave up; it runs only for a line the adapter
refused, or for a notification (to see an id the adapter ignored). Both parse in a worker
thread, never on the event loop; the refusals are logged at INFO.

This is a layer over the SDK's public surface: :func:`stdio_server` takes the stdin it reads
(``stdin=``, which it iterates line by line) and keeps claiming stdout (fd 1 points at stderr
while serving, so stray prints miss the wire); :class:`CheckedStdin` is that stdin. Given a
stdin, the SDK no longer points fd 0 at the null device; nothing the server runs reads stdin.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, BinaryIO, Protocol, cast

import anyio
import anyio.to_thread
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage
from mcp.types import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    PARSE_ERROR,
    ErrorData,
    JSONRPCError,
    JSONRPCNotification,
    RequestId,
    jsonrpc_message_adapter,
)
from pydantic import ValidationError

log = logging.getLogger(__name__)

MAX_LINE_BYTES = 4 * 1024 * 1024
"""The longest line read (4 MiB, the SDK's default limit on an HTTP request body): a longer one
is answered with a parse error, and costs no more memory than this."""

_CHUNK = 64 * 1024


@dataclass(frozen=True)
class Refused:
    """A line the SDK cannot dispatch: ``reply`` answers it (None where JSON-RPC answers
    nothing: a notification, a response, an empty line); ``reason`` is its one-line log."""

    reason: str
    reply: JSONRPCError | None


class _Replies(Protocol):
    async def send(self, item: SessionMessage, /) -> None: ...


# ---------------------------------------------------------------- reading and judging a line


def read_line(source: BinaryIO, most: int = MAX_LINE_BYTES) -> bytes | None:
    """The next line of ``source`` without its newline, or None at the end. A line longer than
    ``most`` bytes comes back cut to ``most + 1`` (so :func:`check_line` refuses it); the rest of
    it is read in chunks and dropped."""
    line = source.readline(most + 1)
    if not line:
        return None
    if line.endswith(b"\n"):
        return line[:-1]
    if len(line) > most:
        while (rest := source.readline(_CHUNK)) and not rest.endswith(b"\n"):
            pass
    return line


def check_line(raw: bytes) -> str | Refused:
    """``raw`` as text when the SDK can dispatch it, else what to answer (see the module)."""
    if not raw.strip():
        return Refused("an empty line", None)
    if len(raw) > MAX_LINE_BYTES:
        return _parse_error(f"a line of more than {MAX_LINE_BYTES:,} bytes is not read")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return _parse_error(f"not UTF-8 (byte 0x{raw[err.start]:02x} at offset {err.start})")
    try:
        message = jsonrpc_message_adapter.validate_json(text, by_name=False)
    except ValidationError as err:
        return _judge(text, err)
    if isinstance(message, JSONRPCNotification):
        # the adapter reads {"id": null, "method": ...} (or an id of true, 1.5, [1]) as a
        # notification, and that request would never be answered
        try:
            value, _ = _loads(text)
        except (ValueError, RecursionError):  # the adapter read it: not expected
            return text
        if isinstance(value, dict) and "id" in value:
            return _invalid_request(value, _ID_RULE)
    return text


_ID_RULE = "id must be a string or an integer"


def _judge(text: str, err: ValidationError) -> Refused:
    """Why the adapter refused ``text``, in JSON-RPC's terms, found by parsing it leniently."""
    try:
        value, digits = _loads(text)
    except RecursionError:
        return _parse_error("nested too deep to parse")
    except ValueError as exc:  # json.JSONDecodeError
        return _parse_error(str(exc))
    if isinstance(value, list):
        return _refuse(INVALID_REQUEST, None, "a batch (a JSON array) is not taken: send one message a line")
    if not isinstance(value, dict):
        return _refuse(INVALID_REQUEST, None, "a message is a JSON object")
    rid = _request_id(value.get("id"))
    if "method" not in value and ("result" in value or "error" in value):
        return Refused(f"a malformed response (id {_shown(value.get('id'))}): dropped", None)
    if value.get("jsonrpc") != "2.0":
        return _invalid_request(value, 'jsonrpc must be "2.0"')
    method = value.get("method")
    if not isinstance(method, str) or _surrogate(method) is not None:
        return _invalid_request(
            value, "method must be a string" if "method" in value else "a request needs a method"
        )
    if "id" in value and rid is None:
        given = value["id"]
        if isinstance(given, _Digits):
            return _invalid_request(value, f"id: a number of {given.count:,} digits is too long to read")
        return _invalid_request(value, _ID_RULE)
    params = value.get("params")
    if params is not None and not isinstance(params, (dict, list)):
        return _invalid_request(value, "params must be an object")
    # the envelope is sound: what the SDK's parser could not read is in a value
    field: str | None
    if isinstance(params, list):
        field, why = "params", "must be an object (MCP takes named params)"
    else:
        field, found = _unreadable(value, text, digits)
        if found is None:  # e.g. nested deeper than the SDK's parser goes: in its words
            field = "params" if "params" in value else None
        why = found or f"cannot be read: {err.errors()[0]['msg']}"
    said = f"{field}: {why}" if field else why
    if "id" not in value:
        return Refused(f"a notification ({method}): {said}: dropped", None)
    in_params = field is not None and (field == "params" or field.startswith(("params.", "params[")))
    return _refuse(INVALID_PARAMS if in_params else INVALID_REQUEST, rid, said)


def _invalid_request(value: dict[str, Any], why: str) -> Refused:
    return _refuse(INVALID_REQUEST, _request_id(value.get("id")), why)


def _parse_error(why: str) -> Refused:
    return _refuse(PARSE_ERROR, None, why)


_NAMES = {PARSE_ERROR: "Parse error", INVALID_REQUEST: "Invalid request", INVALID_PARAMS: "Invalid params"}


def _refuse(code: int, rid: RequestId | None, why: str) -> Refused:
    message = f"{_NAMES[code]}: {why}"
    reply = JSONRPCError(jsonrpc="2.0", id=rid, error=ErrorData(code=code, message=message))
    return Refused(f"{code} {message} (id {_shown(rid)})", reply)


# ---------------------------------------------------------------- the lenient parse


@dataclass(frozen=True)
class _Digits:
    """An integer literal too long for ``int()`` (Python's limit, which the SDK's parser shares)."""

    count: int


def _integer(literal: str) -> int | _Digits:
    digits = len(literal.lstrip("-"))
    most = sys.get_int_max_str_digits()
    return _Digits(digits) if most and digits > most else int(literal)


def _loads(text: str) -> tuple[Any, bool]:
    """``text`` parsed by Python's json, and whether an integer in it was too long for ``int()``
    (each such integer is then a :class:`_Digits`)."""
    try:
        return json.loads(text), False
    except json.JSONDecodeError:
        raise
    except ValueError:  # an integer past the limit: parse again, slower, marking it
        return json.loads(text, parse_int=_integer), True


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
"""How a surrogate is written in JSON text (paired or lone: valid UTF-8 holds none raw)."""


def _request_id(value: object) -> RequestId | None:
    """``value`` if it can stand as the id of a reply: an integer, or a string of Unicode."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _surrogate(value) is None:
        return value
    return None


def _surrogate(text: str) -> int | None:
    """Where ``text`` holds a lone surrogate (it cannot be UTF-8), or None."""
    if text.isascii():
        return None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        return err.start
    return None


def _unreadable(message: dict[str, Any], text: str, digits: bool) -> tuple[str | None, str | None]:
    """A value of ``message`` (parsed from ``text``; ``digits``: with a :class:`_Digits` in it)
    that the SDK's parser cannot read, as (its path, why), walked without recursion; (None, None)
    when none of those it knows is found. No walk when ``text`` holds no surrogate escape and no
    integer was too long; none past :data:`_WALK_MOST` values (about a second)."""
    escapes = _SURROGATE_ESCAPE.search(text) is not None
    if not (escapes or digits):
        return None, None
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), message)]
    seen = 0
    while stack:
        path, value = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in items:
            seen += 1
            if seen > _WALK_MOST:
                return None, None
            if escapes and isinstance(key, str) and _surrogate(key) is not None:
                return _dotted(path) or None, "a key with a lone surrogate"
            kind = type(item)
            if kind is dict or kind is list:
                stack.append(((*path, key), item))
            elif kind is str and escapes and (at := _surrogate(item)) is not None:
                return _dotted(
                    (*path, key)
                ), f"text with a lone surrogate (\\u{ord(item[at]):04x} at character {at})"
            elif kind is _Digits:
                return _dotted((*path, key)), f"a number of {item.count:,} digits is too long to read"
    return None, None


_WALK_MOST = 500_000


def _dotted(path: tuple[str | int, ...]) -> str:
    """``params.arguments.k``, ``params.a[3]``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" if i else p for i, p in enumerate(path))


def _shown(value: object) -> str:
    """An id for a log line, short and safe to print."""
    if isinstance(value, (int, str)) and not isinstance(value, bool) and len(repr(value)) <= 40:
        return repr(value)
    return "null" if value is None else f"<{type(value).__name__}>"


# ---------------------------------------------------------------- the transport


class CheckedStdin:
    """stdin as the SDK's stdio transport reads it (``async for line in stdin``): the lines it
    can dispatch. Each other line is answered on ``replies`` (the transport's write stream, set
    by :meth:`answer_on` once it exists) or, where JSON-RPC answers nothing, only logged."""

    def __init__(self, source: BinaryIO) -> None:
        self._source = source
        self._replies: _Replies | None = None
        self._ready = anyio.Event()

    def answer_on(self, replies: _Replies) -> None:
        self._replies = replies
        self._ready.set()

    def __aiter__(self) -> CheckedStdin:
        return self

    async def __anext__(self) -> str:
        while True:
            checked = await anyio.to_thread.run_sync(self._next)
            if checked is None:
                raise StopAsyncIteration
            if isinstance(checked, str):
                return checked
            log.info("refused: %s", checked.reason)
            if checked.reply is not None:
                await self._ready.wait()
                assert self._replies is not None
                await self._replies.send(SessionMessage(checked.reply))

    async def readline(self) -> str:
        """The next line to dispatch, or "" at the end (a file's ``readline``)."""
        try:
            return await self.__anext__() + "\n"
        except StopAsyncIteration:
            return ""

    def _next(self) -> str | Refused | None:
        raw = read_line(self._source)
        return None if raw is None else check_line(raw)


@asynccontextmanager
async def checked_stdio(source: BinaryIO | None = None) -> AsyncIterator[tuple[Any, Any]]:
    """The SDK's stdio transport, reading ``source`` (default: stdin's bytes) through
    :class:`CheckedStdin`: ``(read_stream, write_stream)`` for ``Server.run``."""
    stdin = CheckedStdin(sys.stdin.buffer if source is None else source)
    # stdio_server only iterates its stdin, line by line: CheckedStdin is that iteration
    async with stdio_server(stdin=cast("anyio.AsyncFile[str]", stdin)) as (read_stream, write_stream):
        stdin.answer_on(write_stream)
        yield read_stream, write_stream


__all__ = ["MAX_LINE_BYTES", "CheckedStdin", "Refused", "check_line", "checked_stdio", "read_line"]
