"""Reading an executor's reply: :func:`parse_execution` splits it into steps and result.

Asking a model for an answer of a given shape is :mod:`skillrouter.llm` (:func:`~skillrouter.llm.ask`).
"""

from __future__ import annotations

import re

_LIST_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*+•])\s+(.+?)\s*$")
_RESULT = re.compile(
    r"^\s*(?:#{1,6}\s*)?\**\s*(?:final\s+)?(?:result|answer)\s*\**\s*:\s*\**\s*(.*)$", re.IGNORECASE
)


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
