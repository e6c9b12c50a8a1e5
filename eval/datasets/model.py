"""What every reader returns: tools (each becomes a skill), queries (a task and the tools that
fit it) and a dataset holding both."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SEAL_SPLITS = ("dev", "test_in_domain", "test_out_domain")


@dataclass(frozen=True)
class Tool:
    """A skill-to-be.

    ``name`` is a valid skill name (``[a-z0-9-]``, 1-64 characters); ``source_name`` is the name
    the benchmark uses (``ResearchHelper``). ``tags`` carries extra text the source offers about
    the tool (Seal-Tools: its ``field``, split on ``/``); MetaTool offers none.
    """

    name: str
    description: str
    tags: tuple[str, ...] = ()
    source_name: str = ""


@dataclass(frozen=True)
class Query:
    """A task and the tools that fit it; ``gold == ()`` means none fits (the router should abstain).

    ``meta`` holds where the query came from (``{"split": "test_in_domain", "difficulty": "easy"}``)
    and takes no part in equality or hashing.
    """

    query: str
    gold: tuple[str, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def answerable(self) -> bool:
        return bool(self.gold)


@dataclass(frozen=True)
class Dataset:
    """A benchmark: the tools to index and the queries to route."""

    name: str
    tools: list[Tool]
    queries: list[Query]

    @property
    def tool_names(self) -> list[str]:
        return [tool.name for tool in self.tools]

    @property
    def source_names(self) -> dict[str, str]:
        """Original benchmark name -> skill name."""
        return {tool.source_name: tool.name for tool in self.tools if tool.source_name}
