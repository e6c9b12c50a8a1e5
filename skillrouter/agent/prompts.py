"""What the agent asks its LLM, and the shapes of the answers it expects.

Every prompt opens with a title line (``# Evaluate a finished task``, ...) naming its kind;
:func:`kind_of` reads it back (the scripted test models answer by kind). Structured answers
are Pydantic models: models with tool calling get them through ``with_structured_output``,
others get the same JSON shape spelled out in the prompt and are parsed from text (see
``parsing``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Literal

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field, field_validator, model_validator

from skillrouter.agent.episodes import Episode
from skillrouter.skill import Skill
from skillrouter.skillmd import render_skill_md

Kind = Literal["execute", "evaluate", "extract", "revise", "merge", "fold", "consolidate"]

TITLES: dict[str, Kind] = {
    "# Do the task": "execute",
    "# Evaluate a finished task": "evaluate",
    "# Extract a reusable skill": "extract",
    "# Revise a skill": "revise",
    "# Merge a run into an existing skill": "merge",
    "# Fold two skills into one": "fold",
    "# Consolidate memory": "consolidate",
}
_TITLE_OF = {kind: title for title, kind in TITLES.items()}
_CLIP = 4000


def kind_of(messages: Sequence[BaseMessage]) -> Kind:
    """Which prompt these messages are (by the title line of the system message)."""
    for message in messages:
        if isinstance(message, SystemMessage):
            first = message.text.lstrip().split("\n", 1)[0].strip()
            return TITLES.get(first, "execute")
    return "execute"


def task_in(text: str) -> str | None:
    """The task written in a prompt's ``## Task`` section, or None."""
    match = re.search(r"^## Task\n(.*?)(?=\n## |\Z)", text, re.DOTALL | re.MULTILINE)
    return match.group(1).strip() if match else None


def _clip(text: str, limit: int = _CLIP) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _lines(items: Sequence[str], numbered: bool = False) -> str:
    if not items:
        return "(none)"
    return "\n".join(f"{i}. {s}" if numbered else f"- {s}" for i, s in enumerate(items, 1))


def _as_list(value: Any) -> Any:
    """A section given as one string becomes its non-empty lines without list markers."""
    if isinstance(value, str):
        lines = (re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", line).strip() for line in value.splitlines())
        return [line for line in lines if line]
    return value


# ---------------------------------------------------------------- answer shapes


class Evaluation(BaseModel):
    """Judge a finished task: correctness, completeness and efficiency, each 1-10, an overall
    score 1-10, short reasoning, and lessons the next run of this kind should know; and, when a
    skill guided the run, whether that skill fitted the task at all (a misfit is a routing
    miss, not the skill's failure: see ``skillrouter.rules``)."""

    correctness: float | None = Field(None, ge=1, le=10, description="Is the result right? 1-10")
    completeness: float | None = Field(None, ge=1, le=10, description="Does it do all the task asked? 1-10")
    efficiency: float | None = Field(None, ge=1, le=10, description="Were the steps direct? 1-10")
    score: float = Field(ge=1, le=10, description="Overall score 1-10")
    reasoning: str = Field("", description="One or two sentences")
    lessons: list[str] = Field(
        default_factory=list, description="Pitfalls hit or steps the guidance missed; empty if none"
    )
    fits: bool = Field(
        True,
        description="Was the guidance's skill meant for this kind of task? false if it was "
        "the wrong skill for the task (however the run went); true if it fitted, "
        "even when its method failed, and when no guidance was used",
    )
    fit_reasoning: str = Field("", description="One sentence: why the skill fitted the task or not")

    @model_validator(mode="before")
    @classmethod
    def _score_from_criteria(cls, data: Any) -> Any:
        """An answer with the three criteria but no overall score gets their mean."""
        if isinstance(data, dict) and data.get("score") is None:
            parts = [data.get(k) for k in ("correctness", "completeness", "efficiency")]
            if all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in parts):
                data = {**data, "score": round(sum(parts) / 3, 2)}  # type: ignore[arg-type]
        return data

    @field_validator("lessons", mode="before")
    @classmethod
    def _lessons(cls, value: Any) -> Any:
        return [] if value is None else _as_list(value)

    @classmethod
    def from_text(cls, text: str) -> dict[str, Any] | None:
        """An answer in prose (no JSON): a labelled score (``Score: 8/10``), with a labelled fit
        judgement (``Fits: no``) if there is one; None without a score (see
        :func:`skillrouter.llm.parse_answer`)."""
        match = _SCORE.search(text)
        if match is None:
            return None
        fit = _FITS.search(text)
        fits = {} if fit is None else {"fits": fit.group(1).lower() in ("yes", "true")}
        return {"score": float(match.group(1)), "reasoning": text.strip()[:500]} | fits


