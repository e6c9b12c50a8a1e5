"""Skill evolution: an agent's life, simulated offline, deterministic in the seed.

A stream of tasks from a labelled dataset goes through the real router, store and outcome
recording; only the LLM parts (running the task, judging it, writing the skill) are
simulated. The question is whether the library behaves over time: good skills get reused and
improve, duplicates don't pile up, bad skills lose out.

**Tasks.** ``kinds`` gold tools of the dataset are drawn at random (among those with enough
queries); their queries, shuffled, are the stream (a query's gold tool is its *kind*: same
gold, same kind of work). A few queries per kind are held out as a fixed *probe set*, and a
few more as the text of *seeded variants*.

**Executor and evaluator (simulated).** Every skill has a hidden kind and a hidden quality
``q`` in [0, 1]. A task run with a skill of its own kind scores ``1 + 9 q + N(0, noise)``; with
a skill of another kind ``wrong_mean + N(0, 1.5)``; with no skill ``no_skill_mean + N(0, 1.5)``;
clipped to 1-10. A run takes 1-8 steps (uniform). When a skill guided the run the evaluator
also judges whether it *fitted* the task (is of the task's kind), and is wrong with
probability ``fit_error`` (default 0.1): a misroute judged a fit, or a fitted run judged a
misfit. All random draws are made per task index up front, so every policy sees the same
tasks, steps, noise and judging errors: runs differ only by routing.

**The loop's rules** are the agent's own: the simulation calls the rule book,
:mod:`skillrouter.rules` (``plan``, ``should_retire``, ``merge_offers``, ``accept_merge``; free names
by :func:`skillrouter.skill.free_name`), with the agent's defaults, and records through the
same :class:`~skillrouter.SkillLibrary` calls:

- a skill judged to fit: ``record_outcome`` (a score >= ``skill_threshold`` keeps the task as
  an example); a score below ``revise_below`` revises it (a new version; its hidden quality
  moves ``revise_gain`` of the way to 1 if the run really was of its kind, and not at all
  otherwise: counted in ``revisions_after_misroute``), unless the score lies more than
  ``outlier_margin`` below the average of a proven record (:func:`skillrouter.rules.should_revise`);
  a bad record of fitted uses retires it.
  The simulated evaluator reports no lessons, so the agent's revise-on-lessons path is idle.
- a skill judged a misfit: ``record_misfit`` (a negative example for the router), nothing
  else happens to the skill; the run may become a skill like a run with no skill.
- no fitting skill, score >= ``skill_threshold``, at least ``min_steps`` steps: a skill is
  drafted. Its description is the task text (an extractor summarising the run it saw; never
  the gold description), its name the first words of the task, its hidden quality drawn
  uniformly from ``new_quality``. The duplicate gate (``merge_offers``: the skill judged a
  misfit, the route's other candidates that reached the router's threshold, then the active skills at ``offer_threshold`` or above by Level 0 text or examples,
  nearest first, ``max_offers`` in all) offers it as a merge to a judge of "same skill", one
  skill at a time; the judge is right unless it errs, with probability ``fit_error`` too,
  independently for each offer. Merged (``accept_merge``), the task becomes that skill's
  example (into the skill judged a misfit: a fitted use, the misfit withdrawn); turned down by
  every offer, the draft becomes a skill with the task as its first example.

**Seeded variants.** For ``variant_kinds`` kinds, ``len(variant_qualities)`` competing skills
are in the library from the start, each described by a different held-out query of the kind,
with the given hidden qualities (best first): the router should learn to prefer the best.

**Policies.** The whole stream is run once per routing policy (``similarity``, ``raw``,
``shrunk``, ``explore``; see ``skillrouter.routing.scoring``), each in a fresh library.

**Metrics** every ``every`` tasks (rates over the tasks since the last checkpoint): library
size (active skills), skills per kind (active, over kinds that have one) and duplicates
(active skills beyond the first per kind), reuse rate (tasks routed to a skill), reuse
precision (routed to a skill of the task's kind), online success rate (score >= 7), mean
score, best-variant share (routes to a kind's skill that went to its best active skill, over
kinds with two or more), retired skills, misfits recorded, and routing P@1 on the probe set
(routed to a skill of the probe's kind; abstaining is a miss). The summary adds revisions
after a misroute, each retired skill with its hidden quality, and duplicates per kind.

**The agent itself** (:mod:`skillrouter.eval.evolution_agent`): the same stream, world and
seeded variants run through ``create_self_improving_agent`` with scripted chat models that
play the executor, evaluator and extractor above, so the shipped loop is measured beside the
simulation of it.
"""

