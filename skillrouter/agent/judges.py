"""The agent's judges: its LLM, asked with the prompts of :mod:`skillrouter.agent.prompts`.

:class:`LLMJudges` plays the :class:`~skillrouter.learning.Judges` of one run (it holds the
run's state: the steps, the result and the evaluator's reasoning that the prompts show). An
answer that cannot be read, or that makes no valid skill, is a
:class:`~skillrouter.errors.JudgeError`, which the learner reports as the run's
``skill_error``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypeVar

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage
from pydantic import BaseModel

from skillrouter.agent import prompts
from skillrouter.agent.prompts import SkillDraft, SkillRevision
from skillrouter.errors import JudgeError, SkillFormatError
from skillrouter.learning import Judgement, Run
from skillrouter.llm import StructuredOutput, UnreadableAnswer, ask
from skillrouter.skill import DESCRIPTION_MAX, DISPLAY_NAME, Skill, slugify

__all__ = ["LLMJudges", "apply_revision", "skill_from_draft", "skill_name"]

M = TypeVar("M", bound=BaseModel)


class LLMJudges:
    """The judges of one agent run (see the module docstring)."""

    def __init__(self, llm: BaseChatModel, state: dict[str, Any], mode: StructuredOutput = "auto") -> None:
        self.llm = llm
        self.state = state
        self.mode = mode

    def _ask(self, messages: Sequence[BaseMessage], schema: type[M]) -> M:
        try:
            return ask(self.llm, messages, schema, self.mode)
        except UnreadableAnswer as err:
            raise JudgeError(str(err)) from None

    def revise(self, skill: Skill, run: Run) -> Judgement:
        state = self.state
        messages = prompts.revise_messages(
            skill,
            run.task,
            state.get("execution_steps") or [],
            state.get("result", ""),
            run.score,
            state.get("evaluation_reasoning", ""),
            list(run.lessons),
        )
        revision = self._ask(messages, SkillRevision)
        return Judgement(skill=_applied(skill, revision), reason=revision.reason)

    def draft(self, run: Run) -> Skill:
        state = self.state
        messages = prompts.extract_messages(
            run.task,
            state.get("execution_steps") or [],
            state.get("result", ""),
            run.score,
            state.get("evaluation_reasoning", ""),
        )
        draft = self._ask(messages, SkillDraft)
        # the routed skill's task type, if any, is a misfit's: it says nothing about this task
        hint = None if run.matched else state.get("task_type")
        try:
            return skill_from_draft(draft, skill_name(draft), hint)
        except SkillFormatError as err:
            raise JudgeError(str(err)) from None

    def merge(self, existing: Skill, draft: Skill, run: Run, similarity: float, offer: int) -> Judgement:
        revision = self._ask(prompts.merge_messages(existing, draft, run.task, similarity), SkillRevision)
        return Judgement(same=revision.same_skill, skill=_applied(existing, revision), reason=revision.reason)

    def fold(self, kept: Skill, folded: Skill, run: Run, similarity: float, offer: int) -> Judgement:
        revision = self._ask(prompts.fold_messages(kept, folded, run.task, similarity), SkillRevision)
        return Judgement(same=revision.same_skill, skill=_applied(kept, revision), reason=revision.reason)


def _applied(skill: Skill, revision: SkillRevision) -> Skill:
    try:
        return apply_revision(skill, revision)
    except SkillFormatError as err:
        raise JudgeError(str(err)) from None


def apply_revision(skill: Skill, revision: SkillRevision) -> Skill:
    """``skill`` with the revision's sections, and its description if it gave a new one."""
    revised = skill.with_sections(
        procedure=revision.procedure, pitfalls=revision.pitfalls, verification=revision.verification
    )
    if revision.description and revision.description.strip() != skill.description:
        revised = replace(revised, description=revision.description.strip()[:DESCRIPTION_MAX])
    return revised


def skill_name(draft: SkillDraft) -> str:
    """A valid skill name from whatever the LLM proposed (or from its description)."""
    first_sentence = re.split(r"[.!?\n]", draft.description.strip(), maxsplit=1)[0]
    name = slugify(draft.name) or slugify(" ".join(first_sentence.split()[:6]))
    return name or "skill-" + hashlib.sha256(draft.description.encode()).hexdigest()[:8]


def skill_from_draft(draft: SkillDraft, name: str, task_type: str | None) -> Skill:
    """The draft as a skill named ``name``; a proposed name in another script ("写周报") is kept
    as its display name (``metadata.display_name``, as an import keeps one:
    :func:`~skillrouter.skill.ascii_name`)."""
    proposed = " ".join(draft.name.split())
    foreign = any(ch.isalnum() and not ch.isascii() for ch in proposed)
    return Skill.create(
        name,
        " ".join(draft.description.split())[:DESCRIPTION_MAX],
        task_type=(draft.task_type or task_type or "general").strip(),
        procedure=draft.procedure,
        pitfalls=draft.pitfalls,
        verification=draft.verification,
        tags=draft.tags,
        source="agent",
        metadata={DISPLAY_NAME: proposed} if foreign and proposed != name else {},
    )
