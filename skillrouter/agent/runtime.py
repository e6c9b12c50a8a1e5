"""What the nodes need (:class:`AgentDeps`) and the handle users hold (:class:`SelfImprovingAgent`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self, cast

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import RunnableConfig

from skillrouter.agent.config import AgentConfig
from skillrouter.agent.episodes import Episode, EpisodeLog
from skillrouter.agent.memory import AgentMemory
from skillrouter.library import SkillLibrary

if TYPE_CHECKING:
    from langgraph.graph.state import CompiledStateGraph

TASK_COUNTER = "agent.task_count"
"""Key of the task counter in the store's ``meta`` table."""
EPISODES_FILE = "episodes.db"


@dataclass
class AgentDeps:
    """Everything the nodes use: the model, the skill library (store + index + router), the
    bounded memory files, the episodic log and the settings."""

    llm: BaseChatModel
    library: SkillLibrary
    memory: AgentMemory
    episodes: EpisodeLog
    config: AgentConfig

    def task_count(self) -> int:
        return self.library.counter(TASK_COUNTER)


def _as_input(value: str | dict[str, Any]) -> dict[str, Any]:
    return {"task": value} if isinstance(value, str) else value


class SelfImprovingAgent:
    """The compiled LangGraph graph with its memory. ``invoke`` and friends are the graph's.

    ``agent.graph`` is the :class:`~langgraph.graph.state.CompiledStateGraph` itself, for
    anything not mirrored here (``get_graph``, ``astream``, ...). ``invoke`` also takes a bare
    task string. Close the agent (or use ``with``) to release the store and the index.
    """

    def __init__(self, graph: CompiledStateGraph[Any, Any, Any, Any], deps: AgentDeps) -> None:
        self.graph = graph
        self.deps = deps

    @property
    def library(self) -> SkillLibrary:
        return self.deps.library

    @property
    def memory(self) -> AgentMemory:
        return self.deps.memory

    @property
    def episodes(self) -> EpisodeLog:
        return self.deps.episodes

    @property
    def config(self) -> AgentConfig:
        return self.deps.config

    @property
    def task_count(self) -> int:
        """Tasks this store's agent has run (persisted in the store)."""
        return self.deps.task_count()

    def invoke(
        self, input: str | dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        """Run one task; returns the final state (a dict)."""
        return cast(dict[str, Any], self.graph.invoke(_as_input(input), config, **kwargs))

    async def ainvoke(
        self, input: str | dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> dict[str, Any]:
        return cast(dict[str, Any], await self.graph.ainvoke(_as_input(input), config, **kwargs))

    def stream(
        self, input: str | dict[str, Any], config: RunnableConfig | None = None, **kwargs: Any
    ) -> Iterator[Any]:
        return self.graph.stream(_as_input(input), config, **kwargs)

    def get_state(self, config: RunnableConfig) -> Any:
        return self.graph.get_state(config)

    def search_episodes(self, query: str, limit: int = 10) -> list[Episode]:
        """Past tasks matching any word of ``query`` (SQLite FTS5, bm25), best first."""
        return self.deps.episodes.search(query, limit)

    def close(self) -> None:
        self.deps.library.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SelfImprovingAgent(store={str(self.library.path)!r}, tasks={self.task_count})"
