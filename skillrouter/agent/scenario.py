"""Run the whole loop over a stream of tasks and summarise what the agent did and learned."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from langchain_core.runnables import RunnableConfig

from skillrouter.agent.runtime import SelfImprovingAgent


@dataclass(frozen=True)
class TaskRun:
    """One task of a scenario, as the returned state tells it."""

    task: str
    matched_skill: str | None
    fits: bool | None  # the evaluator's fit judgement of the matched skill
    score: float | None
    steps: int
    created_skill: str | None
    updated_skill: str | None
    skill_version: int | None
    retired_skill: str | None
    misfit_skill: str | None
    folded_skill: str | None
    folded_into: str | None
    nudge_ran: bool
    task_count: int
    errors: tuple[str, ...]

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> TaskRun:
        errors = tuple(
            e
            for e in (state.get("evaluation_error"), state.get("skill_error"), state.get("memory_error"))
            if e
        )
        return cls(
            task=state["task"],
            matched_skill=state.get("matched_skill"),
            fits=state.get("skill_fits"),
            score=state.get("evaluation_score"),
            steps=len(state.get("execution_steps") or []),
            created_skill=state.get("created_skill"),
            updated_skill=state.get("updated_skill"),
            skill_version=state.get("skill_version"),
            retired_skill=state.get("retired_skill"),
            misfit_skill=state.get("misfit_skill"),
            folded_skill=state.get("folded_skill"),
            folded_into=state.get("folded_into"),
            nudge_ran=bool(state.get("nudge_ran")),
            task_count=int(state.get("task_count", 0)),
            errors=errors,
        )


@dataclass
class ScenarioReport:
    runs: list[TaskRun] = field(default_factory=list)

    @property
    def created(self) -> list[str]:
        return [r.created_skill for r in self.runs if r.created_skill]

    @property
    def reused(self) -> int:
        """Tasks that ran with a skill's guidance."""
        return sum(1 for r in self.runs if r.matched_skill)

    @property
    def nudges(self) -> list[int]:
        """Task counts at which the memory was consolidated."""
        return [r.task_count for r in self.runs if r.nudge_ran]

    def to_dict(self) -> dict[str, Any]:
        return {
            "tasks": len(self.runs),
            "reused": self.reused,
            "created": self.created,
            "nudges": self.nudges,
            "runs": [asdict(r) for r in self.runs],
        }


def run_scenario(
    agent: SelfImprovingAgent, tasks: Iterable[str], config: RunnableConfig | None = None
) -> ScenarioReport:
    """Invoke ``agent`` on each task in order (one thread per task unless ``config`` names one)."""
    report = ScenarioReport()
    for task in tasks:
        report.runs.append(TaskRun.from_state(agent.invoke({"task": task}, config)))
    return report
