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
clipped to 1-10. A run takes 1-8 steps (uniform). All random draws are made per task index
up front, so every policy sees the same tasks, steps and noise: runs differ only by routing.

**The loop's rules** (the agent's defaults, ``skillrouter.agent.AgentConfig``):

- routed to a skill: ``record_outcome(skill, score, task)``; a score >= ``skill_threshold``
  keeps the task as a routing example. A run scoring below ``revise_below`` revises the skill
  (a new version in the store, as the loop's LLM revision would make); a revision after a run
  of the skill's own kind moves its hidden quality ``revise_gain`` of the way to 1, one after
  a misrouted run teaches it nothing (counted as ``revisions_after_misroute``). A skill whose
  shrunk average is below ``retire_floor`` after ``retire_min_uses`` uses, on a run that
  itself scored below the floor, is retired.
- no skill matched, score >= ``skill_threshold`` and at least ``min_steps`` steps: a skill is
  drafted. Its description is the task text (an extractor summarising the run it saw; never
  the gold description), its name the first words of the task, its hidden quality drawn
  uniformly from ``new_quality``. The duplicate gate compares its Level 0 text with every
  active skill's: at ``duplicate_threshold`` or above the draft is merged instead (the task
  becomes an example of that skill) when the two are of one kind (an LLM judging "same
  skill" correctly); otherwise the draft becomes a skill with the task as its first example.

**Seeded variants.** For ``variant_kinds`` kinds, ``len(variant_qualities)`` competing skills
are in the library from the start, each described by a different held-out query of the kind,
with the given hidden qualities (best first): the router should learn to prefer the best.

**Policies.** The whole stream is run once per routing policy (``similarity``, ``raw``,
``shrunk``, ``explore``; see ``skillrouter.scoring``), each in a fresh library.

**Metrics** every ``every`` tasks (rates over the tasks since the last checkpoint): library
size (active skills), skills per kind (active, over kinds that have one) and duplicates
(active skills beyond the first per kind), reuse rate (tasks routed to a skill), reuse
precision (routed to a skill of the task's kind), online success rate (score >= 7), mean
score, best-variant share (routes to a kind's skill that went to its best active skill, over
kinds with two or more), retired skills, and routing P@1 on the probe set (routed to a skill
of the probe's kind; abstaining is a miss).
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

from skillrouter import Skill, SkillRouterError, Store, slugify
from skillrouter.library import SkillLibrary
from skillrouter.router import DEFAULT_K, DEFAULT_THRESHOLD
from skillrouter.scoring import POLICIES, Policy

__all__ = [
    "POLICIES",
    "Checkpoint",
    "EvolutionConfig",
    "EvolutionRun",
    "TaskStream",
    "make_stream",
    "run_policies",
    "simulate",
    "warm_cache",
]

SUCCESS = 7.0

# The agent loop's defaults (skillrouter.agent.config); a unit test keeps them in step.
SKILL_THRESHOLD = 7.0
MIN_STEPS = 3
DUPLICATE_THRESHOLD = 0.80
REVISE_BELOW = 7.0
RETIRE_FLOOR = 4.5
RETIRE_MIN_USES = 5


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
    # the loop's rules
    skill_threshold: float = SKILL_THRESHOLD
    min_steps: int = MIN_STEPS
    duplicate_threshold: float = DUPLICATE_THRESHOLD
    revise_below: float = REVISE_BELOW
    retire_floor: float = RETIRE_FLOOR
    retire_min_uses: int = RETIRE_MIN_USES
    max_examples: int = 200

    def __post_init__(self) -> None:
        if self.tasks < 1 or self.kinds < 1 or self.every < 1:
            raise ValueError("tasks, kinds and every must be positive")
        unknown = [p for p in self.policies if p not in POLICIES]
        if unknown or not self.policies:
            raise ValueError(f"unknown policy {unknown or self.policies}; choose from {', '.join(POLICIES)}")
        if not all(0.0 <= q <= 1.0 for q in (*self.variant_qualities, *self.new_quality)):
            raise ValueError("hidden qualities must be from 0 to 1")


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


class _Life:
    """One policy's library and bookkeeping while the stream runs."""

    def __init__(self, lib: SkillLibrary, stream: TaskStream, config: EvolutionConfig) -> None:
        self.lib = lib
        self.stream = stream
        self.config = config
        self.hidden: dict[str, _Hidden] = {}
        self.seeded: list[str] = []
        self.retired: set[str] = set()
        self.created = 0
        self.created_duplicates = 0
        self.merged = 0
        self.revisions = 0
        self.misroute_revisions = 0
        self.events: list[dict[str, Any]] = []
        self.window: list[dict[str, Any]] = []

    # -------------------------------------------------------- skills

    def _name_for(self, text: str) -> str:
        words = re.findall(r"[A-Za-z0-9]+", text)[:6]
        base = slugify(" ".join(words)) or "skill"
        if base not in self.lib.store:
            return base
        n = 2
        while f"{base[:58]}-{n}" in self.lib.store:
            n += 1
        return f"{base[:58]}-{n}"

    def add_skill(self, text: str, kind: str, quality: float, *, source: str) -> str:
        name = self._name_for(text)
        description = " ".join(text.split())[:1024]
        self.lib.store.add(Skill.create(name, description, source=source), reason=source)
        self.lib.store.add_examples([(name, text)], score=10.0)
        self.hidden[name] = _Hidden(kind, quality)
        return name

    def near_duplicate(self, text: str) -> tuple[str, float] | None:
        """The active skill whose summary is closest to a draft's, at the gate or above."""
        texts = self.lib.store.summary_texts()
        active = [n for n in sorted(texts) if n in self.hidden and n not in self.retired]
        if not active:
            return None
        draft = Skill.create(self._name_for(text), " ".join(text.split())[:1024]).summary_text()
        vectors = np.asarray(self.lib.embedder.embed_documents([texts[n] for n in active] + [draft]), dtype=np.float32)
        sims = vectors[:-1] @ vectors[-1]
        best = int(np.argmax(sims))
        return (active[best], float(sims[best])) if sims[best] >= self.config.duplicate_threshold else None

    # -------------------------------------------------------- one task

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

    def step(self, i: int) -> None:
        c, lib = self.config, self.lib
        task, kind = self.stream.tasks[i], self.stream.kinds[i]
        route = lib.route(task.query, k=c.k)
        skill = route.matched.name if route.matched else None
        best_variant = None
        if skill is not None:
            same_kind = [n for n, h in self.hidden.items() if h.kind == self.hidden[skill].kind and n not in self.retired]
            if len(same_kind) >= 2 and self.hidden[skill].kind == kind:
                best_variant = skill == max(same_kind, key=lambda n: (self.hidden[n].quality, n))
        score = self.score(i, kind, skill)
        steps = self.stream.steps[i]
        event: dict[str, Any] = {"i": i, "kind": kind, "skill": skill, "score": score, "steps": steps,
                                 "fit": skill is not None and self.hidden[skill].kind == kind,
                                 "best_variant": best_variant}
        if skill is not None:
            lib.store.record_outcome(skill, score, task=task.query, example_min_score=c.skill_threshold,
                                     max_examples=c.max_examples)
            if score < c.revise_below:
                self.revise(skill, score, fits=event["fit"])
                event["revised"] = True
            if self.maybe_retire(skill, score):
                event["retired"] = skill
        elif score >= c.skill_threshold and steps >= c.min_steps:
            duplicate = self.near_duplicate(task.query)
            if duplicate is not None and self.hidden[duplicate[0]].kind == kind:
                lib.store.add_examples([(duplicate[0], task.query)], score=score)
                self.merged += 1
                event["merged_into"] = duplicate[0]
            else:
                if any(h.kind == kind and n not in self.retired for n, h in self.hidden.items()):
                    self.created_duplicates += 1
                name = self.add_skill(task.query, kind, self.stream.new_quality[i], source="agent")
                self.created += 1
                event["created"] = name
        self.window.append(event)
        self.events.append(event)

    def revise(self, name: str, score: float, *, fits: bool) -> None:
        """A new version of the skill; only a run of its own kind teaches it anything."""
        h = self.hidden[name]
        if fits:
            h.quality += self.config.revise_gain * (1.0 - h.quality)
        else:
            self.misroute_revisions += 1
        self.revisions += 1
        skill = self.lib.store.get(name)
        note = f"- Revised after a run scored {score:g} (simulated revision, version {skill.version + 1})."
        self.lib.store.update(skill.with_sections(pitfalls=(skill.pitfalls + "\n" + note).strip()),
                              reason=f"revised after a run scored {score:g}")

    def maybe_retire(self, name: str, score: float) -> bool:
        c, router = self.config, self.lib.router
        out = self.lib.store.outcome(name)
        if out.use_count < c.retire_min_uses or score >= c.retire_floor or out.avg_score is None:
            return False
        shrunk = (router.prior_mean * router.prior_weight + out.avg_score * out.use_count) / (
            router.prior_weight + out.use_count)
        if shrunk >= c.retire_floor:
            return False
        self.lib.store.set_status(name, "retired")
        self.retired.add(name)
        return True

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
        active = [n for n in self.hidden if n not in self.retired]
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
        )


def simulate(
    stream: TaskStream,
    config: EvolutionConfig,
    embedder: Embedder,
    policy: Policy,
    *,
    progress: Callable[[str], None] | None = None,
) -> EvolutionRun:
    """Run the stream under one routing policy in a fresh library; checkpoints every ``every`` tasks."""
    limit_threads()
    say = progress or (lambda message: None)
    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="skillrouter-evolution-"))
    try:
        lib = SkillLibrary(Store(work / "store"), embedder, threshold=config.threshold, policy=policy,
                           max_examples=config.max_examples)
        try:
            life = _Life(lib, stream, config)
            for kind, text, quality in stream.variants:
                life.seeded.append(life.add_skill(text, kind, quality, source="seeded variant"))
            checkpoints = [life.checkpoint(0)]
            for i in range(len(stream.tasks)):
                life.step(i)
                if (i + 1) % config.every == 0 or i + 1 == len(stream.tasks):
                    checkpoints.append(life.checkpoint(i + 1))
                    last = checkpoints[-1]
                    say(f"{policy}: {i + 1}/{len(stream.tasks)} tasks, {last.library_size} skills, "
                        f"probe P@1 {_fmt(last.probe_p_at_1)}")
            summary = _summary(life, checkpoints)
            return EvolutionRun(policy, checkpoints, summary, time.perf_counter() - started, life.events)
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


