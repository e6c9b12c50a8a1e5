"""The five nodes of the loop, as plain functions of the state and their dependencies.

    router -> executor -> evaluator -> skill_extractor -> memory_updater

Each returns the fields it changes. ``graph.py`` binds the dependencies and wires them.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from langchain_core.messages import AnyMessage, HumanMessage, SystemMessage

from skillrouter import rules
from skillrouter.agent import prompts
from skillrouter.agent.memory import AgentMemory, MemoryEntryError
from skillrouter.agent.parsing import parse_execution
from skillrouter.agent.prompts import Evaluation, MemoryConsolidation, SkillDraft, SkillRevision
from skillrouter.agent.runtime import TASK_COUNTER, AgentDeps
from skillrouter.agent.state import AgentState, run_defaults
from skillrouter.errors import EvaluationError, MemoryLimitError, SkillFormatError, SkillNotFoundError
from skillrouter.library import SkillLibrary
from skillrouter.llm import UnreadableAnswer, ask, message_text
from skillrouter.routing.router import DEFAULT_K, Route, Router
from skillrouter.security.gate import AGENT_CREATED, agent_refusal
from skillrouter.skill import DESCRIPTION_MAX, Skill, free_name, slugify

# ---------------------------------------------------------------- Router


def last_human(messages: Sequence[AnyMessage]) -> HumanMessage | None:
    return next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)


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


def make_router_node(router: Router | SkillLibrary, *, k: int = DEFAULT_K) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A LangGraph node that routes ``state["task"]`` (or the last human message) to a skill.

    It writes ``matched_skill`` (name or None), ``task_type``, ``route_candidates`` and
    ``route_reason``; keys your state does not declare are dropped by LangGraph. Pass the
    :class:`~skillrouter.SkillLibrary` to keep its index synced with the store on each route,
    or a bare :class:`~skillrouter.Router` over an index you keep in step yourself.
    """
    route_fn = router.route

    def router_node(state: dict[str, Any]) -> dict[str, Any]:
        task = (state.get("task") or "").strip()
        if not task:
            human = last_human(state.get("messages") or [])
            task = message_text(human).strip() if human is not None else ""
        if not task:
            raise ValueError("the router node needs state['task'] or a human message")
        return route_update(route_fn(task, k=k))

    return router_node