from __future__ import annotations

import random
import re
import shutil
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from skillrouter.embeddings import Embedder, limit_threads
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.datasets import Query

from skillrouter import Skill, SkillRouterError, Store, rules, slugify
from skillrouter.library import SkillLibrary
from skillrouter.routing.router import DEFAULT_K, DEFAULT_THRESHOLD
from skillrouter.routing.scoring import MISFIT_SHARE_WEIGHT, MISFIT_WEIGHT, POLICIES, Policy
from skillrouter.rules import LoopRules
from skillrouter.skill import free_name

__all__ = [
    "POLICIES",
    "Checkpoint",
    "EvolutionConfig",
    "EvolutionRun",
    "TaskStream",
    "World",
    "make_stream",
    "run_policies",
    "simulate",
    "warm_cache",
]

SUCCESS = 7.0
FIT_ERROR = 0.1


@dataclass(frozen=True)
class EvolutionConfig:
    tasks: int = 1000
    kinds: int = 24
    probe_per_kind: int = 4
    every: int = 50
    seed: int = 0
    policies: tuple[Policy, ...] = ("shrunk",)
    threshold: float = DEFAULT_THRESHOLD
    k: int = DEFAULT_K
    # simulated executor / evaluator
    noise: float = 1.0
    no_skill_mean: float = 6.0
    wrong_mean: float = 3.0
    new_quality: tuple[float, float] = (0.3, 0.95)
    revise_gain: float = 0.15
    variant_kinds: int = 6
    variant_qualities: tuple[float, ...] = (0.9, 0.55, 0.2)
    fit_error: float = FIT_ERROR  # chance the simulated evaluator judges fit wrongly
    misfit_weight: float = MISFIT_WEIGHT  # the router's (skillrouter.routing.scoring)
    misfit_share_weight: float = MISFIT_SHARE_WEIGHT  # the router's too
    # the loop's rules: the rule book's defaults (skillrouter.rules), the agent's
    skill_threshold: float = rules.SKILL_THRESHOLD
    min_steps: int = rules.MIN_STEPS
    duplicate_threshold: float = rules.DUPLICATE_THRESHOLD
    offer_threshold: float = rules.OFFER_THRESHOLD
    max_offers: int = rules.MAX_OFFERS
    revise_below: float = rules.REVISE_BELOW
    outlier_margin: float = rules.OUTLIER_MARGIN
    retire_floor: float = rules.RETIRE_FLOOR
    retire_min_uses: int = rules.RETIRE_MIN_USES
    fold_threshold: float = rules.FOLD_THRESHOLD
    fold_votes: int = rules.FOLD_VOTES
    max_examples: int = 200

    def __post_init__(self) -> None:
        if self.tasks < 1 or self.kinds < 1 or self.every < 1:
            raise ValueError("tasks, kinds and every must be positive")
        if not 0.0 <= self.fit_error <= 1.0:
            raise ValueError(f"fit_error must be from 0 to 1, got {self.fit_error}")
        _ = self.rules  # the rule book checks the thresholds
        unknown = [p for p in self.policies if p not in POLICIES]
        if unknown or not self.policies:
            raise ValueError(f"unknown policy {unknown or self.policies}; choose from {', '.join(POLICIES)}")
        if not all(0.0 <= q <= 1.0 for q in (*self.variant_qualities, *self.new_quality)):
            raise ValueError("hidden qualities must be from 0 to 1")

    @property
    def rules(self) -> LoopRules:
        """The loop's thresholds as the rule book takes them."""
        return LoopRules.of(self)


# ---------------------------------------------------------------- the task stream


@dataclass(frozen=True)
class TaskStream:
    """What every policy sees: tasks with their kinds and pre-drawn randomness."""

    tasks: list[Query]
    kinds: list[str]  # the gold tool of each task
    probes: list[Query]
    variants: list[tuple[str, str, float]]  # (kind, description text, hidden quality)
    steps: list[int]
    noise: list[float]  # standard normal, one per task
    new_quality: list[float]  # hidden quality a skill drafted at this task would get
    fit_draw: list[float] = field(default_factory=list)  # uniform [0, 1): the fit judgement errs below fit_error
    same_draw: list[float] = field(default_factory=list)  # uniform [0, 1): the "same skill" judgement errs below it

    def head(self, n: int) -> TaskStream:
        """The first ``n`` tasks of the stream, with the same probes and variants."""
        return TaskStream(self.tasks[:n], self.kinds[:n], self.probes, self.variants, self.steps[:n], self.noise[:n],
                          self.new_quality[:n], self.fit_draw[:n], self.same_draw[:n])