_SCORE = re.compile(
    r"\b(?:overall\s+score|overall|score)\b\s*(?:is|=|:)?\s*\**\s*(\d+(?:\.\d+)?)\s*(?:/\s*10)?",
    re.IGNORECASE,
)
_FITS = re.compile(
    r"\b(?:skill\s+)?fits?\b\s*(?:the\s+task)?\s*\**\s*(?:is|=|:)\s*\**\s*(yes|no|true|false)\b",
    re.IGNORECASE,
)


class SkillDraft(BaseModel):
    """A reusable skill distilled from a successful run."""

    name: str = Field(description="Short kebab-case name, e.g. convert-csv-to-json")
    description: str = Field(description="What the skill does and when to use it (one or two sentences)")
    task_type: str = Field("general", description="A short category, e.g. data-conversion")
    tags: list[str] = Field(default_factory=list, description="A few keywords")
    procedure: list[str] = Field(min_length=1, description="The steps, in order")
    pitfalls: list[str] = Field(default_factory=list, description="Mistakes to avoid")
    verification: list[str] = Field(default_factory=list, description="How to check the result")

    @field_validator("procedure", "pitfalls", "verification", "tags", mode="before")
    @classmethod
    def _sections(cls, value: Any) -> Any:
        return [] if value is None else _as_list(value)


class SkillRevision(BaseModel):
    """A skill rewritten to cover what a new run showed (or, merging, whether it is the same skill)."""

    same_skill: bool = Field(True, description="Merging only: false if the run is a different kind of task")
    description: str | None = Field(None, description="New description, or null to keep it")
    procedure: list[str] = Field(min_length=1, description="The steps, in order")
    pitfalls: list[str] = Field(default_factory=list, description="Mistakes to avoid")
    verification: list[str] = Field(default_factory=list, description="How to check the result")
    reason: str = Field("", description="One line: what changed and why")

    @field_validator("procedure", "pitfalls", "verification", mode="before")
    @classmethod
    def _sections(cls, value: Any) -> Any:
        return [] if value is None else _as_list(value)


class MemoryConsolidation(BaseModel):
    """The agent's two memory files rewritten: duplicates merged, stale entries dropped,
    durable lessons added, each file within its character limit."""

    memory: list[str] = Field(description="Entries of MEMORY.md (the agent's notes about its work)")
    user: list[str] = Field(description="Entries of USER.md (the user's preferences and style)")

    @field_validator("memory", "user", mode="before")
    @classmethod
    def _entries(cls, value: Any) -> Any:
        return [] if value is None else _as_list(value)


def _shape(example: dict[str, Any]) -> str:
    return "Answer with one JSON object and nothing else, shaped like:\n" + json.dumps(example, indent=1)


# ---------------------------------------------------------------- executor


def skill_guidance(skill: Skill) -> str:
    """A skill's procedure, pitfalls and verification as guidance for the executor."""
    parts = [
        f"## Guidance: the skill `{skill.name}` (version {skill.version})",
        "",
        skill.description,
        "",
        (
            "Follow it where it fits this task; where the task needs something else, deviate and say "
            "why in your steps."
        ),
    ]
    for title, text in (
        ("Procedure", skill.procedure),
        ("Pitfalls", skill.pitfalls),
        ("Verification", skill.verification),
    ):
        if text:
            parts += ["", f"### {title}", text]
    return "\n".join(parts)


def executor_system(memory_snapshot: str, skill: Skill | None) -> str:
    parts = [
        _TITLE_OF["execute"],
        "",
        "You are a capable assistant. Work through the user's task, then reply in exactly this format:",
        "",
        "STEPS:",
        "1. <a step you took>",
        "2. <the next step>",
        "RESULT:",
        "<the final answer or deliverable>",
    ]
    if memory_snapshot.strip():
        parts += ["", "# What you remember (frozen at the start of this task)", "", memory_snapshot.strip()]
    if skill is not None:
        parts += ["", skill_guidance(skill)]
    return "\n".join(parts)