def router_node(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """Resolve the task, route it with the quality-weighted vector router, freeze the memory."""
    task, message, message_id = resolve_task(state)
    route = deps.library.route(task, k=deps.config.route_k)
    update = run_defaults() | route_update(route) | {
        "task": task,
        "memory_snapshot": deps.memory.snapshot().render(),
        "task_count": deps.task_count(),
        "handled_task": task,
        "handled_message_id": message_id,
    }
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


def evaluate(deps: AgentDeps, task: str, steps: Sequence[str], result: str, skill: Skill | None) -> Evaluation:
    """LLM-as-judge; :class:`EvaluationError` when its answer cannot be read."""
    try:
        return ask(deps.llm, prompts.evaluate_messages(task, steps, result, skill), Evaluation,
                   deps.config.structured_output)
    except UnreadableAnswer as err:
        raise EvaluationError(str(err)) from None


def plan_for(state: AgentState, deps: AgentDeps) -> rules.Plan | None:
    """What the rule book says to learn from the scored run in ``state`` (None: unscored).
    Called before the run's outcome is recorded: the rule book weighs the run against the
    skill's record as it stood before it."""
    score = state.get("evaluation_score")
    if score is None:
        return None
    matched = state.get("matched_skill")
    record = deps.library.store.outcome(matched) if matched else None
    return rules.plan(matched, score, fits=state.get("skill_fits") is not False,
                      steps=len(state.get("execution_steps") or []), lessons=bool(state.get("lessons")),
                      use_count=record.use_count if record else 0, avg_score=record.avg_score if record else None,
                      rules=deps.config.rules)


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
    count = deps.library.store.increment(TASK_COUNTER)
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
    """Learn from a scored run, as the rule book plans (:func:`skillrouter.rules.plan`): update
    the skill that fitted, or keep the task as a misfit of the one that did not; and turn a
    good run that no fitting skill guided into a skill."""
    plan = plan_for(state, deps)
    if plan is None:
        return {}
    update: dict[str, Any] = {}
    if plan.record_outcome:
        update |= learn_from_reuse(state, deps, plan)
    elif plan.record_misfit:
        update |= record_misfit(state, deps)
    if plan.create:
        created = learn_new_skill(state, deps)
        errors = [e for e in (update.get("skill_error"), created.get("skill_error")) if e]
        update |= created
        if errors:
            update["skill_error"] = "; ".join(errors)
    return update


def record_misfit(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """The routed skill did not fit: a routing miss. Keep the task as its misfit; its record,
    its text and its status stay as they are."""
    name = state["matched_skill"]
    assert name is not None
    try:
        deps.library.record_misfit(name, state["task"])
    except SkillNotFoundError:
        return {"skill_error": f"skill {name!r} was removed during the run; nothing recorded"}
    return {"misfit_skill": name}


def learn_from_reuse(state: AgentState, deps: AgentDeps, plan: rules.Plan) -> dict[str, Any]:
    """A skill that fitted: record the outcome (a good score keeps the task as a routing
    example), revise the skill when the run shows what it missed, and retire it when its record
    stays bad."""
    cfg, store = deps.config, deps.library.store
    name, score = state["matched_skill"], state["evaluation_score"]
    assert name is not None and score is not None
    try:
        deps.library.record_outcome(name, score, task=state["task"] if plan.keep_example else None,
                                    example_min_score=cfg.skill_threshold)
    except SkillNotFoundError:
        return {"skill_error": f"skill {name!r} was removed during the run; nothing recorded"}
    update: dict[str, Any] = {}
    lessons = state.get("lessons") or []
    if plan.revise:
        skill = store.get(name)
        messages = prompts.revise_messages(skill, state["task"], state.get("execution_steps") or [],
                                           state.get("result", ""), score, state.get("evaluation_reasoning", ""),
                                           lessons)
        try:
            revision = ask(deps.llm, messages, SkillRevision, cfg.structured_output)
            revised = apply_revision(skill, revision)
        except (UnreadableAnswer, SkillFormatError) as err:
            update["skill_error"] = f"revision of {name!r} failed: {err}"
        else:
            findings = screen(revised)
            if findings:
                update["skill_error"] = (f"revision of {name!r} refused by the security scan: "
                                         f"{_findings_line(findings)}")
            elif (revised.body, revised.description) != (skill.body, skill.description):
                why = revision.reason.strip() or "the run showed what it missed"
                stored = store.update(revised, reason=f"revised after a run scored {score:g}: {why}"[:300],
                                      trust_level=AGENT_CREATED)
                update |= {"updated_skill": name, "skill_version": stored.version} | quarantined(deps, stored, skill)
    if maybe_retire(deps, name, score):
        update["retired_skill"] = name
    elif plan.keep_example and not plan.revise:
        update |= fold_duplicates(state, deps, name)
    return update


def fold_duplicates(state: AgentState, deps: AgentDeps, name: str) -> dict[str, Any]:
    """After a good fitted run of ``name``, ask the LLM about each skill the rule book offers
    to fold together with it (:func:`skillrouter.rules.fold_offers`), in turn. A pair it has
    judged the same skill ``fold_votes`` times, each after a different task, is folded into the
    better record (:func:`skillrouter.rules.fold_pair`), the kept skill rewritten with what the
    other knew; a pair judged two skills is never asked about again."""
    cfg, library = deps.config, deps.library
    store = library.store
    alternatives = rules.route_alternatives(state.get("route_candidates") or [], library.router.threshold, name)
    for other, similarity in rules.fold_offers(library, name, alternatives, cfg.rules):
        pair = rules.fold_pair(library, name, other)
        if pair is None:
            continue
        kept, folded = pair
        existing, leaving = store.get(kept), store.get(folded)
        try:
            revision = ask(deps.llm, prompts.fold_messages(existing, leaving, state["task"], similarity),
                           SkillRevision, cfg.structured_output)
            merged = apply_revision(existing, revision)
        except (UnreadableAnswer, SkillFormatError) as err:
            return {"skill_error": f"folding {folded!r} into {kept!r} failed: {err}"}
        if not rules.vote_fold(library, kept, folded, revision.same_skill, cfg.rules):
            continue  # two skills for good, or a yes that waits for another task's
        findings = screen(merged)
        if findings:
            return {"skill_error": f"folding {folded!r} into {kept!r} refused by the security scan: "
                                   f"{_findings_line(findings)}"}
        update: dict[str, Any] = {}
        if (merged.body, merged.description) != (existing.body, existing.description):
            why = revision.reason.strip() or "the two serve one kind of task"
            stored = store.update(merged, reason=f"folded in {folded!r} (similarity {similarity:.2f}): {why}"[:300],
                                  trust_level=AGENT_CREATED)
            update = {"updated_skill": kept, "skill_version": stored.version}
            if stored.status != "active":  # the rewrite was quarantined: nothing is folded into it
                return update | quarantined(deps, stored, existing)
        rules.accept_fold(library, kept, folded)
        return update | {"folded_skill": folded, "folded_into": kept}
    return {}


def maybe_retire(deps: AgentDeps, name: str, score: float) -> bool:
    """Retire ``name`` from routing when :func:`skillrouter.rules.should_retire` says so after
    this fitted run (its record holds fitted uses only; the router's prior judges it)."""
    store, router = deps.library.store, deps.library.router
    out = store.outcome(name)
    if not rules.should_retire(out.use_count, out.avg_score, score, rules=deps.config.rules,
                               prior_mean=router.prior_mean, prior_weight=router.prior_weight):
        return False
    if store.get(name).status != "active":
        return False
    deps.library.retire(name)
    return True


def screen(skill: Skill) -> list[dict[str, Any]]:
    """Security findings for which a skill the LLM wrote is refused (it may have copied hostile
    text from a task): the agent-created policy rejects a dangerous finding; a skill with only
    cautions is written and the store quarantines it (see :func:`quarantined`)."""
    return agent_refusal(skill)


def quarantined(deps: AgentDeps, stored: Skill, before: Skill | None = None) -> dict[str, Any]:
    """A ``skill_error`` when the store quarantined what the agent just wrote."""
    if stored.status != "quarantined" or (before is not None and before.status == "quarantined"):
        return {}
    return {"skill_error": f"{stored.name!r} quarantined: {_findings_line(deps.library.findings(stored.name))}"}


def _findings_line(findings: list[dict[str, Any]]) -> str:
    return "; ".join(f"{f['rule']} (line {f['line']})" for f in findings[:3])


def apply_revision(skill: Skill, revision: SkillRevision) -> Skill:
    revised = skill.with_sections(procedure=revision.procedure, pitfalls=revision.pitfalls,
                                  verification=revision.verification)
    if revision.description and revision.description.strip() != skill.description:
        revised = replace(revised, description=revision.description.strip()[:DESCRIPTION_MAX])
    return revised


def skill_name(draft: SkillDraft) -> str:
    """A valid skill name from whatever the LLM proposed (or from its description)."""
    first_sentence = re.split(r"[.!?\n]", draft.description.strip(), maxsplit=1)[0]
    name = slugify(draft.name) or slugify(" ".join(first_sentence.split()[:6]))
    return name or "skill-" + hashlib.sha256(draft.description.encode()).hexdigest()[:8]


def skill_from_draft(draft: SkillDraft, name: str, task_type: str | None) -> Skill:
    return Skill.create(name, " ".join(draft.description.split())[:DESCRIPTION_MAX],
                        task_type=(draft.task_type or task_type or "general").strip(),
                        procedure=draft.procedure, pitfalls=draft.pitfalls, verification=draft.verification,
                        tags=draft.tags, source="agent")


def learn_new_skill(state: AgentState, deps: AgentDeps) -> dict[str, Any]:
    """Extract a skill from a good run. The draft is offered as a merge to the skills
    :func:`skillrouter.rules.merge_offers` names (the skill judged a misfit, then the nearest
    active skills), one at a time; the first that the LLM judges the same skill takes it
    (:func:`skillrouter.rules.accept_merge`), otherwise it becomes a skill of its own."""
    cfg, library = deps.config, deps.library
    store = library.store
    task, score = state["task"], state["evaluation_score"]
    assert score is not None
    messages = prompts.extract_messages(task, state.get("execution_steps") or [], state.get("result", ""), score,
                                        state.get("evaluation_reasoning", ""))
    try:
        draft = ask(deps.llm, messages, SkillDraft, cfg.structured_output)
        # the routed skill's task type, if any, is a misfit's: it says nothing about this task
        skill = skill_from_draft(draft, skill_name(draft), None if state.get("matched_skill") else state.get("task_type"))
    except (UnreadableAnswer, SkillFormatError) as err:
        return {"skill_error": f"skill extraction failed: {err}"}
    misfit = state.get("matched_skill") if state.get("skill_fits") is False else None
    alternatives = rules.route_alternatives(state.get("route_candidates") or [], library.router.threshold,
                                            state.get("matched_skill"))
    for name, similarity in rules.merge_offers(library, skill.summary_text(), cfg.rules, misfit=misfit,
                                               alternatives=alternatives):
        existing = store.get(name)
        try:
            revision = ask(deps.llm, prompts.merge_messages(existing, skill, task, similarity), SkillRevision,
                           cfg.structured_output)
            merged = apply_revision(existing, revision)
        except (UnreadableAnswer, SkillFormatError) as err:
            return {"skill_error": f"merging into near-duplicate {name!r} failed: {err}"}
        if not revision.same_skill:
            continue  # the next offer, or a skill of its own
        findings = screen(merged)
        if findings:
            return {"skill_error": f"merge into {name!r} refused by the security scan: "
                                   f"{_findings_line(findings)}"}
        why = revision.reason.strip() or "folded in a new run"
        stored = store.update(merged, reason=f"merged near-duplicate draft {skill.name!r} "
                                             f"(similarity {similarity:.2f}): {why}"[:300], trust_level=AGENT_CREATED)
        rules.accept_merge(library, name, task, score, misfit=misfit, rules=cfg.rules)
        return {"updated_skill": name, "skill_version": stored.version} | quarantined(deps, stored, existing)
    skill = replace(skill, name=free_name(skill.name, library.store))
    findings = screen(skill)
    if findings:
        return {"skill_error": f"new skill {skill.name!r} refused by the security scan: {_findings_line(findings)}"}
    stored = store.add(skill, reason=f"extracted from a run scored {score:g}", trust_level=AGENT_CREATED)
    store.add_examples([(stored.name, task)], score=score)
    # a caution quarantines it: kept for review, never routed until 'skillrouter trust NAME'
    return {"created_skill": stored.name, "skill_version": stored.version,
            "task_type": stored.task_type} | quarantined(deps, stored)


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
        messages = prompts.consolidate_messages(memory.memory.entries(), memory.memory.limit, memory.user.entries(),
                                                memory.user.limit, recent, problem)
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
