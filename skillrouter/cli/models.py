"""Chat models named on the command line (``PROVIDER:MODEL``), loaded through LangChain's
``init_chat_model`` only when one is used: ``run``, ``import --review-model``,
``$SKILLROUTER_REVIEW_MODEL``, ``eval triggers --model``."""

from __future__ import annotations

import os
from typing import Any

from skillrouter.errors import SkillRouterError

RUN_EXTRA = "pip install 'skillrouter[run]'"


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
