"""One policy's life: the library and bookkeeping while the stream runs (:class:`Life`), the
simulated one (:class:`SimulatedLife`, :func:`simulate`), and what each checkpoint and run records."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from skillrouter.eval.evolution.config import SUCCESS, EvolutionConfig
from skillrouter.eval.evolution.stream import TaskStream
from skillrouter.eval.evolution.world import Hidden, World, WorldJudges, name_for

from skillrouter import Skill
from skillrouter.learning import Learned, Learner, Run
from skillrouter.library import SkillLibrary
from skillrouter.skill import free_name

__all__ = ["Checkpoint", "EvolutionRun", "Life", "SimulatedLife"]


@dataclass
class Checkpoint:
    tasks: int
    library_size: int
    skills_per_kind: float | None
    duplicates: int
    reuse_rate: float | None
    reuse_precision: float | None
    success_rate: float | None
    mean_score: float | None
    best_variant_share: float | None
    retired: int
    created: int
    merged: int
    kinds_covered: int
    probe_p_at_1: float | None
    misfits: int = 0
    folded: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in asdict(self).items()}


@dataclass
class EvolutionRun:
    policy: str
    checkpoints: list[Checkpoint]
    summary: dict[str, Any]
    seconds: float
    events: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self, *, events: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "policy": self.policy,
            "summary": self.summary,
            "seconds": round(self.seconds, 1),
            "checkpoints": [c.to_dict() for c in self.checkpoints],
        }
        if events:
            out["events"] = self.events
        return out


class Life:
    """One policy's library and bookkeeping while the stream runs: the hidden world, the
    counts and events the summary reads, the probes and checkpoints. :class:`SimulatedLife`
    runs each task through the learner with the world's judges; the agent replay
    (:class:`skillrouter.eval.evolution.agent.AgentLife`) through the agent."""

    def __init__(self, lib: SkillLibrary, stream: TaskStream, config: EvolutionConfig) -> None:
        self.lib = lib
        self.stream = stream
        self.config = config
        self.world = World(stream, config)
        self.hidden = self.world.hidden
        self.seeded: list[str] = []
        self.retired: set[str] = set()
        self.folded: dict[str, str] = {}  # folded skill -> the skill it was folded into
        self.created = 0
        self.created_duplicates = 0
        self.merged = 0
        self.revisions = 0
        self.misroute_revisions = 0
        self.misfits = 0
        self.misfits_real = 0
        self.events: list[dict[str, Any]] = []
        self.window: list[dict[str, Any]] = []

    # -------------------------------------------------------- skills

    def active(self, name: str) -> bool:
        """Neither retired nor folded into another skill."""
        return name not in self.retired and name not in self.folded

    def add_skill(self, text: str, kind: str, quality: float, *, source: str) -> str:
        name = free_name(name_for(text), self.lib)
        description = " ".join(text.split())[:1024]
        self.lib.add(Skill.create(name, description, source=source), reason=source, sync=False)
        self.lib.add_examples([(name, text)], score=10.0)
        self.hidden[name] = Hidden(kind, quality, seeded=source == "seeded variant")
        return name

    # -------------------------------------------------------- one task

    def begin(self, i: int, kind: str, skill: str | None, score: float, steps: int) -> dict[str, Any]:
        """The event of task ``i`` as routed and scored."""
        best_variant = None
        if skill is not None:
            same_kind = [
                n for n, h in self.hidden.items() if h.kind == self.hidden[skill].kind and self.active(n)
            ]
            if len(same_kind) >= 2 and self.hidden[skill].kind == kind:
                best_variant = skill == max(same_kind, key=lambda n: (self.hidden[n].quality, n))
        return {
            "i": i,
            "kind": kind,
            "skill": skill,
            "score": score,
            "steps": steps,
            "fit": skill is not None and self.world.fits(kind, skill),
            "best_variant": best_variant,
        }

    def end(self, event: dict[str, Any]) -> None:
        self.window.append(event)
        self.events.append(event)

    def note_folded(self, folded: str, kept: str, event: dict[str, Any]) -> None:
        self.folded[folded] = kept
        event["folded"], event["folded_into"] = folded, kept

    def count_misfit(self, event: dict[str, Any]) -> None:
        self.misfits += 1
        self.misfits_real += not event["fit"]
        event["misfit"] = True

    def count_revision(self, name: str, kind: str) -> None:
        """A revision of ``name`` was written after a task of ``kind``: what it teaches is the world's."""
        self.revisions += 1
        if not self.world.revised(name, kind):
            self.misroute_revisions += 1

    def note_created(self, name: str, kind: str, event: dict[str, Any]) -> None:
        if any(h.kind == kind and self.active(n) and n != name for n, h in self.hidden.items()):
            self.created_duplicates += 1
        self.created += 1
        event["created"] = name

    # -------------------------------------------------------- measuring

    def probe(self) -> float | None:
        probes = self.stream.probes
        if not probes:
            return None
        routes = self.lib.route_many([q.query for q in probes], k=self.config.k)
        hits = sum(
            1
            for q, r in zip(probes, routes)
            if r.matched is not None
            and r.matched.name in self.hidden
            and self.hidden[r.matched.name].kind == q.gold[0]
        )
        return hits / len(probes)

    def checkpoint(self, tasks: int) -> Checkpoint:
        active = [n for n in self.hidden if self.active(n)]
        per_kind = Counter(self.hidden[n].kind for n in active)
        window, self.window = self.window, []
        routed = [e for e in window if e["skill"] is not None]
        variant = [e for e in window if e["best_variant"] is not None]

        def share(items: list[Any], total: int) -> float | None:
            return len(items) / total if total else None

        return Checkpoint(
            tasks=tasks,
            library_size=len(active),
            skills_per_kind=(sum(per_kind.values()) / len(per_kind)) if per_kind else None,
            duplicates=sum(v - 1 for v in per_kind.values()),
            reuse_rate=share(routed, len(window)),
            reuse_precision=share([e for e in routed if e["fit"]], len(routed)),
            success_rate=share([e for e in window if e["score"] >= SUCCESS], len(window)),
            mean_score=(sum(e["score"] for e in window) / len(window)) if window else None,
            best_variant_share=share([e for e in variant if e["best_variant"]], len(variant)),
            retired=len(self.retired),
            created=self.created,
            merged=self.merged,
            kinds_covered=len(per_kind),
            probe_p_at_1=self.probe(),
            misfits=self.misfits,
            folded=len(self.folded),
        )

    def step(self, i: int) -> None:
        """Run task ``i`` and record its event (the simulated life and the agent replay each their way)."""
        raise NotImplementedError

    def run(self, label: str, say: Callable[[str], None]) -> list[Checkpoint]:
        """Seed the variants, run the stream, checkpoint every ``every`` tasks."""
        for kind, text, quality in self.stream.variants:
            self.seeded.append(self.add_skill(text, kind, quality, source="seeded variant"))
        checkpoints = [self.checkpoint(0)]
        total = len(self.stream.tasks)
        for i in range(total):
            self.step(i)
            if (i + 1) % self.config.every == 0 or i + 1 == total:
                checkpoints.append(self.checkpoint(i + 1))
                last = checkpoints[-1]
                say(
                    f"{label}: {i + 1}/{total} tasks, {last.library_size} skills, "
                    f"probe P@1 {_fmt(last.probe_p_at_1)}"
                )
        return checkpoints


