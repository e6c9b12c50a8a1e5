"""Reading what an LLM answered: structured output where the model has it, text otherwise.

- :func:`ask` asks for a Pydantic shape: through ``with_structured_output`` (tool calling)
  when the model supports it, else as plain text; either way a reply that is not a valid
  tool call is read as text, and :func:`parse_answer` finds the first JSON object in it (bare,
  in a code fence, or inside prose) that fits the shape.
- :func:`parse_execution` splits an executor's reply into steps and result.

An answer that cannot be read raises :class:`UnreadableAnswer` (never a default value);
the nodes turn it into ``evaluation_error`` / ``skill_error`` / ``memory_error``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import BaseModel, ValidationError

from skillrouter.agent.config import StructuredOutput
from skillrouter.agent.prompts import Evaluation

M = TypeVar("M", bound=BaseModel)

_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+•])\s+(.+?)\s*$")
_RESULT = re.compile(r"^\s*(?:#{1,6}\s*)?\**\s*(?:final\s+)?(?:result|answer)\s*\**\s*:\s*\**\s*(.*)$",
                     re.IGNORECASE)
_SCORE = re.compile(r"\b(?:overall\s+score|overall|score)\b\s*(?:is|=|:)?\s*\**\s*(\d+(?:\.\d+)?)\s*(?:/\s*10)?",
                    re.IGNORECASE)
_FITS = re.compile(r"\b(?:skill\s+)?fits?\b\s*(?:the\s+task)?\s*\**\s*(?:is|=|:)\s*\**\s*(yes|no|true|false)\b",
                   re.IGNORECASE)


class UnreadableAnswer(ValueError):
    """The model's answer holds nothing of the expected shape (handled inside the agent)."""


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

    For :class:`Evaluation` a labelled score in prose (``Score: 8/10``) is read too, with a
    labelled fit judgement (``Fits: no``) if there is one.
    """
    problem = "no JSON object in it"
    for obj in json_objects(text):
        try:
            return schema.model_validate(obj)
        except ValidationError as err:
            problem = _first_error(err)
    if schema is Evaluation:
        match = _SCORE.search(text)
        if match:
            fit = _FITS.search(text)
            fits = {} if fit is None else {"fits": fit.group(1).lower() in ("yes", "true")}
            try:
                return schema.model_validate({"score": float(match.group(1)), "reasoning": text.strip()[:500]}
                                             | fits)
            except ValidationError as err:
                problem = _first_error(err)
    shown = " ".join(text.split())[:80]
    raise UnreadableAnswer(f"could not read a {schema.__name__} from the answer ({problem}): {shown!r}")


def _first_error(err: ValidationError) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "answer"
    return f"{where}: {first.get('msg', 'invalid')}"


def ask(llm: BaseChatModel, messages: Sequence[BaseMessage], schema: type[M],
        mode: StructuredOutput = "auto") -> M:
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


def parse_execution(text: str) -> tuple[list[str], str]:
    """(steps, result) of an executor's reply.

    The reply is asked to be ``STEPS:`` with a numbered list, then ``RESULT:`` and the answer.
    Steps are the list items before the ``RESULT:`` line (or in the whole reply when it has
    none); the result is what follows ``RESULT:``, or the whole reply.
    """
    lines = text.strip().splitlines()
    cut = next((i for i, line in enumerate(lines) if _RESULT.match(line)), None)
    head = lines if cut is None else lines[:cut]
    steps = [m.group(1) for line in head if (m := _LIST_ITEM.match(line))]
    if cut is None:
        return steps, text.strip()
    first = _RESULT.match(lines[cut])
    rest = [first.group(1).strip()] if first and first.group(1).strip() else []
    result = "\n".join(rest + lines[cut + 1 :]).strip()
    return steps, result
