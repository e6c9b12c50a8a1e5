"""Scoring is pure: a track record reorders skills of close similarity, never more."""

from __future__ import annotations

import math

import pytest

from skillrouter.routing.scoring import (
    PRIOR_MEAN,
    PRIOR_WEIGHT,
    QUALITY_WEIGHT,
    contrast,
    quality,
    route_score,
    shrunk_quality,
)


def test_shrunk_quality_is_a_weighted_mean_with_the_prior() -> None:
    assert shrunk_quality(0, None) == PRIOR_MEAN
    assert shrunk_quality(3, None) == PRIOR_MEAN
    assert shrunk_quality(1, 10.0) == pytest.approx((PRIOR_MEAN * PRIOR_WEIGHT + 10) / (PRIOR_WEIGHT + 1))
    assert shrunk_quality(40, 9.0) == pytest.approx((PRIOR_MEAN * PRIOR_WEIGHT + 360) / (PRIOR_WEIGHT + 40))
    assert shrunk_quality(10_000, 9.0) == pytest.approx(9.0, abs=0.01)  # evidence wins in the end
    assert shrunk_quality(2, 4.0, prior_mean=5.0, prior_weight=2.0) == pytest.approx(4.5)


def test_one_lucky_ten_does_not_beat_forty_nines() -> None:
    lucky, proven = quality(1, 10.0), quality(40, 9.0)
    assert proven > lucky
    assert route_score(0.6, proven) > route_score(0.6, lucky)
    # the naive average would have preferred the lucky one: the shrinkage is what decides
    assert quality(1, 10.0, policy="raw") > quality(40, 9.0, policy="raw")
    assert route_score(0.6, quality(1, 10.0, policy="raw")) > route_score(0.6, quality(40, 9.0, policy="raw"))


def test_a_proven_skill_beats_an_unused_one_but_not_a_clearly_closer_one() -> None:
    assert route_score(0.60, quality(40, 9.0)) > route_score(0.60, quality(0, None))
    assert route_score(0.80, quality(0, None)) > route_score(0.60, quality(40, 10.0))
    # quality moves a score by at most the weight (30%): a much closer skill still wins
    assert route_score(0.80, quality(40, 1.0)) > route_score(0.55, quality(40, 10.0))
    assert route_score(0.80, 1.0) >= (1 - QUALITY_WEIGHT) * route_score(0.80, 10.0)


def test_policies() -> None:
    assert quality(40, 9.0, policy="similarity") == PRIOR_MEAN == quality(0, None, policy="similarity")
    assert quality(3, 8.0, policy="raw") == 8.0 and quality(0, None, policy="raw") == PRIOR_MEAN
    assert quality(3, 8.0, policy="shrunk") == shrunk_quality(3, 8.0)
    with pytest.raises(ValueError, match="unknown policy"):
        quality(1, 5.0, policy="best")  # type: ignore[arg-type]


def test_explore_bonus_favours_the_rarely_used_and_fades_with_use() -> None:
    total = 100
    rare = quality(1, 6.0, policy="explore", total_uses=total)
    common = quality(60, 6.0, policy="explore", total_uses=total)
    assert rare > common > shrunk_quality(60, 6.0)
    assert rare - shrunk_quality(1, 6.0) == pytest.approx(1.5 * math.sqrt(math.log(total + 1) / 2))
    assert quality(0, None, policy="explore", total_uses=0) == PRIOR_MEAN  # nothing used yet: no bonus
    assert quality(1, 10.0, policy="explore", total_uses=10**9) == 10.0  # capped at the scale


def test_route_score_range_and_weight() -> None:
    assert route_score(0.5, 10.0) == pytest.approx(0.5)
    assert route_score(0.5, 1.0) == pytest.approx(0.5 * (1 - QUALITY_WEIGHT))
    assert route_score(0.5, 1.0, weight=0.0) == route_score(0.5, 10.0, weight=0.0) == 0.5
    assert route_score(0.5, 1.0, weight=1.0) == 0.0
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="from 0 to 1"):
            route_score(0.5, 5.0, weight=bad)


def test_route_score_is_monotonic_in_both_arguments() -> None:
    sims = [0.1 * i for i in range(11)]
    quals = [1 + 0.9 * i for i in range(11)]
    for q in quals:
        scores = [route_score(s, q) for s in sims]
        assert scores == sorted(scores)
    for s in sims[1:]:
        scores = [route_score(s, q) for q in quals]
        assert scores == sorted(scores) and scores[0] < scores[-1]


def test_contrast_lowers_a_similarity_only_below_the_nearest_misfit() -> None:
    assert contrast(0.6, None) == 0.6
    assert contrast(0.6, 0.6) == 0.6 and contrast(0.6, 0.4) == 0.6
    assert contrast(0.6, 0.8, 1.0) == pytest.approx(0.4)
    assert contrast(0.6, 0.8, 2.0) == pytest.approx(0.2)
    assert contrast(0.6, 0.8, 0.0) == 0.6
