"""Routing metrics: pure functions over each query's ranked candidates.

One :class:`RankedResult` records what the router saw for one query: the gold skill names
(``()`` when no skill fits), the candidate names best first, their scores, and
``top_similarity``, the similarity of the best candidate, which is the value the abstention
gate compares with the threshold. Throughout this module:

- the router **abstains** on a query iff ``top_similarity < threshold`` and **routes** it to
  ``ranked[0]`` otherwise;
- a query is **answerable** iff ``gold != ()``; relevance is binary and a query may have
  several gold names.

Two families of numbers come out of :func:`routing_metrics`:

- *Retrieval* metrics (``p_at_1``, ``recall_at_k``, ``mrr``, ``ndcg_at_k``) are over the
  answerable queries only and **ignore the threshold**: ``p_at_1`` is the share of answerable
  queries whose top candidate is gold, whether or not the gate would have let it through.
- *Decision* metrics use the threshold: abstention precision / recall / F1 (the positive class
  is "abstain"), ``decision_accuracy`` over all queries, and ``coverage`` /
  ``routed_precision`` of the queries actually routed.

A ratio whose denominator is zero (say, abstention recall on a set with no unanswerable
queries) is ``None``, not 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

__all__ = [
    "RankedResult",
    "calibration_error",
    "fit_threshold",
    "gold_ranks",
    "percentile",
    "precision_coverage_curve",
    "routing_metrics",
]


@dataclass(frozen=True)
class RankedResult:
    """One query's outcome: gold names, candidates best first, their scores, the gate value."""

    query: str
    gold: tuple[str, ...]
    ranked: tuple[str, ...]
    scores: tuple[float, ...]
    top_similarity: float
    p_fit: float | None = None  # the router's probability that ranked[0] is right (None: not given)

    def __post_init__(self) -> None:
        object.__setattr__(self, "gold", tuple(self.gold))
        object.__setattr__(self, "ranked", tuple(self.ranked))
        object.__setattr__(self, "scores", tuple(float(s) for s in self.scores))
        object.__setattr__(self, "top_similarity", float(self.top_similarity))
        if len(self.scores) != len(self.ranked):
            raise ValueError(
                f"{len(self.ranked)} ranked names but {len(self.scores)} scores for query {self.query!r}"
            )
        if math.isnan(self.top_similarity):
            raise ValueError(f"top_similarity is NaN for query {self.query!r}")

    @property
    def answerable(self) -> bool:
        return bool(self.gold)

    @property
    def top1_correct(self) -> bool:
        """The best candidate is gold (False for an unanswerable query or an empty list)."""
        return bool(self.ranked) and self.ranked[0] in self.gold

    def abstains(self, threshold: float) -> bool:
        return self.top_similarity < threshold

    def decision_correct(self, threshold: float) -> bool:
        """Routed to a gold skill, or abstained on a query no skill fits."""
        if self.abstains(threshold):
            return not self.gold
        return self.top1_correct


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _ratio(num: int, den: int) -> float | None:
    return num / den if den else None


def _first_gold_rank(result: RankedResult) -> int | None:
    for rank, name in enumerate(result.ranked, start=1):
        if name in result.gold:
            return rank
    return None


