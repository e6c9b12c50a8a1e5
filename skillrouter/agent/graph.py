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
from skillrouter.rules import (
    DEFAULT_RULES,
    DUPLICATE_THRESHOLD,
    FOLD_THRESHOLD,
    FOLD_VOTES,
    MAX_OFFERS,
    MIN_STEPS,
    MULTILINGUAL_DUPLICATE_THRESHOLD,
    MULTILINGUAL_FOLD_THRESHOLD,
    MULTILINGUAL_OFFER_THRESHOLD,
    OFFER_THRESHOLD,
    OUTLIER_MARGIN,
    RETIRE_FLOOR,
    RETIRE_MIN_USES,
    SKILL_THRESHOLD,
    LoopRules,
)

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
    nudge_interval: int = NUDGE_INTERVAL,
    skill_threshold: float = SKILL_THRESHOLD,
    min_steps: int = MIN_STEPS,
    duplicate_threshold: float = DUPLICATE_THRESHOLD,
    offer_threshold: float = OFFER_THRESHOLD,
    max_offers: int = MAX_OFFERS,
    revise_below: float | None = None,
    outlier_margin: float = OUTLIER_MARGIN,
    retire_floor: float = RETIRE_FLOOR,
    retire_min_uses: int = RETIRE_MIN_USES,
    fold_threshold: float = FOLD_THRESHOLD,
    fold_votes: int = FOLD_VOTES,
    multilingual_duplicate_threshold: float = MULTILINGUAL_DUPLICATE_THRESHOLD,
    multilingual_offer_threshold: float = MULTILINGUAL_OFFER_THRESHOLD,
    multilingual_fold_threshold: float = MULTILINGUAL_FOLD_THRESHOLD,
    rules: LoopRules | None = None,
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
) -> SelfImprovingAgent:
    """A self-improving agent over the skill store at ``storage_dir``.

    ``storage_dir`` (default ``$SKILLROUTER_HOME`` or ``./.skillrouter``) is a skill store;
    MEMORY.md, USER.md and episodes.db live in it too. ``nudge_interval``: consolidate memory
    every this many tasks.

    The loop's thresholds, the fields of :class:`~skillrouter.rules.LoopRules` (each default
    is the :mod:`skillrouter.rules` constant of that name, which says why it is what it is):

    - ``skill_threshold`` (7.0): minimum score (1-10) for a run to become a skill, and for a
      fitted reuse's task to be kept as a routing example.
    - ``min_steps`` (3): minimum steps for a run to become a skill.
    - ``duplicate_threshold`` (0.80): similarity from which a draft is a near-duplicate of an
      active skill.
    - ``offer_threshold`` (0.45) and ``max_offers`` (3): similarity from which a draft is offered
      to a skill as a merge, and to how many skills at most.
    - ``revise_below`` (default: ``skill_threshold``, so it moves with it): a fitted reuse
      scoring below this revises the skill ...
    - ``outlier_margin`` (3.0): ... unless it scored more than this below a proven record.
    - ``retire_floor`` (4.5) and ``retire_min_uses`` (5): retire a skill whose shrunk average is
      below the floor after this many fitted uses.
    - ``fold_threshold`` (0.40) and ``fold_votes`` (2): centroid similarity from which two
      skills are put to the judge as one, and the "same skill" answers that fold them.
    - ``multilingual_duplicate_threshold``, ``multilingual_offer_threshold``,
      ``multilingual_fold_threshold`` (0.93, 0.90, 0.93): the three similarities on the
      multilingual engine's scale.

    ``rules`` gives them as one object instead; a threshold keyword that differs from its
    default then replaces that rule (and a changed ``skill_threshold`` moves ``revise_below``
    unless it is given). Out-of-range values raise :class:`ValueError` (checked by
    :class:`~skillrouter.rules.LoopRules`).

    ``embedder`` / ``model`` choose the embedding model (default all-MiniLM-L6-v2),
    ``chroma_url`` a Chroma server, ``ledger_url`` a PostgreSQL ledger (team mode; default
    ``$SKILLROUTER_LEDGER_URL``), ``routing`` the router's settings
    (:class:`~skillrouter.routing.settings.RoutingSettings`; ``router_threshold`` sets its
    relevance gate alone), ``structured_output`` ``"json"`` to parse text instead of using tool
    calling / JSON mode, ``memory_limit`` / ``user_limit`` the characters of MEMORY.md and
    USER.md, ``checkpointer`` any LangGraph saver (then pass
    ``{"configurable": {"thread_id": ...}}`` to ``invoke``).
    """
    if not isinstance(llm, BaseChatModel):
        raise TypeError(f"llm must be a LangChain chat model (BaseChatModel), not {type(llm).__name__}")
    loop_rules = _loop_rules(
        rules,
        revise_below,
        skill_threshold=skill_threshold,
        min_steps=min_steps,
        duplicate_threshold=duplicate_threshold,
        offer_threshold=offer_threshold,
        max_offers=max_offers,
        outlier_margin=outlier_margin,
        retire_floor=retire_floor,
        retire_min_uses=retire_min_uses,
        fold_threshold=fold_threshold,
        fold_votes=fold_votes,
        multilingual_duplicate_threshold=multilingual_duplicate_threshold,
        multilingual_offer_threshold=multilingual_offer_threshold,
        multilingual_fold_threshold=multilingual_fold_threshold,
    )
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


def _loop_rules(rules: LoopRules | None, revise_below: float | None, **thresholds: Any) -> LoopRules:
    """The factory's thresholds as one :class:`LoopRules`: without ``rules``, all of them (each
    checked); with ``rules``, those that differ from the defaults on top of it. ``revise_below``
    left out follows a ``skill_threshold`` that was set."""
    changes = {
        name: value
        for name, value in thresholds.items()
        if rules is None or value != getattr(DEFAULT_RULES, name)
    }
    if revise_below is not None:
        changes["revise_below"] = revise_below
    elif "skill_threshold" in changes:
        changes["revise_below"] = changes["skill_threshold"]
    return (rules or DEFAULT_RULES).replace(**changes)
