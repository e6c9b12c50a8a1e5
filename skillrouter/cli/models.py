"""Chat models named on the command line (``PROVIDER:MODEL``), loaded through LangChain's
``init_chat_model`` only when one is used: ``run``, ``import --review-model``,
``$SKILLROUTER_REVIEW_MODEL``, ``eval triggers --model``."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import click

from skillrouter.errors import SkillRouterError

RUN_EXTRA = "pip install 'skillrouter[run]'"

ChatModelFactory = Callable[[str, "str | None"], Any]


def chat_model_factory(ctx: click.Context, needed_by: str) -> ChatModelFactory:
    """What loads a command's ``PROVIDER:MODEL`` (and base URL): :func:`load_chat_model`, or the
    loader a test hands the command as ``obj={"chat_model_factory": ...}``."""
    found = (ctx.obj or {}).get("chat_model_factory") if isinstance(ctx.obj, dict) else None
    if found is not None:
        return found
    return lambda spec, base_url: load_chat_model(spec, base_url=base_url, needed_by=needed_by)


def load_chat_model(
    spec: str,
    *,
    base_url: str | None = None,
    api_key: str | None = None,
    temperature: float | None = None,
    needed_by: str = "'skillrouter run'",
) -> Any:
    """A chat model from ``PROVIDER:MODEL`` through LangChain's ``init_chat_model``."""
    try:
        from langchain.chat_models import init_chat_model
    except ImportError:
        raise SkillRouterError(f"{needed_by} needs LangChain to load a chat model: {RUN_EXTRA}") from None
    provider = spec.split(":", 1)[0] if ":" in spec else None
    kwargs: dict[str, Any] = {}
    if base_url:
        kwargs["base_url"] = base_url
    if api_key:
        kwargs["api_key"] = api_key
    elif base_url and provider in (None, "openai") and not os.environ.get("OPENAI_API_KEY"):
        kwargs["api_key"] = "EMPTY"  # local OpenAI-compatible servers (vLLM, Ollama) ignore the key
    if temperature is not None:
        kwargs["temperature"] = temperature
    try:
        return init_chat_model(spec, **kwargs)
    except ImportError as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise SkillRouterError(
            f"cannot load chat model {spec!r}: {first} ({RUN_EXTRA} covers openai:)"
        ) from None