class SimulatedLife(Life):
    """Each task routed by the real router, scored and judged by the world, and learned from by
    the agent's learner (:class:`skillrouter.learning.Learner`) with the world's judges."""

    def __init__(self, lib: SkillLibrary, stream: TaskStream, config: EvolutionConfig) -> None:
        super().__init__(lib, stream, config)
        self.judges = WorldJudges(self.world)
        self.learner = Learner(lib, self.judges, config.rules)

    def step(self, i: int) -> None:
        task, kind = self.stream.tasks[i], self.stream.kinds[i]
        route = self.lib.route(task.query, k=self.config.k)
        skill = route.matched.name if route.matched else None
        score, steps = self.world.score(i, kind, skill), self.stream.steps[i]
        event = self.begin(i, kind, skill, score, steps)
        fits = self.world.judged_fit(i, kind, skill) if skill is not None else True
        self.judges.at(i, kind)
        learned = self.learner.learn(
            Run(
                task.query,
                score,
                steps,
                matched=skill,
                fits=fits,
                candidates=[c.to_dict() for c in route.candidates],
            )
        )
        self.note(learned, i, kind, event)
        self.end(event)

    def note(self, learned: Learned, i: int, kind: str, event: dict[str, Any]) -> None:
        """Count what the learner did, and tell the world what it must know."""
        if learned.misfit:
            self.count_misfit(event)
        if learned.revised:
            self.count_revision(learned.revised, kind)
            event["revised"] = True
        if learned.retired:
            self.retired.add(learned.retired)
            event["retired"] = learned.retired
        if learned.folded and learned.folded_into:
            self.note_folded(learned.folded, learned.folded_into, event)
        if learned.merged_into:
            self.merged += 1
            event["merged_into"] = learned.merged_into
        if learned.created:
            self.hidden[learned.created] = Hidden(kind, self.stream.new_quality[i])
            self.note_created(learned.created, kind, event)
        if learned.errors:
            event["error"] = "; ".join(learned.errors)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"
