"""Pure scoring functions: how keywords and a skill's track record weigh on its route score,
and how relevant a skill must be to be routed at all.

A candidate skill for a task has a dense ``similarity`` (cosine, the best of its Level 0 text
and its examples), a ``keyword`` score (its BM25 divided by the task's best BM25 over the
library, in [0, 1]) and a ``coverage`` (the idf-weighted share of the task's words found in
its text, in [0, 1]); see :mod:`skillrouter.routing.lexical`. Two numbers come out:

- the **rank score**, ``fused(similarity, keyword) * quality factor`` (below), orders the
  candidates: ``fused = similarity + KEYWORD_WEIGHT * keyword``;
- the **relevance**, ``similarity + COVERAGE_WEIGHT * coverage``, is what the gate compares
  with the threshold: the best-ranked candidate is routed if its relevance reaches it.

Weights and threshold were chosen on the evaluation suite's mean over nine corpora, with no
corpus allowed below the plain dense baseline (measured:
docs/evaluation/routing.md#choosing-the-defaults).

quality is the skill's average score (1-10) *shrunk* toward a prior by its use count, so
a skill used once with a 10 does not beat a skill used 40 times with a 9::

    shrunk = (prior_mean * prior_weight + score_sum) / (prior_weight + use_count)

The route score multiplies the fused similarity by a factor in ``[1 - weight, 1]``::

    score = fused * (1 - weight + weight * (quality - 1) / 9)

so with ``weight = 0`` routing ignores the track record, and quality can only reorder
skills whose similarities are close. The gate uses relevance, never the score.

**Misfits** (tasks a skill was routed to and did not fit, see :mod:`skillrouter.rules`) demote
a skill for tasks like them: when the task lies closer to one of the skill's misfits
(``misfit``: the best cosine) than to its description and examples (``similarity``), the
skill's similarity is lowered by ``MISFIT_WEIGHT`` times the difference, before both the rank
score and the relevance are computed (:func:`contrast`)::

    similarity' = similarity - MISFIT_WEIGHT * max(0, misfit - similarity)

A task nearer the skill's own texts than any of its misfits is untouched, so misfits can only
demote, and a skill with none ranks as before. ``MISFIT_WEIGHT`` was chosen where misfits come
from, the evolution simulation (a fit judgement that errs now and then): high enough that a task
a skill did not fit is not routed to it again; where misfits are only label disagreements
(``eval routing --learn``) it costs a little P@1. The measurements are in
docs/evaluation/evolution.md#fit-judged-apart-from-execution-misfits-one-rule-book-issue-8, where
they can be taken again.

A skill's **misfit share** weighs on the gate too: of the routes to it that were judged
(its fitted uses and its misfits), the share that did not fit, once there are
``MISFIT_SHARE_MIN`` (3), lowers its relevance (never its rank score) by
``MISFIT_SHARE_WEIGHT`` (0.2) times the share (:func:`misfit_share_penalty`)::

    relevance' = relevance - MISFIT_SHARE_WEIGHT * misfits / (misfits + use_count)

A skill the router keeps sending tasks it does not fit (a broad description that sounds
like many requests) needs a closer match to be routed again, whatever the task: the
nearest-misfit rule above only reaches tasks worded like a misfit already recorded. A skill
with no misfits, and every skill in a store without misfits, is gated as before. Chosen on
the evolution simulation over five streams (measured:
docs/evaluation/evolution.md#fit-judged-apart-from-execution-misfits-one-rule-book-issue-8); a
skill that fits its routes gets its relevance back as its fitted uses grow.
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
KEYWORD_WEIGHT = 0.3
COVERAGE_WEIGHT = 0.4
DEFAULT_THRESHOLD = 0.30  # on the relevance scale, for all-MiniLM-L6-v2
DEFAULT_MULTILINGUAL_THRESHOLD = 0.84  # on multilingual-e5-small's scale: benchmarks/multilingual_gate.py
DEFAULT_MULTILINGUAL_CJK_THRESHOLD = 0.88
"""The multilingual engine's gate for a skill whose Level 0 text ("name: description") holds CJK
letters: a Chinese task and a Chinese description lie closer on e5 than either does to English
text, unrelated ones too (benchmarks/multilingual_gate.py, part 4; measured:
docs/evaluation/routing.md#chinese-rows-issue-20)."""
MISFIT_WEIGHT = 4.0

MISFIT_SHARE_WEIGHT = 0.2
"""How far a skill's misfit share lowers its relevance (:func:`misfit_share_penalty`)."""

MISFIT_SHARE_MIN = 3
"""Judged routes (fitted uses + misfits) a skill needs before its misfit share counts."""


def shrunk_quality(
    use_count: int,
    avg_score: float | None,
    *,
    prior_mean: float = PRIOR_MEAN,
    prior_weight: float = PRIOR_WEIGHT,
) -> float:
    """Average score shrunk toward ``prior_mean`` by ``prior_weight`` pseudo-uses."""
    if use_count <= 0 or avg_score is None:
        return prior_mean
    return (prior_mean * prior_weight + avg_score * use_count) / (prior_weight + use_count)


def quality(
    use_count: int,
    avg_score: float | None,
    *,
    policy: Policy = "shrunk",
    total_uses: int = 0,
    prior_mean: float = PRIOR_MEAN,
    prior_weight: float = PRIOR_WEIGHT,
    explore_bonus: float = EXPLORE_BONUS,
) -> float:
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


def fused(similarity: float, keyword: float, weight: float = KEYWORD_WEIGHT) -> float:
    """Dense similarity with the keyword score folded in: ``similarity + weight * keyword``."""
    return similarity + weight * keyword


def relevance(similarity: float, coverage: float, weight: float = COVERAGE_WEIGHT) -> float:
    """What the gate compares with the threshold: ``similarity + weight * coverage``."""
    return similarity + weight * coverage


def misfit_share_penalty(use_count: int, misfits: int, weight: float = MISFIT_SHARE_WEIGHT) -> float:
    """What a skill's record of misfits takes off its relevance (see the module docstring):
    ``weight * misfits / (misfits + use_count)`` once it has ``MISFIT_SHARE_MIN`` judged
    routes, 0 before."""
    judged = misfits + max(use_count, 0)
    if misfits <= 0 or judged < MISFIT_SHARE_MIN:
        return 0.0
    return weight * misfits / judged


def route_score(similarity: float, quality_value: float, weight: float = QUALITY_WEIGHT) -> float:
    """A (fused) similarity weighted by quality (see the module docstring)."""
    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"quality weight must be from 0 to 1, got {weight}")
    return similarity * (1.0 - weight + weight * (quality_value - 1.0) / 9.0)


def contrast(similarity: float, misfit: float | None, weight: float = MISFIT_WEIGHT) -> float:
    """A skill's similarity to a task after its misfits (see the module docstring):
    ``similarity - weight * max(0, misfit - similarity)``; ``misfit`` None (no misfit near the
    task) leaves it as it is."""
    if misfit is None or misfit <= similarity:
        return similarity
    return similarity - weight * (misfit - similarity)