def _dcg_terms(result: RankedResult, k: int) -> tuple[float, float]:
    """(DCG@k, ideal DCG@k) with binary relevance; a gold name counts once."""
    seen: set[str] = set()
    dcg = 0.0
    for rank, name in enumerate(result.ranked[:k], start=1):
        if name in result.gold and name not in seen:
            seen.add(name)
            dcg += 1.0 / math.log2(rank + 1)
    n_gold = len(set(result.gold))
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(n_gold, k) + 1))
    return dcg, ideal


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) with linear interpolation (numpy's default method)."""
    if not values:
        raise ValueError("percentile of an empty list")
    if not 0.0 <= q <= 100.0:
        raise ValueError(f"q must be from 0 to 100, got {q!r}")
    ordered = sorted(float(v) for v in values)
    position = (len(ordered) - 1) * q / 100.0
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def routing_metrics(
    results: Sequence[RankedResult],
    *,
    k: int,
    threshold: float,
    latencies_ms: Sequence[float] | None = None,
) -> dict[str, Any]:
    """Retrieval and decision metrics for one run.

    Keys:

    - ``n_queries``, ``n_answerable``, ``n_unanswerable``, ``n_abstained``, ``k``, ``threshold``.
    - Over answerable queries, **ignoring the threshold** (retrieval quality only):
      ``p_at_1`` (top candidate is gold), ``recall_at_k`` (mean share of a query's gold names
      in the top ``k``), ``mrr`` (mean of 1 / rank of the first gold name in the whole ranked
      list, 0 when absent), ``ndcg_at_k`` (binary relevance, ideal = all gold first).
    - Abstention, positive class "abstain" (predicted iff ``top_similarity < threshold``, true
      iff ``gold == ()``): ``abstain_precision``, ``abstain_recall``, ``abstain_f1``
      (``2TP / (2TP + FP + FN)``, so 0 rather than None when there were queries to abstain on
      and none was caught).
    - ``decision_accuracy`` over all queries: routed to a gold skill, or abstained when no
      skill fits.
    - ``coverage``: share of answerable queries routed (not abstained); ``routed_precision``:
      share of routed queries, answerable or not, whose top candidate is gold.
    - ``ece``: expected calibration error of ``p_fit`` (:func:`calibration_error`) over the
      results that carry one, None when none does.
    - ``latency_ms_p50``, ``latency_ms_p95``: None without ``latencies_ms``.

    A ratio with a zero denominator is None.
    """
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a positive integer, got {k!r}")
    results = list(results)
    answerable = [r for r in results if r.answerable]
    unanswerable = [r for r in results if not r.answerable]

    recalls: list[float] = []
    reciprocal: list[float] = []
    ndcgs: list[float] = []
    for r in answerable:
        gold = set(r.gold)
        recalls.append(len(gold & set(r.ranked[:k])) / len(gold))
        rank = _first_gold_rank(r)
        reciprocal.append(1.0 / rank if rank else 0.0)
        dcg, ideal = _dcg_terms(r, k)
        ndcgs.append(dcg / ideal)

    abstained = [r for r in results if r.abstains(threshold)]
    true_abstain = sum(1 for r in abstained if not r.answerable)
    precision = _ratio(true_abstain, len(abstained))
    recall = _ratio(true_abstain, len(unanswerable))
    false_abstain = len(abstained) - true_abstain
    missed = len(unanswerable) - true_abstain
    f1 = _ratio(2 * true_abstain, 2 * true_abstain + false_abstain + missed)

    routed = [r for r in results if not r.abstains(threshold)]
    routed_answerable = sum(1 for r in routed if r.answerable)

    if latencies_ms:
        p50: float | None = percentile(latencies_ms, 50)
        p95: float | None = percentile(latencies_ms, 95)
    else:
        p50 = p95 = None

    return {
        "n_queries": len(results),
        "n_answerable": len(answerable),
        "n_unanswerable": len(unanswerable),
        "n_abstained": len(abstained),
        "k": k,
        "p_at_1": _mean([1.0 if r.top1_correct else 0.0 for r in answerable]),
        "recall_at_k": _mean(recalls),
        "mrr": _mean(reciprocal),
        "ndcg_at_k": _mean(ndcgs),
        "abstain_precision": precision,
        "abstain_recall": recall,
        "abstain_f1": f1,
        "decision_accuracy": _mean([1.0 if r.decision_correct(threshold) else 0.0 for r in results]),
        "coverage": _ratio(routed_answerable, len(answerable)),
        "routed_precision": _ratio(sum(1 for r in routed if r.top1_correct), len(routed)),
        "threshold": float(threshold),
        "ece": calibration_error(results),
        "latency_ms_p50": p50,
        "latency_ms_p95": p95,
    }


def calibration_error(results: Sequence[RankedResult], bins: int = 10) -> float | None:
    """Expected calibration error of the results' ``p_fit``: the queries cut into ``bins`` equal
    bins of p_fit, each bin's |mean p_fit - share whose top candidate is gold| weighted by its
    share of the queries (a query no skill fits counts as wrong: its top candidate is not right).
    None when no result carries a p_fit."""
    given = [r for r in results if r.p_fit is not None]
    if not given:
        return None
    sums: dict[int, list[float]] = {}
    for r in given:
        p = min(max(float(r.p_fit), 0.0), 1.0)  # type: ignore[arg-type]
        cell = sums.setdefault(min(int(p * bins), bins - 1), [0.0, 0.0, 0.0])
        cell[0] += 1
        cell[1] += p
        cell[2] += 1.0 if r.top1_correct else 0.0
    return sum(abs(total_p - right) for _, total_p, right in sums.values()) / len(given)


def _accuracy_at(results: Sequence[RankedResult], threshold: float) -> int:
    return sum(1 for r in results if r.decision_correct(threshold))


def fit_threshold(
    results: Sequence[RankedResult],
    *,
    grid: Iterable[float] | None = None,
    domain: tuple[float, float] = (-1.0, 1.0),
) -> float:
    """The threshold that maximises ``decision_accuracy`` on ``results`` (a train part).

    Without ``grid`` the search is exact. Accuracy only changes at the distinct
    ``top_similarity`` values ``v1 < ... < vm``, so it is constant on each interval
    ``(-inf, v1]``, ``(v1, v2]``, ..., ``(vm, +inf)``. Adjacent best intervals join into a
    plateau; the two open ends are cut at ``domain`` (the range similarities live in, cosine by
    default). Among plateaus that tie, the widest wins (widths equal up to float rounding
    tie), then the lowest; the result is its midpoint (a plateau cut to nothing at the domain
    edge gives its inside edge: ``v1`` for "never abstain", the next float above ``vm`` for
    "always abstain").

    With ``grid`` only the grid values are candidates: runs of adjacent grid values that reach
    the best accuracy are plateaus, the widest (then lowest) wins, and its middle grid value is
    returned (the lower of two middles).
    """
    results = list(results)
    if not results:
        raise ValueError("fit_threshold needs at least one result")
    if grid is not None:
        return _fit_on_grid(results, grid)
    lo, hi = float(domain[0]), float(domain[1])
    if not lo < hi:
        raise ValueError(f"domain must be (low, high) with low < high, got {domain!r}")

    values = sorted({r.top_similarity for r in results})
    # Interval i is (values[i-1], values[i]], with values[-1] = -inf and values[m] = +inf.
    # A threshold in interval i abstains on exactly the results with similarity < values[i].
    wrong_if_routed: dict[float, int] = {}
    right_if_routed: dict[float, int] = {}
    for r in results:
        s = r.top_similarity
        if r.answerable:
            right_if_routed[s] = right_if_routed.get(s, 0) + (1 if r.top1_correct else 0)
        else:
            wrong_if_routed[s] = wrong_if_routed.get(s, 0) + 1
    # Interval 0: nobody abstains.
    score = sum(right_if_routed.values())
    scores = [score]
    for v in values:
        # Moving past v: results at similarity v now abstain.
        score += wrong_if_routed.get(v, 0) - right_if_routed.get(v, 0)
        scores.append(score)
    best = max(scores)

    bounds = [-math.inf, *values, math.inf]  # interval i spans (bounds[i], bounds[i+1]]
    plateaus: list[tuple[float, float]] = []
    i = 0
    while i < len(scores):
        if scores[i] != best:
            i += 1
            continue
        j = i
        while j + 1 < len(scores) and scores[j + 1] == best:
            j += 1
        plateaus.append((bounds[i], bounds[j + 1]))
        i = j + 1

    def clipped(plateau: tuple[float, float]) -> tuple[float, float]:
        low, high = plateau
        low = max(low, lo) if math.isinf(low) else low
        high = min(high, hi) if math.isinf(high) else high
        return low, high

    def width(plateau: tuple[float, float]) -> float:
        low, high = clipped(plateau)
        return max(high - low, 0.0)

    chosen = _widest_then_lowest(plateaus, width, lambda p: p[0])
    low, high = clipped(chosen)
    if math.isinf(chosen[0]) and low >= high:
        return chosen[1]  # the plateau lies below the domain: its upper edge is in it
    if math.isinf(chosen[1]) and low >= high:
        return math.nextafter(chosen[0], math.inf)  # above the domain: just past its lower edge
    middle = (low + high) / 2
    if not chosen[0] < middle <= chosen[1]:
        middle = chosen[1] if not math.isinf(chosen[1]) else math.nextafter(chosen[0], math.inf)
    return middle


_T = TypeVar("_T")


def _widest_then_lowest(items: list[_T], width: Callable[[_T], float], start: Callable[[_T], float]) -> _T:
    """The widest item, then the lowest; widths equal up to rounding (1e-9 relative) tie."""
    widest = max(width(item) for item in items)
    tied = [item for item in items if math.isclose(width(item), widest, rel_tol=1e-9, abs_tol=1e-12)]
    return min(tied, key=start)


def _fit_on_grid(results: Sequence[RankedResult], grid: Iterable[float]) -> float:
    points = sorted({float(t) for t in grid})
    if not points:
        raise ValueError("grid is empty")
    if any(math.isnan(t) for t in points):
        raise ValueError("grid contains NaN")
    accuracy = [_accuracy_at(results, t) for t in points]
    best = max(accuracy)
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(points):
        if accuracy[i] != best:
            i += 1
            continue
        j = i
        while j + 1 < len(points) and accuracy[j + 1] == best:
            j += 1
        runs.append((i, j))
        i = j + 1
    first, last = _widest_then_lowest(
        runs, lambda run: points[run[1]] - points[run[0]], lambda run: points[run[0]]
    )
    return points[(first + last) // 2]


def precision_coverage_curve(
    results: Sequence[RankedResult], thresholds: Iterable[float]
) -> list[tuple[float, float, float]]:
    """``(threshold, coverage, precision)`` for each threshold, in the order given.

    ``coverage`` is the share of answerable queries routed (``top_similarity >= threshold``);
    ``precision`` is the share of routed queries, answerable or not, whose top candidate is
    gold (routing an unanswerable query is always wrong). When nothing is routed precision is
    1.0 (no wrong route was made), as in the usual precision-recall convention; coverage with
    no answerable queries is 0.0.
    """
    results = list(results)
    n_answerable = sum(1 for r in results if r.answerable)
    curve: list[tuple[float, float, float]] = []
    for threshold in thresholds:
        t = float(threshold)
        routed = [r for r in results if not r.abstains(t)]
        covered = sum(1 for r in routed if r.answerable)
        correct = sum(1 for r in routed if r.top1_correct)
        coverage = covered / n_answerable if n_answerable else 0.0
        precision = correct / len(routed) if routed else 1.0
        curve.append((t, coverage, precision))
    return curve


def gold_ranks(results: Iterable[RankedResult]) -> list[int | None]:
    """1-based rank of the first gold name in each ranked list; None if absent or no gold."""
    return [_first_gold_rank(r) for r in results]
