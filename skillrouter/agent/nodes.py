"""The five nodes of the loop, as plain functions of the state and their dependencies.

    router -> executor -> evaluator -> skill_extractor -> memory_updater

Each returns the fields it changes. ``graph.py`` binds the dependencies and wires them.
"""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.messages import AnyMessage, HumanMessage, SystemMessage

from skillrouter.agent import prompts
from skillrouter.agent.judges import LLMJudges
from skillrouter.agent.memory import AgentMemory, MemoryEntryError
from skillrouter.agent.parsing import parse_execution
from skillrouter.agent.prompts import Evaluation, MemoryConsolidation
from skillrouter.agent.runtime import TASK_COUNTER, AgentDeps
from skillrouter.agent.state import AgentState, run_defaults
from skillrouter.errors import EvaluationError, MemoryLimitError, SkillFormatError, SkillNotFoundError
from skillrouter.learning import Learned, Learner, Run
from skillrouter.library import SkillLibrary
from skillrouter.llm import UnreadableAnswer, ask, message_text
from skillrouter.routing.conversation import route_in_conversation
from skillrouter.routing.router import Route, Router
from skillrouter.routing.settings import DEFAULT_K
from skillrouter.rules import Plan
from skillrouter.skill import Skill

__all__ = [
    "evaluator_node",
    "executor_node",
    "make_router_node",
    "memory_updater_node",
    "router_node",
    "skill_extractor_node",
]

# ---------------------------------------------------------------- Router


def last_human(messages: Sequence[AnyMessage]) -> HumanMessage | None:
    return next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)


def earlier_messages(messages: Sequence[AnyMessage], answered: str | AnyMessage | None) -> list[AnyMessage]:
    """The conversation before the message a run answers (given by its id, or as the message
    itself when it may have none; all of the conversation when that message is not in
    ``messages`` yet): the context a route reads its earlier user turns from."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if answered is not None and (m is answered or (isinstance(answered, str) and m.id == answered)):
            return list(messages[:i])
    return list(messages)


def resolve_task(state: AgentState) -> tuple[str, HumanMessage | None, str | None]:
    """(task, a human message to add or None, id of the human message this run answers).

    ``task`` wins when this invoke set it (it differs from the task the thread last
    handled); otherwise a human message the thread has not handled yet gives the task; a
    repeated ``task`` with no new message runs again. On a fresh thread both are new.
    """
    human = last_human(state.get("messages") or [])
    fresh = human is not None and human.id != state.get("handled_message_id")
    task = (state.get("task") or "").strip()
    new_task = bool(task) and task != (state.get("handled_task") or "")
    if fresh and human is not None:
        if new_task:
            return task, None, human.id
        text = message_text(human).strip()
        if text:
            return text, None, human.id
    if task:
        message = HumanMessage(content=task, id=str(uuid.uuid4()))
        return task, message, message.id
    raise ValueError("the agent needs a task: pass {'task': ...} or a human message in 'messages'")


def route_update(route: Route) -> dict[str, Any]:
    """The state fields a route sets."""
    return {
        "matched_skill": route.matched.name if route.matched else None,
        "task_type": route.matched.task_type if route.matched else None,
        "route_candidates": [c.to_dict() for c in route.candidates],
        "route_reason": route.reason,
    }


def make_router_node(
    router: Router | SkillLibrary, *, k: int = DEFAULT_K
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A LangGraph node that routes ``state["task"]`` (or the last human message) to a skill,
    with the earlier human messages of ``state["messages"]`` as its conversation (a follow-up
    such as "and for staging?" is routed with them: :mod:`skillrouter.routing.conversation`).

    It writes ``matched_skill`` (name or None), ``task_type``, ``route_candidates`` and
    ``route_reason``; keys your state does not declare are dropped by LangGraph. Pass the
    :class:`~skillrouter.SkillLibrary` to keep its index synced with the store on each route,
    or a bare :class:`~skillrouter.Router` over an index you keep in step yourself.
    """

    def route_fn(task: str, context: list[AnyMessage]) -> Route:
        if isinstance(router, SkillLibrary):
            return router.route(task, k=k, context=context)
        return route_in_conversation(router, [task], [context], k)[0]

    def router_node(state: dict[str, Any]) -> dict[str, Any]:
        messages = state.get("messages") or []
        task = (state.get("task") or "").strip()
        human = last_human(messages)
        if not task:
            task = message_text(human).strip() if human is not None else ""
        if human is not None and message_text(human).strip() == task:  # the task is that message
            context = earlier_messages(messages, human)
        else:
            context = list(messages)
        if not task:
            raise ValueError("the router node needs state['task'] or a human message")
        return route_update(route_fn(task, context))

    return router_node


