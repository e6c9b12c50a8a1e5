"""The router: which skill fits this task, or none.

1. Relevance gate: a skill is eligible only if its similarity to the task reaches the
   threshold. A skill's similarity is the best of its Level 0 text and the tasks it has
   served well (its examples). No eligible skill -> ``matched`` is None.
2. Among eligible skills, rank by similarity weighted by quality (see ``scoring``).
   Chroma is asked for several times ``k`` documents, so re-ranking can promote a good
   skill from below the top ``k``.
3. Quarantined and retired skills are never returned.

Deterministic: similarities are exact and ties are broken by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from skillrouter.embeddings.base import Embedder, embed_queries
from skillrouter.index import Hit
from skillrouter.scoring import PRIOR_MEAN, PRIOR_WEIGHT, QUALITY_WEIGHT, Policy, quality, route_score
from skillrouter.skill import SkillSummary
from skillrouter.store import Store

# Calibrated for all-MiniLM-L6-v2 on two libraries, by the best similarity per task:
# - built-in benchmark: tasks with a fitting skill median 0.41 (5th percentile 0.22), tasks
#   without one median 0.12 (95th percentile 0.30); estimated from those, the two error
#   rates cross near 0.26;
# - hermes-agent 0.19.0 (177 skills; 43 covered and 15 uncovered hand-written tasks in
#   tests/integration/test_core_hermes.py): covered 0.32-0.76 (median 0.55), uncovered
#   0.10-0.27 (median 0.21), so anything from 0.28 to 0.32 separates them.
# The ranges agree on 0.27-0.30; 0.28 is near the middle. A no-fit task's best similarity
# grows with library size, so small curated libraries can go lower (terse paraphrases of
# the built-in examples score 0.19-0.29) and big ones higher. Pass ``threshold`` to change it.
DEFAULT_THRESHOLD = 0.28
DEFAULT_K = 5


@dataclass(frozen=True)
class Candidate:
    skill: SkillSummary
    similarity: float
    quality: float
    score: float
    via: str  # "description" or "example": which document gave the similarity

    @property
    def name(self) -> str:
        return self.skill.name

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "similarity": round(self.similarity, 4), "quality": round(self.quality, 4),
                "score": round(self.score, 4), "via": self.via}


@dataclass(frozen=True)
class Route:
    task: str
    matched: SkillSummary | None
    candidates: tuple[Candidate, ...]
    threshold: float
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "matched": self.matched.name if self.matched else None,
            "threshold": self.threshold,
            "candidates": [c.to_dict() for c in self.candidates],
            "reason": self.reason,
        }


class QueryIndex(Protocol):
    """What the router needs of an index: :class:`~skillrouter.index.SkillIndex` (Chroma) or
    :class:`~skillrouter.exact.ExactIndex` (the embedding cache, for one-shot processes)."""

    embedder: Embedder

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]: ...


class Router:
    """Quality-weighted vector routing over a store's index."""

    def __init__(
        self,
        store: Store,
        index: QueryIndex,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        quality_weight: float = QUALITY_WEIGHT,
        policy: Policy = "shrunk",
        prior_mean: float = PRIOR_MEAN,
        prior_weight: float = PRIOR_WEIGHT,
        overfetch: int = 4,
        use_examples: bool = True,
    ) -> None:
        if not 0.0 <= quality_weight <= 1.0:
            raise ValueError(f"quality_weight must be from 0 to 1, got {quality_weight}")
        self.store = store
        self.index = index
        self.threshold = threshold
        self.quality_weight = quality_weight
        self.policy = policy
        self.prior_mean = prior_mean
        self.prior_weight = prior_weight
        self.overfetch = overfetch
        self.use_examples = use_examples

    def route(self, task: str, k: int = DEFAULT_K, task_type: str | None = None,
              tags: Iterable[str] | None = None) -> Route:
        return self.route_many([task], k=k, task_type=task_type, tags=tags)[0]

    def route_many(self, tasks: Sequence[str], k: int = DEFAULT_K, task_type: str | None = None,
                   tags: Iterable[str] | None = None) -> list[Route]:
        """Route several tasks; their embeddings are computed in one batch."""
        if k < 1:
            raise ValueError(f"k must be at least 1, got {k}")
        tasks = list(tasks)
        for task in tasks:
            if not isinstance(task, str) or not task.strip():
                raise ValueError("a task must be non-empty text")
        vectors = embed_queries(self.index.embedder, tasks)
        wanted_tags = set(tags) if tags is not None else None  # once: ``tags`` may be an iterator
        filtered = task_type is not None or wanted_tags is not None
        n = max(k * self.overfetch, 20) * (10 if filtered else 1)
        hits = self.index.query(vectors, n)
        return [self._rank(task, row, k, task_type, wanted_tags) for task, row in zip(tasks, hits)]

    def rank_hits(self, task: str, hits: list[Hit], k: int = DEFAULT_K) -> Route:
        """Rank already-fetched index hits (the evaluation harness reuses one query)."""
        return self._rank(task, hits, k, None, None)

    def _rank(self, task: str, hits: list[Hit], k: int, task_type: str | None, tags: set[str] | None) -> Route:
        best: dict[str, Hit] = {}
        for hit in hits:  # hits are sorted best first: the first per skill is its best
            if hit.kind == "example" and not self.use_examples:
                continue
            best.setdefault(hit.skill, hit)
        records = self.store.records_for(list(best))
        total_uses = self.store.total_uses() if self.policy == "explore" else 0
        candidates: list[Candidate] = []
        for name, hit in best.items():
            record = records.get(name)
            if record is None or record.summary.status != "active":
                continue
            summary = record.summary
            if task_type is not None and summary.task_type != task_type:
                continue
            if tags is not None and not tags & set(summary.tags):
                continue
            q = quality(summary.use_count, summary.avg_score, policy=self.policy, total_uses=total_uses,
                        prior_mean=self.prior_mean, prior_weight=self.prior_weight)
            candidates.append(Candidate(summary, hit.similarity, q, route_score(hit.similarity, q, self.quality_weight),
                                        "example" if hit.kind == "example" else "description"))
        candidates.sort(key=lambda c: (-(c.similarity >= self.threshold), -c.score, -c.similarity, c.name))
        top = tuple(candidates[:k])
        eligible = [c for c in top if c.similarity >= self.threshold]
        if eligible:
            pick = eligible[0]
            reason = (f"{pick.name}: similarity {pick.similarity:.3f} >= {self.threshold:.2f} via {pick.via}, "
                      f"quality {pick.quality:.1f} ({pick.skill.use_count} uses)")
            return Route(task, pick.skill, top, self.threshold, reason)
        if top:
            reason = f"no skill fits: best similarity {top[0].similarity:.3f} ({top[0].name}) < {self.threshold:.2f}"
        else:
            reason = "no skill fits: the index holds no eligible skill"
        return Route(task, None, top, self.threshold, reason)