def make_stream(queries: Sequence[Query], config: EvolutionConfig) -> TaskStream:
    """Draw kinds, probes, variant texts and the shuffled task stream (deterministic in the seed)."""
    rng = random.Random(config.seed)
    by_kind: dict[str, list[Query]] = defaultdict(list)
    seen: set[str] = set()
    for q in queries:
        if len(q.gold) == 1 and q.query not in seen:
            seen.add(q.query)
            by_kind[q.gold[0]].append(q)
    n_variants = len(config.variant_qualities) if config.variant_kinds > 0 else 0
    need = config.probe_per_kind + n_variants + 3
    eligible = sorted(k for k, qs in by_kind.items() if len(qs) >= need)
    if not eligible:
        raise SkillRouterError(f"no kind has the {need} distinct queries a simulation needs")
    kinds = sorted(rng.sample(eligible, min(config.kinds, len(eligible))))
    variant_kinds = set(rng.sample(kinds, min(config.variant_kinds, len(kinds))))
    probes: list[Query] = []
    variants: list[tuple[str, str, float]] = []
    pool: list[Query] = []
    for kind in kinds:
        items = list(by_kind[kind])
        rng.shuffle(items)
        probes += items[: config.probe_per_kind]
        items = items[config.probe_per_kind :]
        if kind in variant_kinds:
            for q, quality in zip(items, config.variant_qualities):
                variants.append((kind, q.query, quality))
            items = items[n_variants:]
        pool += items
    rng.shuffle(pool)
    tasks = pool[: config.tasks]
    draw = np.random.default_rng(config.seed)
    lo, hi = config.new_quality
    return TaskStream(
        tasks=tasks,
        kinds=[q.gold[0] for q in tasks],
        probes=probes,
        variants=variants,
        steps=[int(s) for s in draw.integers(1, 9, size=len(tasks))],
        noise=[float(x) for x in draw.standard_normal(len(tasks))],
        new_quality=[float(x) for x in draw.uniform(lo, hi, size=len(tasks))],
        fit_draw=[float(x) for x in draw.uniform(0.0, 1.0, size=len(tasks))],
        same_draw=[float(x) for x in draw.uniform(0.0, 1.0, size=len(tasks))],
    )


# ---------------------------------------------------------------- one policy's run


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
        out: dict[str, Any] = {"policy": self.policy, "summary": self.summary, "seconds": round(self.seconds, 1),
                               "checkpoints": [c.to_dict() for c in self.checkpoints]}
        if events:
            out["events"] = self.events
        return out


@dataclass
class _Hidden:
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
        self.hidden: dict[str, _Hidden] = {}

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
        if i >= len(self.stream.same_draw):
            return self.fits(kind, skill)
        draw = self.stream.same_draw[i] if offer == 0 else random.Random(
            f"{self.config.seed}:{i}:{offer}").random()
        return self.fits(kind, skill) != (draw < self.config.fit_error)

    def judged_one_skill(self, i: int, kept: str, folded: str, *, offer: int = 0) -> bool:
        """The judge's "one skill?" about folding ``folded`` into ``kept`` after task ``i`` (the
        ``offer``-th pair put to it then): the truth (both are of one kind), flipped with
        probability ``fit_error``, independently of every other judgement."""
        same = self.hidden[kept].kind == self.hidden[folded].kind
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


