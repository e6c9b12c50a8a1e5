"""Asking a chat model for an answer of a given shape: structured output where the model has
it, text otherwise. Used by the agent's nodes and by the security review alike, so it depends on
neither (only on LangChain's core).

- :func:`ask` asks for a Pydantic shape: through ``with_structured_output`` (tool calling)
  when the model supports it, else as plain text; either way a reply that is not a valid
  tool call is read as text, and :func:`parse_answer` finds the first JSON object in it (bare,
  in a code fence, or inside prose) that fits the shape. A shape may also say how to read an
  answer with no JSON in it: a classmethod ``from_text(text) -> dict | None`` (the agent's
  evaluation reads ``Score: 8/10`` that way).

An answer that cannot be read raises :class:`UnreadableAnswer` (never a default value); its
callers turn it into an error of their own.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import BaseModel, ValidationError

__all__ = ["StructuredOutput", "UnreadableAnswer", "ask", "json_objects", "message_text", "parse_answer"]

M = TypeVar("M", bound=BaseModel)

StructuredOutput = Literal["auto", "json"]
"""``auto``: tool calling where the model has it; ``json``: always parse JSON from text."""


class UnreadableAnswer(ValueError):
    """The model's answer holds nothing of the expected shape."""


def message_text(message: BaseMessage | str | None) -> str:
    if message is None:
        return ""
    if isinstance(message, str):
        return message
    return message.text


def json_objects(text: str) -> list[dict[str, Any]]:
    """Every top-level JSON object found in ``text``, in order (fences and prose around them ignored)."""
    decoder = json.JSONDecoder()
    found: list[dict[str, Any]] = []
    i = text.find("{")
    while i != -1:
        try:
            value, end = decoder.raw_decode(text, i)
        except json.JSONDecodeError:
            i = text.find("{", i + 1)
            continue
        if isinstance(value, dict):
            found.append(value)
        i = text.find("{", end)
    return found


def parse_answer(text: str, schema: type[M]) -> M:
    """The first JSON object in ``text`` that is a valid ``schema``; :class:`UnreadableAnswer` if none.

    A schema with a ``from_text`` classmethod gets a second chance: what it reads from the
    prose (a dict, or None) is validated as the answer.
    """
    problem = "no JSON object in it"
    for obj in json_objects(text):
        try:
            return schema.model_validate(obj)
        except ValidationError as err:
            problem = _first_error(err)
    from_text = getattr(schema, "from_text", None)
    read = from_text(text) if callable(from_text) else None
    if read is not None:
        try:
            return schema.model_validate(read)
        except ValidationError as err:
            problem = _first_error(err)
    shown = " ".join(text.split())[:80]
    raise UnreadableAnswer(f"could not read a {schema.__name__} from the answer ({problem}): {shown!r}")


def _first_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "answer"
    return f"{where}: {first.get('msg', 'invalid')}"


def ask(
    llm: BaseChatModel, messages: Sequence[BaseMessage], schema: type[M], mode: StructuredOutput = "auto"
) -> M:
    """Ask ``llm`` for an answer of ``schema`` (see the module docstring)."""
    texts: list[str] = []
    problem = ""
    structured = None
    if mode == "auto":
        try:
            structured = llm.with_structured_output(schema, include_raw=True)
        except NotImplementedError:
            structured = None
    if structured is not None:
        out: Any = structured.invoke(list(messages))
        if isinstance(out, schema):
            return out
        out = out if isinstance(out, dict) else {}
        parsed, raw, error = out.get("parsed"), out.get("raw"), out.get("parsing_error")
        if isinstance(parsed, schema):
            return parsed
        if isinstance(parsed, dict):
            texts.append(json.dumps(parsed))
        if error:
            problem = (str(error).strip().splitlines() or [type(error).__name__])[0]
        if isinstance(raw, BaseMessage):
            texts.append(message_text(raw))
            texts.extend(json.dumps(call.get("args", {})) for call in getattr(raw, "tool_calls", []) or [])
    else:
        texts.append(message_text(llm.invoke(list(messages))))
    try:
        return parse_answer("\n".join(t for t in texts if t), schema)
    except UnreadableAnswer as err:
        if problem:
            raise UnreadableAnswer(f"{err}; structured output failed: {problem}") from None
        raise
