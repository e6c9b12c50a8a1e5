"""The self-improving loop as a LangGraph graph. This file is the whole loop::

    START -> router -> executor -> evaluator -> [skill_extractor] -> [memory_updater] -> END

- router: the quality-weighted vector router picks a skill (or none); memory is frozen.
- executor: the LLM does the task with that memory and the skill's guidance.
- evaluator: LLM-as-judge scores it; the task is counted and logged as an episode.
- [skill_extractor], when there is something to learn (the score is readable, and a skill
  was used or a good, non-trivial run used none): update that skill (or fold it with another
  the judge finds the same), or make a new one.
- [memory_updater], every ``nudge_interval`` tasks only: consolidate MEMORY.md and USER.md.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from langchain_core.language_models import BaseChatModel
from langgraph.graph import END, START, StateGraph

from skillrouter.agent import nodes
from skillrouter.agent.config import NUDGE_INTERVAL, AgentConfig, StructuredOutput
from skillrouter.agent.episodes import EpisodeLog
from skillrouter.agent.memory import DEFAULT_MEMORY_LIMIT, DEFAULT_USER_LIMIT, AgentMemory
from skillrouter.agent.runtime import EPISODES_FILE, AgentDeps, SelfImprovingAgent
from skillrouter.agent.state import AgentState
from skillrouter.embeddings import Embedder
from skillrouter.library import SkillLibrary
from skillrouter.routing.settings import RoutingSettings
from skillrouter.rules import LoopRules

ROUTER = "router"
EXECUTOR = "executor"
EVALUATOR = "evaluator"
SKILL_EXTRACTOR = "skill_extractor"
MEMORY_UPDATER = "memory_updater"


def after_evaluation(state: AgentState) -> str:
    """Learn when the score is readable and a skill was used or a new one is due."""
    learn = state.get("evaluation_score") is not None and (
        state.get("matched_skill") or state.get("should_create_skill")
    )
    if learn:
        return SKILL_EXTRACTOR
    return after_learning(state)


def after_learning(state: AgentState) -> str:
    return MEMORY_UPDATER if state.get("should_update_memory") else END


def build_graph(deps: AgentDeps) -> StateGraph[AgentState, Any, Any, Any]:
    graph = StateGraph(AgentState)
    graph.add_node(ROUTER, partial(nodes.router_node, deps=deps))
    graph.add_node(EXECUTOR, partial(nodes.executor_node, deps=deps))
    graph.add_node(EVALUATOR, partial(nodes.evaluator_node, deps=deps))
    graph.add_node(SKILL_EXTRACTOR, partial(nodes.skill_extractor_node, deps=deps))
    graph.add_node(MEMORY_UPDATER, partial(nodes.memory_updater_node, deps=deps))
    graph.add_edge(START, ROUTER)
    graph.add_edge(ROUTER, EXECUTOR)
    graph.add_edge(EXECUTOR, EVALUATOR)
    graph.add_conditional_edges(EVALUATOR, after_evaluation, [SKILL_EXTRACTOR, MEMORY_UPDATER, END])
    graph.add_conditional_edges(SKILL_EXTRACTOR, after_learning, [MEMORY_UPDATER, END])
    graph.add_edge(MEMORY_UPDATER, END)
    return graph


def create_self_improving_agent(
    llm: BaseChatModel,
    storage_dir: str | Path | None = None,
    *,
    rules: LoopRules | None = None,
    nudge_interval: int = NUDGE_INTERVAL,
    structured_output: StructuredOutput = "auto",
    checkpointer: Any = None,
    embedder: Embedder | None = None,
    model: str | None = None,
    chroma_url: str | None = None,
    ledger_url: str | None = None,
    routing: RoutingSettings | None = None,
    router_threshold: float | None = None,
    memory_limit: int = DEFAULT_MEMORY_LIMIT,
    user_limit: int = DEFAULT_USER_LIMIT,
    **rule_options: Any,
) -> SelfImprovingAgent:
    """A self-improving agent over the skill store at ``storage_dir``.

    ``storage_dir`` (default ``$SKILLROUTER_HOME`` or ``./.skillrouter``) is a skill store;
    MEMORY.md, USER.md and episodes.db live in it too. ``rules`` are the loop's thresholds
    (:class:`~skillrouter.rules.LoopRules`); any of them may also be given as a flat keyword on
    top (``skill_threshold=8``; a ``skill_threshold`` given without ``revise_below`` moves
    ``revise_below`` with it). ``embedder`` / ``model`` choose the embedding model (default
    all-MiniLM-L6-v2), ``chroma_url`` a Chroma server, ``ledger_url`` a PostgreSQL ledger
    (team mode; default ``$SKILLROUTER_LEDGER_URL``), ``routing`` the router's settings
    (:class:`~skillrouter.routing.settings.RoutingSettings`; ``router_threshold`` sets its
    relevance gate alone), ``checkpointer`` any LangGraph saver (then pass
    ``{"configurable": {"thread_id": ...}}`` to ``invoke``).
    """
    if not isinstance(llm, BaseChatModel):
        raise TypeError(f"llm must be a LangChain chat model (BaseChatModel), not {type(llm).__name__}")
    if "skill_threshold" in rule_options and "revise_below" not in rule_options:
        rule_options["revise_below"] = rule_options["skill_threshold"]
    loop_rules = (rules or LoopRules()).replace(**rule_options)
    config = AgentConfig(nudge_interval=nudge_interval, rules=loop_rules, structured_output=structured_output)
    settings = routing or RoutingSettings()
    if router_threshold is not None:
        settings = settings.replace(threshold=router_threshold)
    library = SkillLibrary.open(
        storage_dir,
        model=model,
        embedder=embedder,
        chroma_url=chroma_url,
        ledger_url=ledger_url,
        routing=settings,
    )
    folder = library.path
    deps = AgentDeps(
        llm=llm,
        library=library,
        memory=AgentMemory(folder, memory_limit, user_limit),
        episodes=EpisodeLog(folder / EPISODES_FILE),
        config=config,
    )
    return SelfImprovingAgent(build_graph(deps).compile(checkpointer=checkpointer), deps)