class _Life:
    """One policy's library and bookkeeping while the stream runs."""

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
        name = free_name(name_for(text), self.lib.store)
        description = " ".join(text.split())[:1024]
        self.lib.store.add(Skill.create(name, description, source=source), reason=source)
        self.lib.store.add_examples([(name, text)], score=10.0)
        self.hidden[name] = _Hidden(kind, quality, seeded=source == "seeded variant")
        return name

    # -------------------------------------------------------- one task

    def begin(self, i: int, kind: str, skill: str | None, score: float, steps: int) -> dict[str, Any]:
        """The event of task ``i`` as routed and scored."""
        best_variant = None
        if skill is not None:
            same_kind = [n for n, h in self.hidden.items() if h.kind == self.hidden[skill].kind and self.active(n)]
            if len(same_kind) >= 2 and self.hidden[skill].kind == kind:
                best_variant = skill == max(same_kind, key=lambda n: (self.hidden[n].quality, n))
        return {"i": i, "kind": kind, "skill": skill, "score": score, "steps": steps,
                "fit": skill is not None and self.world.fits(kind, skill), "best_variant": best_variant}

    def end(self, event: dict[str, Any]) -> None:
        self.window.append(event)
        self.events.append(event)

    def step(self, i: int) -> None:
        c, lib = self.config, self.lib
        task, kind = self.stream.tasks[i], self.stream.kinds[i]
        route = lib.route(task.query, k=c.k)
        skill = route.matched.name if route.matched else None
        score, steps = self.world.score(i, kind, skill), self.stream.steps[i]
        event = self.begin(i, kind, skill, score, steps)
        fits = self.world.judged_fit(i, kind, skill) if skill is not None else True
        record = lib.store.outcome(skill) if skill is not None else None
        plan = rules.plan(skill, score, fits=fits, steps=steps, rules=c.rules,
                          use_count=record.use_count if record else 0, avg_score=record.avg_score if record else None)
        if skill is not None and plan.record_outcome:
            lib.record_outcome(skill, score, task=task.query if plan.keep_example else None,
                               example_min_score=c.skill_threshold)
        if skill is not None and plan.record_misfit:
            lib.record_misfit(skill, task.query)
            self.count_misfit(event)
        if skill is not None and plan.revise:
            self.revise(skill, score, kind)
            event["revised"] = True
        if skill is not None and plan.record_outcome and self.maybe_retire(skill, score):
            event["retired"] = skill
        candidates = [c.to_dict() for c in route.candidates]
        if skill is not None and plan.keep_example and not plan.revise and "retired" not in event:
            self.maybe_fold(i, skill, rules.route_alternatives(candidates, lib.router.threshold, skill), event)
        if plan.create:
            alternatives = rules.route_alternatives(candidates, lib.router.threshold, skill)
            self.create(i, task.query, kind, score, event, misfit=skill if plan.record_misfit else None,
                        alternatives=alternatives)
        self.end(event)

    def maybe_fold(self, i: int, skill: str, alternatives: Sequence[str], event: dict[str, Any]) -> None:
        """Put the pairs :func:`skillrouter.rules.fold_offers` names to the judge of "one skill",
        in turn, until one is folded (:func:`skillrouter.rules.vote_fold`)."""
        for n, (other, _) in enumerate(rules.fold_offers(self.lib, skill, alternatives, self.config.rules)):
            pair = rules.fold_pair(self.lib, skill, other)
            assert pair is not None  # fold_offers names only pairs that can be folded
            kept, folded = pair
            if rules.vote_fold(self.lib, kept, folded, self.world.judged_one_skill(i, kept, folded, offer=n),
                               self.config.rules):
                rules.accept_fold(self.lib, kept, folded)
                self.note_folded(folded, kept, event)
                return

    def note_folded(self, folded: str, kept: str, event: dict[str, Any]) -> None:
        self.folded[folded] = kept
        event["folded"], event["folded_into"] = folded, kept

    def count_misfit(self, event: dict[str, Any]) -> None:
        self.misfits += 1
        self.misfits_real += not event["fit"]
        event["misfit"] = True

    def count_revision(self, name: str, kind: str) -> None:
        self.revisions += 1
        if not self.world.revised(name, kind):
            self.misroute_revisions += 1

    def revise(self, name: str, score: float, kind: str) -> None:
        """A new version of the skill; only a run of its own kind teaches it anything."""
        self.count_revision(name, kind)
        skill = self.lib.store.get(name)
        note = f"- Revised after a run scored {score:g} (simulated revision, version {skill.version + 1})."
        self.lib.store.update(skill.with_sections(pitfalls=(skill.pitfalls + "\n" + note).strip()),
                              reason=f"revised after a run scored {score:g}")

    def maybe_retire(self, name: str, score: float) -> bool:
        router = self.lib.router
        out = self.lib.store.outcome(name)
        if not self.active(name) or not rules.should_retire(
                out.use_count, out.avg_score, score, rules=self.config.rules, prior_mean=router.prior_mean,
                prior_weight=router.prior_weight):
            return False
        self.lib.retire(name)
        self.retired.add(name)
        return True

    def create(self, i: int, text: str, kind: str, score: float, event: dict[str, Any], *,
               misfit: str | None = None, alternatives: Sequence[str] = ()) -> None:
        """Draft a skill from the run, through the duplicate gate and the "same skill" judge."""
        draft = Skill.create(name_for(text), " ".join(text.split())[:1024]).summary_text()
        for n, (name, _) in enumerate(rules.merge_offers(self.lib, draft, self.config.rules, misfit=misfit,
                                                                   alternatives=alternatives)):
            if self.world.judged_same(i, kind, name, offer=n):
                rules.accept_merge(self.lib, name, text, score, misfit=misfit, rules=self.config.rules)
                self.merged += 1
                event["merged_into"] = name
                return
        self.note_created(self.add_skill(text, kind, self.stream.new_quality[i], source="agent"), kind, event)

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
        hits = sum(1 for q, r in zip(probes, routes)
                   if r.matched is not None and r.matched.name in self.hidden
                   and self.hidden[r.matched.name].kind == q.gold[0])
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
                say(f"{label}: {i + 1}/{total} tasks, {last.library_size} skills, "
                    f"probe P@1 {_fmt(last.probe_p_at_1)}")
        return checkpoints