# ---------------------------------------------------------------- evaluator


def evaluate_messages(task: str, steps: Sequence[str], result: str, skill: Skill | None) -> list[BaseMessage]:
    system = "\n".join(
        [
            _TITLE_OF["evaluate"],
            "",
            "You are a strict reviewer. Score the run below from 1 (useless) to 10 (flawless) on",
            "- correctness: is the result right?",
            "- completeness: does it do everything the task asked?",
            "- efficiency: were the steps direct, without waste?",
            (
                "Then give an overall score (1-10), one or two sentences of reasoning, and lessons: pitfalls "
                "the run hit or steps the guidance missed that the next run of this kind should know "
                "(an empty list if none)."
            ),
            (
                "If a skill's guidance was used, judge apart from the score whether that skill fits this "
                "task: "
                "fits is false when the skill is meant for another kind of task (it was the wrong skill, "
                "however the run went), true when it is the right kind of skill, even if its method failed "
                "here. Say why in fit_reasoning. Without guidance, fits is true."
            ),
            "",
            _shape(
                {
                    "correctness": 8,
                    "completeness": 7,
                    "efficiency": 9,
                    "score": 8,
                    "reasoning": "...",
                    "lessons": [],
                    "fits": True,
                    "fit_reasoning": "...",
                }
            ),
        ]
    )
    guidance = f"`{skill.name}`:\n{skill.procedure}" if skill is not None else "(none)"
    human = "\n\n".join(
        [
            f"## Task\n{task}",
            f"## Guidance used\n{guidance}",
            f"## Steps taken\n{_lines(steps, numbered=True)}",
            f"## Result\n{_clip(result, 12000)}",
        ]
    )
    return [SystemMessage(system), HumanMessage(human)]


# ---------------------------------------------------------------- skills


def _run_block(
    task: str,
    steps: Sequence[str],
    result: str,
    score: float | None,
    reasoning: str,
    lessons: Sequence[str] = (),
) -> str:
    parts = [
        f"## Task\n{task}",
        f"## Steps taken\n{_lines(steps, numbered=True)}",
        f"## Result\n{_clip(result)}",
    ]
    if score is not None:
        parts.append(f"## Evaluation\nscore {score:g}/10. {reasoning}".rstrip())
    if lessons:
        parts.append(f"## Lessons\n{_lines(lessons)}")
    return "\n\n".join(parts)


_SKILL_SHAPE = {
    "name": "convert-csv-to-json",
    "description": "Convert a CSV file to JSON records. Use when a task asks to ...",
    "task_type": "data-conversion",
    "tags": ["csv", "json"],
    "procedure": ["...", "..."],
    "pitfalls": ["..."],
    "verification": ["..."],
}
_REVISION_SHAPE = {
    "same_skill": True,
    "description": None,
    "procedure": ["...", "..."],
    "pitfalls": ["..."],
    "verification": ["..."],
    "reason": "added the pitfall about ...",
}


def extract_messages(
    task: str, steps: Sequence[str], result: str, score: float, reasoning: str
) -> list[BaseMessage]:
    system = "\n".join(
        [
            _TITLE_OF["extract"],
            "",
            (
                "The run below went well. Distil it into a reusable skill for tasks of the same kind (not "
                "just this one task): a short kebab-case name; a description that says what the skill does "
                "and when to use it; a task_type; a few tags; the procedure as ordered steps; pitfalls; and "
                "how to verify the result. Leave out details that only fit this one task."
            ),
            "",
            _shape(_SKILL_SHAPE),
        ]
    )
    return [SystemMessage(system), HumanMessage(_run_block(task, steps, result, score, reasoning))]


