"""``p_fit``: the probability that a route's pick is the right skill, and the gate on it.

A relevance of 0.42 means nothing to a user; "right four times in five" does. Each candidate of a
route gets :func:`p_fit` from three numbers the router already has:

- its **relevance** (``similarity + coverage_weight * coverage``, after misfits: see
  :mod:`skillrouter.routing.scoring`),
- on the default engine, its **keyword** score (BM25 over the task's best, in [0, 1]),
- its **margin**: its fused similarity (before the track record weighs) less the best of any
  other candidate (positive for the first, negative for the rest; a lone candidate's is its own):
  a pick far ahead of the next is more often right,
- on the multilingual engine, whether the skill is **described in CJK** (a Chinese task and a
  Chinese description lie closer on e5 than either does to English text, unrelated pairs too),

through a logistic curve per engine (Platt scaling): ``p = 1 / (1 + exp(-(a * relevance +
b * keyword + c * margin + d * cjk + e)))``. The coefficients (:data:`CALIBRATIONS`) were fitted on the real
labelled queries of the evaluation suite's corpora, each corpus weighted equally, and checked
leave-one-corpus-out (fitted on all corpora but one, scored on that one):
``benchmarks/fit_constants.py`` prints those left-out numbers and writes the coefficients. Over
the left-out corpora the default engine's curve carries to a library it was not fitted on; the
multilingual one's three corpora are too few to carry a curve to a library left out (measured:
docs/evaluation/routing.md#the-library-fit-p_fit-and-left-out-numbers-issue-35).

**The gate stays on relevance by default.** Gating on ``p_fit`` was measured the same way, left
out: it lost decision accuracy on most English rows (Hermes and SGD's first turns among them;
measured: same page), because the margin that makes ``p_fit`` honest about near neighbours
also rejects right picks whose neighbours are close. So ``passes_gate`` is ``relevance >=
threshold`` unless the caller asks for a gate on ``p_fit`` (``RoutingSettings.min_p_fit``).

Calibrating on each library's own pseudo-tasks (:mod:`skillrouter.routing.fit`) was measured and
not taken: pseudo-tasks are worded like their skills, so their picks are surer than a user's
request and the curve came out underconfident (its calibration error per corpus well above the
left-out error of the curves here; measured: same page).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["CALIBRATIONS", "MARGIN_CLIP", "Calibration", "p_fit"]

MARGIN_CLIP = 1.0
"""A margin counts up to this much either way."""


@dataclass(frozen=True)
class Calibration:
    """One engine's curve: ``p = sigmoid(a * relevance + b * keyword + c * margin + d * cjk + e)``."""

    relevance: float
    keyword: float
    margin: float
    cjk: float
    intercept: float

    def p(self, relevance: float, keyword: float, margin: float, cjk: bool = False) -> float:
        margin = max(-MARGIN_CLIP, min(MARGIN_CLIP, margin))
        z = (
            self.relevance * relevance
            + self.keyword * keyword
            + self.margin * margin
            + self.cjk * float(cjk)
            + self.intercept
        )
        if z >= 0:
            return 1.0 / (1.0 + math.exp(-z))
        e = math.exp(z)
        return e / (1.0 + e)


# benchmarks/fit_constants.py, 2026-12-06: fitted on every row of each engine, rows weighted equally
CALIBRATIONS: dict[str, Calibration] = {
    "default": Calibration(relevance=5.563, keyword=0.934, margin=7.512, cjk=0.0, intercept=-3.953),
    "multilingual": Calibration(relevance=4.024, keyword=0.0, margin=4.11, cjk=-0.9, intercept=-3.083),
}


def p_fit(engine: str, relevance: float, keyword: float, margin: float, cjk: bool = False) -> float:
    """The probability that a candidate is the right skill (see the module docstring)."""
    return CALIBRATIONS[engine].p(relevance, keyword, margin, cjk)