def router_node(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """Resolve the task, route it with the quality-weighted vector router, freeze the memory."""
    task, message, message_id = resolve_task(state)
    context = earlier_messages(state.get("messages") or [], message_id)
    route = deps.library.route(task, k=deps.config.route_k, context=context)
    update = (
        run_defaults()
        | route_update(route)
        | {
            "task": task,
            "memory_snapshot": deps.memory.snapshot().render(),
            "task_count": deps.task_count(),
            "handled_task": task,
            "handled_message_id": message_id,
        }
    )
    if message is not None:
        update["messages"] = [message]
    return update


# ---------------------------------------------------------------- Executor


def _load(library: SkillLibrary, name: str | None) -> Skill | None:
    if not name:
        return None
    try:
        return library.get(name)
    except (SkillNotFoundError, SkillFormatError):
        return None


def executor_node(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """Do the task with the frozen memory and the matched skill's guidance in the system prompt."""
    skill = _load(deps.library, state.get("matched_skill"))
    system = SystemMessage(prompts.executor_system(state.get("memory_snapshot", ""), skill))
    history = [m for m in state.get("messages") or [] if not isinstance(m, SystemMessage)]
    reply = deps.llm.invoke([system, *history])
    steps, result = parse_execution(message_text(reply))
    update: dict[str, Any] = {"messages": [reply], "execution_steps": steps, "result": result}
    if skill is None and state.get("matched_skill"):
        update["matched_skill"] = None  # gone since routing: the run had no guidance
    return update


# ---------------------------------------------------------------- Evaluator


def evaluate(
    deps: AgentDeps, task: str, steps: Sequence[str], result: str, skill: Skill | None
) -> Evaluation:
    """LLM-as-judge; :class:`EvaluationError` when its answer cannot be read."""
    try:
        return ask(
            deps.llm,
            prompts.evaluate_messages(task, steps, result, skill),
            Evaluation,
            deps.config.structured_output,
        )
    except UnreadableAnswer as err:
        raise EvaluationError(str(err)) from None


def run_of(state: AgentState) -> Run | None:
    """The scored run in ``state``, as the learner takes it (None: unscored)."""
    score = state.get("evaluation_score")
    if score is None:
        return None
    return Run(
        task=state["task"],
        score=score,
        steps=len(state.get("execution_steps") or []),
        matched=state.get("matched_skill"),
        fits=state.get("skill_fits") is not False,
        lessons=tuple(state.get("lessons") or ()),
        candidates=tuple(state.get("route_candidates") or ()),
    )


def learner_for(state: AgentState, deps: AgentDeps) -> Learner:
    """The learner of this run: the library, the run's LLM judges, the loop's rules."""
    return Learner(
        deps.library, LLMJudges(deps.llm, dict(state), deps.config.structured_output), deps.config.rules
    )


def plan_for(state: AgentState, deps: AgentDeps) -> Plan | None:
    """What the rule book says to learn from the scored run in ``state`` (None: unscored).
    Called before the run's outcome is recorded: the rule book weighs the run against the
    skill's record as it stood before it."""
    run = run_of(state)
    return None if run is None else learner_for(state, deps).plan(run)


def evaluator_node(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """Score the run and judge whether the skill fitted it, count the task, log the episode,
    and decide whether the run is due to become a skill.

    An unreadable evaluation leaves ``evaluation_score`` None: nothing is learned from the run.
    """
    task, steps, result = state["task"], state.get("execution_steps") or [], state.get("result", "")
    matched = state.get("matched_skill")
    update: dict[str, Any] = {}
    score: float | None = None
    try:
        evaluation = evaluate(deps, task, steps, result, _load(deps.library, matched))
    except EvaluationError as err:
        update["evaluation_error"] = str(err)
    else:
        score = evaluation.score
        update |= {"evaluation_reasoning": evaluation.reasoning, "lessons": list(evaluation.lessons)}
        if matched:
            update |= {"skill_fits": evaluation.fits, "fit_reasoning": evaluation.fit_reasoning}
    count = deps.library.increment(TASK_COUNTER)
    plan = plan_for({**state, **update, "evaluation_score": score}, deps)  # type: ignore[typeddict-item]
    update |= {
        "evaluation_score": score,
        "should_create_skill": plan is not None and plan.create,
        "task_count": count,
        "should_update_memory": count % deps.config.nudge_interval == 0,
        "episode_id": deps.episodes.record(task, result, score, skill=matched),
    }
    return update


# ---------------------------------------------------------------- Skill Extractor


def skill_extractor_node(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """Learn from a scored run as the learner does for every loop
    (:meth:`skillrouter.learning.Learner.learn`): update the skill that fitted, or keep the
    task as a misfit of the one that did not; and turn a good run that no fitting skill guided
    into a skill. The LLM plays the judges (:class:`~skillrouter.agent.judges.LLMJudges`)."""
    run = run_of(state)
    if run is None:
        return {}
    return learned_update(learner_for(state, deps).learn(run))


def learned_update(learned: Learned) -> dict[str, Any]:
    """The state fields a learning step sets."""
    update: dict[str, Any] = {}
    if learned.misfit:
        update["misfit_skill"] = learned.misfit
    if learned.updated:
        update |= {"updated_skill": learned.updated, "skill_version": learned.version}
    if learned.retired:
        update["retired_skill"] = learned.retired
    if learned.folded:
        update |= {"folded_skill": learned.folded, "folded_into": learned.folded_into}
    if learned.created:
        update |= {
            "created_skill": learned.created,
            "skill_version": learned.version,
            "task_type": learned.task_type,
        }
    if learned.errors:
        update["skill_error"] = "; ".join(learned.errors)
    return update


# ---------------------------------------------------------------- Memory Updater


def _fits(memory: AgentMemory, answer: MemoryConsolidation) -> tuple[list[str], list[str]]:
    """The answer's entries, checked against both limits before either file is touched."""
    entries = ([e for e in answer.memory if e.strip()], [e for e in answer.user if e.strip()])
    with tempfile.TemporaryDirectory() as tmp:
        trial = AgentMemory(tmp, memory.memory.limit, memory.user.limit)
        trial.memory.set_entries(entries[0])
        trial.user.set_entries(entries[1])
    return entries


def consolidate(deps: AgentDeps, attempts: int = 2) -> None:
    """Let the LLM rewrite MEMORY.md and USER.md from their entries and the recent episodes.

    An answer that cannot be read, or that does not fit the limits, is sent back once with
    the reason; if it fails again the files stay as they were and the error is raised.
    """
    memory = deps.memory
    recent = deps.episodes.recent(deps.config.nudge_interval)
    problem: str | None = None
    for attempt in range(attempts):
        messages = prompts.consolidate_messages(
            memory.memory.entries(),
            memory.memory.limit,
            memory.user.entries(),
            memory.user.limit,
            recent,
            problem,
        )
        try:
            answer = ask(deps.llm, messages, MemoryConsolidation, deps.config.structured_output)
            new_memory, new_user = _fits(memory, answer)
        except (UnreadableAnswer, MemoryLimitError, MemoryEntryError) as err:
            if attempt == attempts - 1:
                raise
            problem = str(err)
            continue
        memory.memory.set_entries(new_memory)
        memory.user.set_entries(new_user)
        return


def memory_updater_node(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """The nudge: every ``nudge_interval`` tasks, consolidate the hot memory within its limits."""
    try:
        consolidate(deps)
    except (UnreadableAnswer, MemoryLimitError, MemoryEntryError) as err:
        return {"nudge_ran": False, "memory_error": f"memory consolidation failed, memory unchanged: {err}"}
    return {"nudge_ran": True}
