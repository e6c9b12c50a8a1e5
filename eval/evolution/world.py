"""The hidden truth of a simulated life and the simulated LLM parts.

:class:`World` keeps each skill's hidden kind and quality and plays the executor (a run's
score), the evaluator (its fit judgement) and what a revision teaches; :class:`WorldJudges`
plays the learner's judges (:class:`skillrouter.learning.Judges`) from the same truth, so the
simulation learns through the agent's own learner.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from skillrouter.eval.evolution.config import EvolutionConfig
from skillrouter.eval.evolution.stream import TaskStream

from skillrouter import Skill, slugify
from skillrouter.learning import Judgement, Run

__all__ = ["Hidden", "World", "WorldJudges", "name_for"]


@dataclass
class Hidden:
    """A skill's hidden truth: the kind of task it is for, and how good it is (0-1)."""

    kind: str
    quality: float
    seeded: bool = False


class World:
    """The hidden truth (each skill's kind and quality) and the simulated LLM parts: the
    executor's score, the evaluator's fit judgement, what a revision teaches. The simulation
    and the agent replay (:mod:`skillrouter.eval.evolution_agent`) share it."""

    def __init__(self, stream: TaskStream, config: EvolutionConfig) -> None:
        self.stream = stream
        self.config = config
        self.hidden: dict[str, Hidden] = {}
        self.offers: dict[str, list[bool]] = {"merge": [], "fold": []}  # each put to a judge: of one kind?

    def score(self, i: int, kind: str, skill: str | None) -> float:
        c = self.config
        z = self.stream.noise[i]
        if skill is None:
            raw = c.no_skill_mean + 1.5 * z
        elif self.hidden[skill].kind == kind:
            raw = 1.0 + 9.0 * self.hidden[skill].quality + c.noise * z
        else:
            raw = c.wrong_mean + 1.5 * z
        return round(min(10.0, max(1.0, raw)), 1)

    def fits(self, kind: str, skill: str) -> bool:
        """The truth: the skill is of the task's kind."""
        return self.hidden[skill].kind == kind

    def judged_fit(self, i: int, kind: str, skill: str) -> bool:
        """The evaluator's judgement: the truth, flipped with probability ``fit_error``."""
        wrong = i < len(self.stream.fit_draw) and self.stream.fit_draw[i] < self.config.fit_error
        return self.fits(kind, skill) != wrong

    def judged_same(self, i: int, kind: str, skill: str, *, offer: int = 0) -> bool:
        """The merge judge's "same skill?" about a draft of task ``i`` offered to ``skill`` (the
        ``offer``-th offer of that draft): the truth (the skill is of the task's kind), flipped
        with probability ``fit_error`` like the fit judgement, independently for each offer."""
        self.offers["merge"].append(self.fits(kind, skill))
        if i >= len(self.stream.same_draw):
            return self.fits(kind, skill)
        draw = (
            self.stream.same_draw[i]
            if offer == 0
            else random.Random(f"{self.config.seed}:{i}:{offer}").random()
        )
        return self.fits(kind, skill) != (draw < self.config.fit_error)

    def judged_one_skill(self, i: int, kept: str, folded: str, *, offer: int = 0) -> bool:
        """The judge's "one skill?" about folding ``folded`` into ``kept`` after task ``i`` (the
        ``offer``-th pair put to it then): the truth (both are of one kind), flipped with
        probability ``fit_error``, independently of every other judgement."""
        same = self.hidden[kept].kind == self.hidden[folded].kind
        self.offers["fold"].append(same)
        draw = random.Random(f"{self.config.seed}:{i}:fold:{offer}").random()
        return same != (draw < self.config.fit_error)

    def revised(self, name: str, kind: str) -> bool:
        """A revision of ``name`` after a run of ``kind``: it teaches the skill only when the run
        was of its kind. Returns whether it was (False: a revision after a misroute)."""
        h = self.hidden[name]
        if h.kind != kind:
            return False
        h.quality += self.config.revise_gain * (1.0 - h.quality)
        return True


def name_for(text: str) -> str:
    """What the simulated extractor calls a skill drafted from ``text``: its first six words."""
    return slugify(" ".join(re.findall(r"[A-Za-z0-9]+", text)[:6])) or "skill"


class WorldJudges:
    """The learner's judges, played from the world's truth for the task in hand (:meth:`at`):

    - **revise**: the skill with one more pitfall line (a new version; what it teaches the
      hidden quality is the world's, :meth:`World.revised`, applied once the write is made);
    - **draft**: a skill named after the task's first six words (:func:`name_for`), described
      by the task text (an extractor summarising the run it saw; never the gold description);
    - **merge**: "same skill" when the draft's task is of the existing skill's kind, wrong with
      probability ``fit_error``, independently for each offer (:meth:`World.judged_same`);
    - **fold**: "one skill" when the two skills are of one kind, wrong likewise
      (:meth:`World.judged_one_skill`). Neither rewrites the text.
    """

    def __init__(self, world: World) -> None:
        self.world = world
        self.i = 0
        self.kind = ""

    def at(self, i: int, kind: str) -> None:
        """Judge for task ``i`` (of kind ``kind``) from now on."""
        self.i, self.kind = i, kind

    def revise(self, skill: Skill, run: Run) -> Judgement:
        note = (
            f"- Revised after a run scored {run.score:g} (simulated revision, version {skill.version + 1})."
        )
        return Judgement(
            skill=skill.with_sections(pitfalls=(skill.pitfalls + "\n" + note).strip()),
            reason="simulated revision",
        )

    def draft(self, run: Run) -> Skill:
        return Skill.create(name_for(run.task), " ".join(run.task.split())[:1024], source="agent")

    def merge(self, existing: Skill, draft: Skill, run: Run, similarity: float, offer: int) -> Judgement:
        return Judgement(same=self.world.judged_same(self.i, self.kind, existing.name, offer=offer))

    def fold(self, kept: Skill, folded: Skill, run: Run, similarity: float, offer: int) -> Judgement:
        return Judgement(same=self.world.judged_one_skill(self.i, kept.name, folded.name, offer=offer))
