"""The task stream every policy sees: tasks with their kinds, the probe set, the seeded variants
and every random draw, made up front and deterministic in the seed."""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from skillrouter.embeddings import Embedder
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.datasets import Query
from skillrouter.eval.evolution.config import EvolutionConfig

from skillrouter import SkillRouterError

__all__ = ["TaskStream", "make_stream", "warm_cache"]


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
    fit_draw: list[float] = field(
        default_factory=list
    )  # uniform [0, 1): the fit judgement errs below fit_error
    same_draw: list[float] = field(
        default_factory=list
    )  # uniform [0, 1): the "same skill" judgement errs below it

    def head(self, n: int) -> TaskStream:
        """The first ``n`` tasks of the stream, with the same probes and variants."""
        return TaskStream(
            self.tasks[:n],
            self.kinds[:n],
            self.probes,
            self.variants,
            self.steps[:n],
            self.noise[:n],
            self.new_quality[:n],
            self.fit_draw[:n],
            self.same_draw[:n],
        )


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
    need = config.probe_per_kind + n_variants + config.min_per_kind
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


def warm_cache(embedder: Embedder, stream: TaskStream) -> None:
    """Embed every text the run will need in two batches (queries, documents) up front."""
    texts = (
        [q.query for q in stream.tasks]
        + [q.query for q in stream.probes]
        + [t for _, t, _ in stream.variants]
    )
    embed_queries(embedder, texts)
    embedder.embed_documents(texts)
