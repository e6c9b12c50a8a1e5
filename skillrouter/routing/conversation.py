"""Conversation input: route a message with the user turns that came before it.

A message in a conversation is one of three things, and each needs a different text routed:

- **self-contained** ("convert this PDF to Markdown"): the message alone says what is wanted;
  the turns before it add nothing, and it routes exactly as it would without them;
- **an elliptical follow-up** (a slot-filling answer "my plate is Yue B67890", "and for
  staging?", "same for the other repo"): the message alone names no task; the conversation does;
- **an intent shift** ("ok forget that. Different thing: ..."): the message states a new task,
  and the earlier turns are about another one that must not hold the user to its skill.

The rule (:func:`choose`), measured on eval/data/blind/conversations.jsonl (docs/evaluation.md,
"Conversations"): the router routes the message alone (as it would with no context: same ``k``,
same result) and the message joined to the earlier user turns (oldest first, one per line). If
the message alone has no candidate that passes the gate, the conversation's route is returned;
if both put the same skill first, the message's. Otherwise the two finalists, the message's
pick ``A`` and the conversation's pick ``B``, are each scored in both views::

    support(X) = relevance_alone(X) + CONTEXT_WEIGHT * relevance_joined(X)

where a view's relevance of a skill is the router's gated relevance of that skill among the
candidates it returned (``k`` for the message, ``max(k, JOINED_DEPTH)`` for the conversation),
and 0 when the skill is not among them. The message's route is kept (``context_used`` False)
when its pick passes the gate and ``support(A) >= support(B)``; otherwise the conversation's
route is returned (``context_used`` True), its own gate deciding ``matched``. A shift's new
skill is near the top of both views (the joined text holds the new request whole), the old
skill only of the joined one, so ``A`` wins; a follow-up's message alone finds a skill the
conversation does not support, so ``B`` wins.

Only the user's turns count: assistant, system and tool messages describe what the agent did,
not what the user wants (plain strings are taken to be user turns). ``MAX_TURNS`` bounds how
many of the latest are read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from skillrouter.routing.router import Candidate, Route, Router

__all__ = [
    "CONTEXT_WEIGHT",
    "JOINED_DEPTH",
    "MAX_TURNS",
    "Context",
    "choose",
    "route_in_conversation",
    "user_turns",
    "with_context",
]

CONTEXT_WEIGHT = 1.5
"""How much the conversation's view counts against the message's when their picks differ."""

JOINED_DEPTH = 10
"""Candidates of the message-with-context route that count as its view (at least ``k``)."""

MAX_TURNS = 8
"""The latest user turns read from a context; older ones are dropped."""

Context = Sequence[Any] | None
"""Earlier turns, oldest first: text, ``{"role", "content"}`` dicts, or LangChain messages."""

_USER_ROLES = {"user", "human"}
_OTHER_ROLES = {"assistant", "ai", "system", "tool", "function", "developer", "chat"}


def user_turns(context: Context, name: str = "context") -> list[str]:
    """The user's turns of ``context`` as text, oldest first (the latest ``MAX_TURNS``).

    A turn is a string (a user turn), a mapping with ``role`` and ``content`` (only
    ``user``/``human`` roles count), or an object with ``.type`` and ``.content`` (a LangChain
    message: only ``human`` counts). Content may be a list of parts (``{"type": "text",
    "text": ...}`` or strings); empty turns are dropped. Anything else is a ValueError naming the
    turn: ``context[2]: ...``."""
    if context is None:
        return []
    if isinstance(context, (str, bytes, Mapping)) or not isinstance(context, Iterable):
        raise ValueError(  # noqa: TRY004  (every surface maps ValueError to one line)
            f"{name} must be a list of earlier turns, oldest first, got {_kind(context)}"
        )
    out: list[str] = []
    for i, turn in enumerate(context):
        text = _turn_text(turn, f"{name}[{i}]")
        if text is not None and text.strip():
            out.append(text.strip())
    return out[-MAX_TURNS:]


def _turn_text(turn: object, where: str) -> str | None:
    """The text of one user turn, None for a turn of another role."""
    if isinstance(turn, str):
        return turn
    if isinstance(turn, Mapping):
        if "role" not in turn or "content" not in turn:
            raise ValueError(f"{where}: a turn given as an object needs 'role' and 'content'")
        role, content = turn["role"], turn["content"]
    elif hasattr(turn, "type") and hasattr(turn, "content"):
        role, content = turn.type, turn.content
    else:
        raise ValueError(
            f"{where}: expected text, a {{'role', 'content'}} object or a chat message, got {_kind(turn)}"
        )
    if not isinstance(role, str):
        raise ValueError(f"{where}: role must be text, got {_kind(role)}")  # noqa: TRY004
    role = role.lower()
    if role not in _USER_ROLES:
        if role not in _OTHER_ROLES:
            raise ValueError(f"{where}: unknown role {role[:40]!r}; expected user, assistant, system or tool")
        return None
    return _content_text(content, where)


def _content_text(content: object, where: str) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, str):
                parts.append(part)
            elif isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])  # {"type": "text", "text": ...}; images and tool parts are skipped
        return "\n".join(parts)
    raise ValueError(f"{where}: content must be text or a list of text parts, got {_kind(content)}")


def _kind(value: object) -> str:
    kinds = {
        str: "text",
        bytes: "bytes",
        dict: "an object",
        list: "a list",
        int: "a number",
        float: "a number",
    }
    return "null" if value is None else kinds.get(type(value), type(value).__name__)


def with_context(message: str, turns: Sequence[str]) -> str:
    """The message-with-context text: the earlier user turns and the message, one per line."""
    return "\n".join([*turns, message])


def _relevance(route: Route, name: str, depth: int) -> float:
    for c in route.candidates[:depth]:
        if c.name == name:
            return c.relevance
    return 0.0


def choose(alone: Route, joined: Route, k: int, *, weight: float = CONTEXT_WEIGHT) -> tuple[Route, bool]:
    """(route, context_used): the message's own route or the conversation's (see the module
    docstring). ``alone`` was routed with ``k``, ``joined`` with ``max(k, JOINED_DEPTH)``."""
    if not alone.candidates or not alone.candidates[0].passes_gate:
        return joined, True  # the message alone routes nowhere: the conversation decides
    a = alone.candidates[0]
    if not joined.candidates or joined.candidates[0].name == a.name:
        return alone, False
    b: Candidate = joined.candidates[0]
    depth = max(k, JOINED_DEPTH)
    support_a = _relevance(alone, a.name, k) + weight * _relevance(joined, a.name, depth)
    support_b = _relevance(alone, b.name, k) + weight * _relevance(joined, b.name, depth)
    if support_a >= support_b:
        return alone, False
    return joined, True


def route_in_conversation(
    router: Router,
    tasks: Sequence[str],
    contexts: Sequence[Context],
    k: int,
    task_type: str | None = None,
    tags: Iterable[str] | None = None,
) -> list[Route]:
    """Each task routed with its context (see the module docstring): a task whose context holds
    no user turn routes exactly as :meth:`Router.route_many` routes it. Tasks are routed in one
    batch, and their messages-with-context in a second."""
    if len(contexts) != len(tasks):
        raise ValueError(
            f"contexts must give one context per task: {len(tasks)} tasks, {len(contexts)} contexts"
        )
    turns = [user_turns(c, f"contexts[{i}]" if len(tasks) > 1 else "context") for i, c in enumerate(contexts)]
    wanted = list(tags) if tags is not None else None  # once: ``tags`` may be an iterator
    alone = router.route_many(tasks, k=k, task_type=task_type, tags=wanted)
    talking = [i for i, t in enumerate(turns) if t]
    if not talking:
        return alone
    joined = router.route_many(
        [with_context(tasks[i], turns[i]) for i in talking],
        k=max(k, JOINED_DEPTH),
        task_type=task_type,
        tags=wanted,
    )
    out = list(alone)
    for i, conv in zip(talking, joined):
        route, used = choose(alone[i], conv, k)
        if used:
            out[i] = replace(
                route,
                task=tasks[i],
                candidates=route.candidates[:k],
                reason=f"with the conversation ({len(turns[i])} earlier user turn(s)): {route.reason}",
                context_used=True,
            )
    return out
