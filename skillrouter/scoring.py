"""Pure scoring functions: how a skill's track record weighs on its route score.

quality is the skill's average score (1-10) *shrunk* toward a prior by its use count, so
a skill used once with a 10 does not beat a skill used 40 times with a 9::

    shrunk = (prior_mean * prior_weight + score_sum) / (prior_weight + use_count)

The route score multiplies similarity by a factor in ``[1 - weight, 1]``::

    score = similarity * (1 - weight + weight * (quality - 1) / 9)

so with ``weight = 0`` routing is by similarity alone, and quality can only reorder
skills whose similarities are close. The relevance gate uses similarity, never score.
"""

from __future__ import annotations

import math
from typing import Literal

Policy = Literal["similarity", "raw", "shrunk", "explore"]
POLICIES: tuple[Policy, ...] = ("similarity", "raw", "shrunk", "explore")
PRIOR_MEAN = 6.0
PRIOR_WEIGHT = 5.0
QUALITY_WEIGHT = 0.3
EXPLORE_BONUS = 1.5


def shrunk_quality(use_count: int, avg_score: float | None, *, prior_mean: float = PRIOR_MEAN,
                   prior_weight: float = PRIOR_WEIGHT) -> float:
    """Average score shrunk toward ``prior_mean`` by ``prior_weight`` pseudo-uses."""
    if use_count <= 0 or avg_score is None:
        return prior_mean
    return (prior_mean * prior_weight + avg_score * use_count) / (prior_weight + use_count)


def quality(use_count: int, avg_score: float | None, *, policy: Policy = "shrunk", total_uses: int = 0,
            prior_mean: float = PRIOR_MEAN, prior_weight: float = PRIOR_WEIGHT,
            explore_bonus: float = EXPLORE_BONUS) -> float:
    """A skill's quality on the 1-10 scale under ``policy``.

    - ``similarity``: every skill the same (the prior); ranking is by similarity alone.
    - ``raw``: the plain average (prior when unused): one lucky 10 counts as much as forty.
    - ``shrunk``: :func:`shrunk_quality` (the default).
    - ``explore``: shrunk plus an upper-confidence bonus that fades with use, so rarely
      used skills get tried: ``bonus * sqrt(ln(total_uses + 1) / (use_count + 1))``.
    """
    if policy == "similarity":
        return prior_mean
    if policy == "raw":
        return prior_mean if use_count <= 0 or avg_score is None else avg_score
    base = shrunk_quality(use_count, avg_score, prior_mean=prior_mean, prior_weight=prior_weight)
    if policy == "shrunk":
        return base
    if policy == "explore":
        return min(10.0, base + explore_bonus * math.sqrt(math.log(total_uses + 1) / (use_count + 1)))
    raise ValueError(f"unknown policy {policy!r}; expected one of {', '.join(POLICIES)}")


def route_score(similarity: float, quality_value: float, weight: float = QUALITY_WEIGHT) -> float:
    """Similarity weighted by quality (see the module docstring)."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"quality weight must be from 0 to 1, got {weight}")
    return similarity * (1.0 - weight + weight * (quality_value - 1.0) / 9.0)
