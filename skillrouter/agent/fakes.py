"""Scripted chat models: deterministic stand-ins for an LLM, for tests of the loop (yours too).

A *responder* gets a :class:`ScriptedCall` (which prompt: ``execute``, ``evaluate``,
``extract``, ``revise``, ``merge`` or ``consolidate``; the task; the messages) and returns

- a ``str``: the reply text (for ``execute``, or to simulate an answer that is not JSON);
- a ``dict``: a structured answer, sent as a tool call by :class:`ScriptedChatModel` and as
  JSON text by :class:`ScriptedTextChatModel`;
- a :class:`~langchain_core.messages.BaseMessage`: sent as it is.

:class:`ScriptedChatModel` supports tool calling, so the agent uses ``with_structured_output``;
:class:`ScriptedTextChatModel` does not, so the agent parses text, as with a plain local model.
Every call is kept in ``model.calls``; :func:`by_kind` builds a responder from answers per kind.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

from skillrouter.agent.prompts import Kind, kind_of, task_in


@dataclass(frozen=True)
class ScriptedCall:
    kind: Kind
    task: str | None
    messages: tuple[BaseMessage, ...]
    tools: tuple[str, ...] = ()

    @property
    def system(self) -> str:
        return "\n".join(m.text for m in self.messages if isinstance(m, SystemMessage))

    @property
    def prompt(self) -> str:
        return "\n".join(m.text for m in self.messages if not isinstance(m, SystemMessage))


Responder = Callable[[ScriptedCall], Any]


def _task_of(kind: Kind, messages: Sequence[BaseMessage]) -> str | None:
    humans = [m for m in messages if isinstance(m, HumanMessage)]
    if not humans:
        return None
    if kind == "execute":
        return humans[-1].text.strip()
    return task_in(humans[-1].text)


class ScriptedTextChatModel(BaseChatModel):
    """A chat model answering through ``responder``, without tool calling."""

    responder: Responder
    calls: list[ScriptedCall] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        tools = tuple(
            t["function"]["name"]
            for t in kwargs.get("tools") or []
            if isinstance(t, dict) and "function" in t
        )
        kind = kind_of(messages)
        call = ScriptedCall(kind, _task_of(kind, messages), tuple(messages), tools)
        self.calls.append(call)
        answer = self.responder(call)
        if isinstance(answer, BaseException):
            raise answer
        if isinstance(answer, BaseMessage):
            message = answer
        elif isinstance(answer, dict):
            if tools:
                message = AIMessage(
                    content="",
                    tool_calls=[
                        {
                            "name": tools[0],
                            "args": answer,
                            "id": f"call_{len(self.calls)}",
                            "type": "tool_call",
                        }
                    ],
                )
            else:
                message = AIMessage(content=json.dumps(answer))
        else:
            message = AIMessage(content=str(answer))
        return ChatResult(generations=[ChatGeneration(message=message)])

    def kinds(self) -> list[str]:
        """The kind of every call so far, in order."""
        return [c.kind for c in self.calls]


class ScriptedChatModel(ScriptedTextChatModel):
    """A chat model answering through ``responder``, with tool calling (structured output)."""

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any
    ) -> Runnable[Any, AIMessage]:
        schemas = [convert_to_openai_tool(t) for t in tools]
        return self.bind(tools=schemas, tool_choice=tool_choice, **kwargs)


def by_kind(**answers: Any) -> Responder:
    """A responder answering each kind of prompt from ``answers``.

    Each value is an answer (str, dict or message), a callable taking the
    :class:`ScriptedCall`, or a list of those, used in turn (the last one repeats). A kind
    with no entry raises ``LookupError``, so a test notices an unexpected call.
    """
    queues = {kind: list(value) if isinstance(value, list) else [value] for kind, value in answers.items()}

    def respond(call: ScriptedCall) -> Any:
        if call.kind not in queues:
            raise LookupError(f"no scripted answer for a {call.kind!r} prompt")
        queue = queues[call.kind]
        answer = queue.pop(0) if len(queue) > 1 else queue[0]
        return answer(call) if callable(answer) else answer

    return respond
