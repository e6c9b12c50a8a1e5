"""The plain dense baseline every routing number is printed beside.

Ten lines anyone would write first: embed ``"name: description"`` of every active skill with
the same model, embed the task, take the skill of highest cosine similarity, and abstain when
that similarity is under a fixed 0.28 (the router's threshold before the evaluation suite
existed). No keywords, no track record, no examples. Rows with Chinese tasks have a second
baseline, the same ten lines with multilingual-e5-small (``embedder=``; its cosines lie higher,
so its cut is its own, :data:`E5_BASELINE_THRESHOLD`). It runs on the library the router was
built on, with the same (cached) embedder, so the two columns differ only in the routing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from skillrouter.embeddings.base import Embedder, embed_queries
from skillrouter.eval.datasets import Query
from skillrouter.eval.metrics import RankedResult, routing_metrics

from skillrouter.library import SkillLibrary

__all__ = ["BASELINE_THRESHOLD", "E5_BASELINE_THRESHOLD", "dense_baseline", "dense_ranked"]

BASELINE_THRESHOLD = 0.28

E5_BASELINE_THRESHOLD = 0.0
"""The multilingual baseline's abstention cut on multilingual-e5-small's cosine scale (see
docs/evaluation/routing.md#chinese-rows-issue-20)."""


def dense_ranked(
    lib: SkillLibrary,
    queries: Sequence[Query],
    *,
    k: int = 5,
    embedder: Embedder | None = None,
) -> list[RankedResult]:
    """Plain dense routing's ranked skills for each of ``queries`` over ``lib``'s active skills
    (see the module docstring), with ``lib``'s embedder or ``embedder``."""
    model = lib.embedder if embedder is None else embedder
    skills = lib.list_skills("active")
    names = [s.name for s in skills]
    vectors = np.asarray(
        model.embed_documents([f"{s.name}: {s.description}" for s in skills]), dtype=np.float32
    )
    tasks = embed_queries(model, [q.query for q in queries])
    results = []
    for q, sims in zip(queries, tasks @ vectors.T if len(names) else np.zeros((len(queries), 0))):
        top = np.argsort(-sims, kind="stable")[:k]
        results.append(
            RankedResult(
                q.query,
                q.gold,
                tuple(names[i] for i in top),
                tuple(float(sims[i]) for i in top),
                float(sims[top[0]]) if len(top) else -1.0,
            )
        )
    return results


def dense_baseline(
    lib: SkillLibrary,
    queries: Sequence[Query],
    *,
    k: int = 5,
    threshold: float = BASELINE_THRESHOLD,
    embedder: Embedder | None = None,
) -> dict[str, Any]:
    """Metrics of plain dense routing over ``lib``'s active skills (see the module docstring),
    with ``lib``'s embedder or ``embedder`` (the multilingual baseline: e5 at
    :data:`E5_BASELINE_THRESHOLD`)."""
    return routing_metrics(dense_ranked(lib, queries, k=k, embedder=embedder), k=k, threshold=threshold)
