"""eval.metrics: hand-computed values on tiny inputs, and threshold fitting."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from skillrouter.eval.metrics import (
    RankedResult,
    fit_threshold,
    gold_ranks,
    percentile,
    precision_coverage_curve,
    routing_metrics,
)


def rr(gold: tuple[str, ...], ranked: tuple[str, ...], top: float, query: str = "q") -> RankedResult:
    scores = tuple(top - 0.1 * i for i in range(len(ranked)))
    return RankedResult(query=query, gold=gold, ranked=ranked, scores=scores, top_similarity=top)


# r1 top-1 right, routed; r2 gold at rank 2, routed; r3 two gold (c at rank 3, d absent), abstained;
# r4 no gold, abstained; r5 no gold, routed.
FIVE = [
    rr(("a",), ("a", "b", "c"), 0.9, "r1"),
    rr(("b",), ("a", "b", "c"), 0.6, "r2"),
    rr(("c", "d"), ("a", "b", "c"), 0.4, "r3"),
    rr((), ("a", "b", "c"), 0.3, "r4"),
    rr((), ("b", "a", "c"), 0.7, "r5"),
]


def test_routing_metrics_hand_computed() -> None:
    m = routing_metrics(FIVE, k=2, threshold=0.5, latencies_ms=[10.0, 40.0, 20.0, 30.0])
    assert m["n_queries"] == 5
    assert m["n_answerable"] == 3
    assert m["n_unanswerable"] == 2
    assert m["n_abstained"] == 2
    assert m["k"] == 2
    assert m["p_at_1"] == pytest.approx(1 / 3)
    assert m["recall_at_k"] == pytest.approx((1 + 1 + 0) / 3)
    assert m["mrr"] == pytest.approx((1 + 1 / 2 + 1 / 3) / 3)
    assert m["ndcg_at_k"] == pytest.approx((1 + 1 / math.log2(3) + 0) / 3)
    assert m["abstain_precision"] == pytest.approx(1 / 2)  # abstained r3, r4; r4 right
    assert m["abstain_recall"] == pytest.approx(1 / 2)  # unanswerable r4, r5; r4 caught
    assert m["abstain_f1"] == pytest.approx(1 / 2)
    assert m["decision_accuracy"] == pytest.approx(2 / 5)  # r1 and r4
    assert m["coverage"] == pytest.approx(2 / 3)
    assert m["routed_precision"] == pytest.approx(1 / 3)  # routed r1, r2, r5
    assert m["threshold"] == 0.5
    assert m["latency_ms_p50"] == pytest.approx(25.0)
    assert m["latency_ms_p95"] == pytest.approx(38.5)


def test_recall_and_ndcg_with_several_gold() -> None:
    r = rr(("x", "y", "z"), ("y", "q", "x", "z"), 0.8)
    m = routing_metrics([r], k=3, threshold=0.0)
    assert m["recall_at_k"] == pytest.approx(2 / 3)
    ideal = 1 + 1 / math.log2(3) + 1 / math.log2(4)
    assert m["ndcg_at_k"] == pytest.approx((1 + 1 / math.log2(4)) / ideal)
    assert m["mrr"] == 1.0
    # a gold name repeated in the ranking counts once
    dup = rr(("x",), ("x", "x"), 0.8)
    assert routing_metrics([dup], k=2, threshold=0.0)["ndcg_at_k"] == pytest.approx(1.0)


def test_p_at_1_ignores_threshold_but_decisions_do_not() -> None:
    low = routing_metrics(FIVE, k=1, threshold=0.0)
    high = routing_metrics(FIVE, k=1, threshold=0.95)
    assert low["p_at_1"] == high["p_at_1"] == pytest.approx(1 / 3)
    assert low["decision_accuracy"] == pytest.approx(1 / 5)  # only r1
    assert high["decision_accuracy"] == pytest.approx(2 / 5)  # r4 and r5 abstain rightly
    assert low["abstain_precision"] is None  # nothing abstained
    assert low["abstain_recall"] == 0.0
    assert low["abstain_f1"] == 0.0
    assert high["coverage"] == 0.0 and high["routed_precision"] is None


def test_undefined_ratios_are_none() -> None:
    m = routing_metrics([rr(("a",), ("a",), 0.9)], k=1, threshold=0.5)
    assert m["abstain_recall"] is None and m["abstain_f1"] is None
    assert m["latency_ms_p50"] is None and m["latency_ms_p95"] is None
    empty = routing_metrics([], k=1, threshold=0.5)
    assert empty["n_queries"] == 0 and empty["p_at_1"] is None and empty["decision_accuracy"] is None


def test_abstain_is_strictly_below_threshold() -> None:
    at = rr((), ("a",), 0.5)
    assert routing_metrics([at], k=1, threshold=0.5)["n_abstained"] == 0
    assert routing_metrics([at], k=1, threshold=0.5000001)["n_abstained"] == 1


def test_bad_inputs() -> None:
    with pytest.raises(ValueError, match="k must be"):
        routing_metrics(FIVE, k=0, threshold=0.5)
    with pytest.raises(ValueError, match="scores"):
        RankedResult("q", ("a",), ("a", "b"), (0.5,), 0.5)
    with pytest.raises(ValueError, match="NaN"):
        RankedResult("q", ("a",), ("a",), (0.5,), float("nan"))
    with pytest.raises(ValueError):
        fit_threshold([])


def test_percentile_matches_linear_interpolation() -> None:
    assert percentile([5.0], 95) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == pytest.approx(2.5)
    assert percentile([1.0, 2.0, 3.0, 4.0], 95) == pytest.approx(3.85)


def test_gold_ranks() -> None:
    assert gold_ranks(FIVE) == [1, 2, 3, None, None]
    assert gold_ranks([rr(("z",), ("a", "b"), 0.5)]) == [None]


def test_precision_coverage_curve() -> None:
    curve = precision_coverage_curve(FIVE, [0.0, 0.5, 0.65, 0.95])
    expected = [(0.0, 1.0, 1 / 5), (0.5, 2 / 3, 1 / 3), (0.65, 1 / 3, 1 / 2), (0.95, 0.0, 1.0)]
    assert len(curve) == len(expected)
    for got, want in zip(curve, expected):
        assert got == pytest.approx(want)


# ---------------------------------------------------------------- fit_threshold


def right(top: float) -> RankedResult:
    return rr(("a",), ("a", "b"), top)


def wrong(top: float) -> RankedResult:
    return rr(("b",), ("a", "b"), top)  # answerable, but the top candidate is not gold


def none(top: float) -> RankedResult:
    return rr((), ("a", "b"), top)


def test_fit_threshold_midpoint_of_best_interval() -> None:
    results = [right(0.8), right(0.7), none(0.3), none(0.2)]
    assert fit_threshold(results) == pytest.approx(0.5)  # best interval (0.3, 0.7]


def test_fit_threshold_joins_adjacent_best_intervals_into_one_plateau() -> None:
    # a query routed wrongly either way splits (0.3, 0.7] at 0.6 without changing accuracy
    results = [right(0.8), right(0.7), wrong(0.6), none(0.3), none(0.2)]
    assert fit_threshold(results) == pytest.approx(0.5)


def test_fit_threshold_prefers_widest_then_lowest_plateau() -> None:
    # two best plateaus: (0.3, 0.5] and (0.6, 0.95]; the wider one wins
    widest = [none(0.3), right(0.5), none(0.6), right(0.95)]
    assert fit_threshold(widest) == pytest.approx(0.775)
    # equal widths (0.2, 0.5] and (0.6, 0.9]: the lower one wins
    tied = [none(0.2), right(0.5), none(0.6), right(0.9)]
    assert fit_threshold(tied) == pytest.approx(0.35)


def test_fit_threshold_open_ends_use_the_domain() -> None:
    # nothing to abstain on: plateau (-inf, 0.4] cut at -1 -> midpoint -0.3
    assert fit_threshold([right(0.4), right(0.8)]) == pytest.approx(-0.3)
    # all unanswerable: plateau (0.6, inf) cut at 1 -> 0.8
    assert fit_threshold([none(0.2), none(0.6)]) == pytest.approx(0.8)
    assert fit_threshold([none(0.2), none(0.6)], domain=(0.0, 2.0)) == pytest.approx(1.3)
    # a plateau cut to nothing gives a threshold that still makes the right decision
    top = fit_threshold([none(1.0)])
    assert top > 1.0 and routing_metrics([none(1.0)], k=1, threshold=top)["decision_accuracy"] == 1.0


def test_fit_threshold_on_a_grid_returns_middle_of_best_run() -> None:
    results = [right(0.8), right(0.7), none(0.3), none(0.2)]
    grid = [i / 10 for i in range(1, 10)]  # best run 0.4, 0.5, 0.6, 0.7 -> lower middle 0.5
    assert fit_threshold(results, grid=grid) == 0.5
    assert fit_threshold(results, grid=reversed(grid)) == 0.5


def test_fit_threshold_is_optimal_and_deterministic_on_random_data() -> None:
    rng = random.Random(7)
    for _ in range(30):
        results = []
        for _ in range(rng.randint(1, 25)):
            top = round(rng.uniform(-0.2, 1.0), 2)
            results.append(rng.choice([right, wrong, none])(top))
        t = fit_threshold(results)
        assert fit_threshold(list(reversed(results))) == t
        candidates = sorted({r.top_similarity for r in results})
        probes = [candidates[0] - 1, candidates[-1] + 1] + candidates
        probes += [(a + b) / 2 for a, b in itertools.pairwise(candidates)]
        best = max(routing_metrics(results, k=1, threshold=p)["decision_accuracy"] for p in probes)
        assert routing_metrics(results, k=1, threshold=t)["decision_accuracy"] == best
