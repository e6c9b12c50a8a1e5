"""The state that flows through the agent's graph: one TypedDict.

Only ``task`` (or just a human message in ``messages``) is needed as input; the Router
writes every per-run field with its default at the start of each run, so a thread kept by a
checkpointer never carries one run's score or skill into the next.
"""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


class AgentState(TypedDict, total=False):
    # the conversation (LangGraph's add_messages reducer) and the task
    messages: Annotated[list[AnyMessage], add_messages]
    task: str
    task_type: str | None
    # Router
    matched_skill: str | None  # name of the skill used, or None
    route_candidates: list[dict[str, Any]]
    route_reason: str
    memory_snapshot: str  # MEMORY.md + USER.md frozen at the start of the run
    # Executor
    execution_steps: list[str]
    result: str
    # Evaluator
    evaluation_score: float | None  # None: the evaluation could not be read
    evaluation_reasoning: str
    evaluation_error: str | None
    lessons: list[str]  # what the guidance missed, per the evaluator
    skill_fits: bool | None  # did the matched skill fit the task (None: no skill, or unread)
    fit_reasoning: str
    should_create_skill: bool
    should_update_memory: bool
    task_count: int  # tasks run by this store's agent, this one included
    episode_id: int | None
    # Skill Extractor
    created_skill: str | None
    updated_skill: str | None
    skill_version: int | None  # version of the created or updated skill
    retired_skill: str | None
    misfit_skill: str | None  # the matched skill, when the task was kept as its misfit
    folded_skill: str | None  # a skill judged one with another and folded into it ...
    folded_into: str | None  # ... the skill it was folded into
    skill_error: str | None
    # Memory Updater
    nudge_ran: bool
    memory_error: str | None
    # which input this thread has already handled (see nodes.resolve_task)
    handled_task: str | None
    handled_message_id: str | None


def run_defaults() -> dict[str, Any]:
    """Every per-run field at its default (fresh lists each call)."""
    return {
        "task_type": None,
        "matched_skill": None,
        "route_candidates": [],
        "route_reason": "",
        "memory_snapshot": "",
        "execution_steps": [],
        "result": "",
        "evaluation_score": None,
        "evaluation_reasoning": "",
        "evaluation_error": None,
        "lessons": [],
        "skill_fits": None,
        "fit_reasoning": "",
        "should_create_skill": False,
        "should_update_memory": False,
        "episode_id": None,
        "created_skill": None,
        "updated_skill": None,
        "skill_version": None,
        "retired_skill": None,
        "misfit_skill": None,
        "folded_skill": None,
        "folded_into": None,
        "skill_error": None,
        "nudge_ran": False,
        "memory_error": None,
    }