def _summary(life: _Life, checkpoints: list[Checkpoint]) -> dict[str, Any]:
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
        "revisions": life.revisions,
        "revisions_after_misroute": life.misroute_revisions,
        "retired": len(life.retired),
        "retired_skills": [{"name": n, "kind": life.hidden[n].kind, "quality": round(life.hidden[n].quality, 3),
                            "uses": life.lib.store.outcome(n).use_count} for n in sorted(life.retired)],
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


def _variant(life: _Life, name: str) -> dict[str, Any]:
    out = life.lib.store.outcome(name)
    return {"name": name, "kind": life.hidden[name].kind, "quality": round(life.hidden[name].quality, 3),
            "uses": out.use_count, "avg_score": None if out.avg_score is None else round(out.avg_score, 2),
            "retired": name in life.retired}


def _hidden_quality(life: _Life) -> dict[str, Any]:
    """Hidden quality of retired skills against the active ones (bad skills should lose out)."""
    retired = [life.hidden[n].quality for n in life.retired]
    active = [h.quality for n, h in life.hidden.items() if n not in life.retired]
    return {
        "retired_mean_quality": round(sum(retired) / len(retired), 3) if retired else None,
        "active_mean_quality": round(sum(active) / len(active), 3) if active else None,
    }


def run_policies(
    queries: Sequence[Query],
    config: EvolutionConfig,
    embedder: Embedder,
    *,
    progress: Callable[[str], None] | None = None,
) -> tuple[TaskStream, list[EvolutionRun]]:
    """Draw the stream once, warm the embedding cache, and run it under each policy."""
    stream = make_stream(queries, config)
    if progress:
        progress(f"stream: {len(stream.tasks)} tasks over {len(set(stream.kinds))} kinds, "
                 f"{len(stream.probes)} probes, {len(stream.variants)} seeded variants; embedding")
    warm_cache(embedder, stream)
    return stream, [simulate(stream, config, embedder, p, progress=progress) for p in config.policies]