def simulate(
    stream: TaskStream,
    config: EvolutionConfig,
    embedder: Embedder,
    policy: Policy,
    *,
    label: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> EvolutionRun:
    """Run the stream under one routing policy in a fresh library; checkpoints every ``every``
    tasks. ``label`` names the run (default: the policy)."""
    limit_threads()
    say = progress or (lambda message: None)
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="skillrouter-evolution-"))
    try:
        lib = SkillLibrary(Store(work / "store"), embedder, threshold=config.threshold, policy=policy,
                           max_examples=config.max_examples, misfit_weight=config.misfit_weight,
                           misfit_share_weight=config.misfit_share_weight)
        try:
            life = _Life(lib, stream, config)
            checkpoints = life.run(label or policy, say)
            summary = summarise(life, checkpoints)
            return EvolutionRun(label or policy, checkpoints, summary, time.perf_counter() - started, life.events)
        finally:
            lib.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def warm_cache(embedder: Embedder, stream: TaskStream) -> None:
    """Embed every text the run will need in two batches (queries, documents) up front."""
    texts = [q.query for q in stream.tasks] + [q.query for q in stream.probes] + [t for _, t, _ in stream.variants]
    embed_queries(embedder, texts)
    embedder.embed_documents(texts)


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def summarise(life: _Life, checkpoints: list[Checkpoint]) -> dict[str, Any]:
    """The run's summary (see the module docstring for what each number means)."""
    events = life.events
    routed = [e for e in events if e["skill"] is not None]
    variant = [e for e in events if e["best_variant"] is not None]
    last = checkpoints[-1]
    half = events[len(events) // 2 :]

    def mean(xs: list[float]) -> float | None:
        return round(sum(xs) / len(xs), 4) if xs else None

    return {
        "tasks": len(events),
        "final_library_size": last.library_size,
        "final_skills_per_kind": last.skills_per_kind and round(last.skills_per_kind, 3),
        "final_duplicates": last.duplicates,
        "kinds": len(set(life.stream.kinds)),
        "final_kinds_covered": last.kinds_covered,
        "created": life.created,
        "created_duplicates": life.created_duplicates,
        "merged": life.merged,
        "fit_error": life.config.fit_error,
        "misroutes": sum(1 for e in routed if not e["fit"]),
        "misfits_recorded": life.misfits,
        "misfits_recorded_real": life.misfits_real,
        "revisions": life.revisions,
        "revisions_after_misroute": life.misroute_revisions,
        "revisions_after_misroute_share": round(life.misroute_revisions / life.revisions, 4) if life.revisions else None,
        "retired": len(life.retired),
        "retired_skills": [{"name": n, "kind": life.hidden[n].kind, "quality": round(life.hidden[n].quality, 3),
                            "seeded": life.hidden[n].seeded, "uses": life.lib.store.outcome(n).use_count}
                           for n in sorted(life.retired)],
        "retired_max_quality": max((round(life.hidden[n].quality, 3) for n in life.retired), default=None),
        "folded": len(life.folded),
        "folded_other_kind": sum(1 for n, into in life.folded.items() if life.hidden[n].kind != life.hidden[into].kind),
        "folded_skills": [{"name": n, "into": into, "kind": life.hidden[n].kind, "into_kind": life.hidden[into].kind,
                           "quality": round(life.hidden[n].quality, 3), "into_quality": round(life.hidden[into].quality, 3),
                           "seeded": life.hidden[n].seeded} for n, into in sorted(life.folded.items())],
        **_duplicates(life),
        "reuse_rate": mean([1.0 if e["skill"] else 0.0 for e in events]),
        "reuse_precision": mean([1.0 if e["fit"] else 0.0 for e in routed]),
        "success_rate": mean([1.0 if e["score"] >= SUCCESS else 0.0 for e in events]),
        "success_rate_second_half": mean([1.0 if e["score"] >= SUCCESS else 0.0 for e in half]),
        "mean_score": mean([e["score"] for e in events]),
        "best_variant_share": mean([1.0 if e["best_variant"] else 0.0 for e in variant]),
        "best_variant_share_second_half": mean([1.0 if e["best_variant"] else 0.0 for e in half
                                                if e["best_variant"] is not None]),
        "probe_p_at_1_start": checkpoints[0].probe_p_at_1,
        "probe_p_at_1_end": last.probe_p_at_1,
        "hidden_quality": _hidden_quality(life),
        "seeded_variants": [_variant(life, name) for name in life.seeded],
    }


def _duplicates(life: _Life) -> dict[str, Any]:
    """Duplicates per kind at the end: active skills beyond the first of each kind, and of
    those the ones the loop made (seeded variants are duplicates by design: a kind seeded with
    three has two before the first task)."""
    active = [n for n in life.hidden if life.active(n)]
    per_kind = Counter(life.hidden[n].kind for n in active)
    seeded = Counter(life.hidden[n].kind for n in active if life.hidden[n].seeded)
    made = {kind: count - max(1, seeded[kind]) for kind, count in per_kind.items()}
    dupes = {kind: count - 1 for kind, count in sorted(per_kind.items()) if count > 1}
    return {
        "duplicates_per_kind": dupes,
        "max_duplicates_per_kind": max(dupes.values(), default=0),
        "loop_duplicates_per_kind": {kind: n for kind, n in sorted(made.items()) if n > 0},
        "max_loop_duplicates_per_kind": max(made.values(), default=0),
    }


def _variant(life: _Life, name: str) -> dict[str, Any]:
    out = life.lib.store.outcome(name)
    return {"name": name, "kind": life.hidden[name].kind, "quality": round(life.hidden[name].quality, 3),
            "uses": out.use_count, "avg_score": None if out.avg_score is None else round(out.avg_score, 2),
            "retired": name in life.retired, "folded_into": life.folded.get(name)}


def _hidden_quality(life: _Life) -> dict[str, Any]:
    """Hidden quality of retired skills against the active ones (bad skills should lose out)."""
    retired = [life.hidden[n].quality for n in life.retired]
    active = [h.quality for n, h in life.hidden.items() if life.active(n)]
    return {
        "retired_mean_quality": round(sum(retired) / len(retired), 3) if retired else None,
        "active_mean_quality": round(sum(active) / len(active), 3) if active else None,
    }


def run_policies(
    queries: Sequence[Query],
    config: EvolutionConfig,
    embedder: Embedder,
    *,
    agent_tasks: int = 0,
    progress: Callable[[str], None] | None = None,
) -> tuple[TaskStream, list[EvolutionRun]]:
    """Draw the stream once, warm the embedding cache, and run it under each policy. With
    ``agent_tasks``, the first that many tasks also run through the agent itself
    (:func:`skillrouter.eval.evolution_agent.run_agent`) and, beside it, through the simulation
    (policy ``shrunk``, the agent's)."""
    stream = make_stream(queries, config)
    if progress:
        progress(f"stream: {len(stream.tasks)} tasks over {len(set(stream.kinds))} kinds, "
                 f"{len(stream.probes)} probes, {len(stream.variants)} seeded variants; embedding")
    warm_cache(embedder, stream)
    runs = [simulate(stream, config, embedder, p, progress=progress) for p in config.policies]
    if agent_tasks > 0:
        from skillrouter.eval.evolution_agent import run_agent

        head = stream.head(agent_tasks)
        n = len(head.tasks)
        runs.append(simulate(head, config, embedder, "shrunk", label=f"simulation, {n} tasks", progress=progress))
        runs.append(run_agent(head, config, embedder, label=f"agent, {n} tasks", progress=progress))
    return stream, runs