def revise_messages(
    skill: Skill,
    task: str,
    steps: Sequence[str],
    result: str,
    score: float,
    reasoning: str,
    lessons: Sequence[str],
) -> list[BaseMessage]:
    system = "\n".join(
        [
            _TITLE_OF["revise"],
            "",
            (
                "The skill below guided the run that follows, and the run showed something the skill misses "
                "(a low score, or a lesson). Rewrite the procedure, pitfalls and verification so the next "
                "run "
                "of this kind avoids it. Keep what worked; change only what the run shows. Give the "
                "description only if it must change (else null), and one line of reason."
            ),
            "",
            _shape({k: v for k, v in _REVISION_SHAPE.items() if k != "same_skill"}),
        ]
    )
    human = (
        f"## Skill\n{render_skill_md(skill)}\n\n{_run_block(task, steps, result, score, reasoning, lessons)}"
    )
    return [SystemMessage(system), HumanMessage(human)]


def merge_messages(existing: Skill, draft: Skill, task: str, similarity: float) -> list[BaseMessage]:
    system = "\n".join(
        [
            _TITLE_OF["merge"],
            "",
            (
                f"A new skill was just drafted from a successful run, and an existing skill looks like a "
                f"near-duplicate (similarity {similarity:.2f}). If both serve the same kind of task, merge "
                "the draft into the existing skill: keep its procedure, add what the draft knows that it "
                "does not, and answer same_skill true. If they are different kinds of task (for example "
                "the same tools in the opposite direction), answer same_skill false and repeat the existing "
                "sections unchanged."
            ),
            "",
            _shape(_REVISION_SHAPE),
        ]
    )
    human = (
        f"## Task\n{task}\n\n## Existing skill\n{render_skill_md(existing)}\n\n"
        f"## Draft\n{render_skill_md(draft)}"
    )
    return [SystemMessage(system), HumanMessage(human)]


def fold_messages(kept: Skill, folded: Skill, task: str, similarity: float) -> list[BaseMessage]:
    system = "\n".join(
        [
            _TITLE_OF["fold"],
            "",
            (
                f"Two skills of the library were both found relevant to the task below, which one of them "
                "served well, and the tasks each has served lie close together (similarity "
                f"{similarity:.2f}). "
                "If they serve the same kind of task, fold the second into the first: keep the first's "
                "procedure, add what the second knows that it does not, and answer same_skill true; the "
                "second is then retired. If they are different kinds of task, answer same_skill false and "
                "repeat the first's sections unchanged; you will not be asked about this pair again."
            ),
            "",
            _shape(_REVISION_SHAPE),
        ]
    )
    human = (
        f"## Task\n{task}\n\n## Skill kept\n{render_skill_md(kept)}\n\n"
        f"## Skill to fold in\n{render_skill_md(folded)}"
    )
    return [SystemMessage(system), HumanMessage(human)]


# ---------------------------------------------------------------- memory


def consolidate_messages(
    memory_entries: Sequence[str],
    memory_limit: int,
    user_entries: Sequence[str],
    user_limit: int,
    episodes: Sequence[Episode],
    problem: str | None = None,
) -> list[BaseMessage]:
    system = "\n".join(
        [
            _TITLE_OF["consolidate"],
            "",
            (
                "Rewrite your two memory files. MEMORY.md holds what you keep about your work (facts of "
                "the environment, conventions, durable lessons); USER.md holds the user's preferences and "
                "style. Merge duplicates, drop stale or one-off entries, and add durable lessons from the "
                "recent tasks. Keep each entry short. Procedures belong in skills, not here."
            ),
            (
                f"Limits: MEMORY.md {memory_limit} characters, USER.md {user_limit} characters "
                "(each entry costs its length plus 3)."
            ),
            "",
            _shape({"memory": ["..."], "user": ["..."]}),
        ]
    )
    recent = (
        "\n".join(
            f"- [{'unscored' if e.score is None else f'{e.score:g}/10'}"
            f"{', skill ' + e.skill if e.skill else ''}] {_clip(e.task, 300)} -> {_clip(e.result, 300)}"
            for e in episodes
        )
        or "(none)"
    )
    human = "\n\n".join(
        [
            f"## MEMORY.md (limit {memory_limit})\n{_lines(memory_entries)}",
            f"## USER.md (limit {user_limit})\n{_lines(user_entries)}",
            f"## Recent tasks\n{recent}",
        ]
    )
    if problem:
        human += f"\n\n## Your last answer was refused\n{problem}"
    return [SystemMessage(system), HumanMessage(human)]
