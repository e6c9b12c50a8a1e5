"""One check of each routing input (task, k, threshold) and one validated set of router knobs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from skillrouter.embeddings import HashEmbedder

from skillrouter import RoutingSettings, SkillLibrary, Store
from skillrouter.routing.scoring import DEFAULT_THRESHOLD
from skillrouter.routing.settings import check_k, check_task, check_threshold


@pytest.mark.parametrize("task", ["", "  \n", None, 3])
def test_a_task_is_non_empty_text(task: object) -> None:
    with pytest.raises(ValueError, match="task must be non-empty text"):
        check_task(task)
    with pytest.raises(ValueError, match="query must be non-empty text"):
        check_task(task, "query")
    assert check_task(" fix the build ") == " fix the build "


@pytest.mark.parametrize("k", [0, -1, True, 2.0, "3"])
def test_k_is_a_whole_number_of_at_least_one(k: object) -> None:
    with pytest.raises(ValueError, match="k must be"):
        check_k(k)
    assert check_k(7) == 7


def test_k_may_have_a_ceiling() -> None:
    assert check_k(50, 50) == 50
    with pytest.raises(ValueError, match="k must be from 1 to 50, got 51"):
        check_k(51, 50)


@pytest.mark.parametrize("threshold", [-0.01, 2.01, math.nan, math.inf, True, "0.3"])
def test_a_threshold_is_a_relevance_from_0_to_2(threshold: object) -> None:
    with pytest.raises(ValueError, match="threshold must be a relevance from 0 to 2"):
        check_threshold(threshold)
    assert check_threshold(0) == 0.0 and check_threshold(2) == 2.0


def test_settings_say_whose_gate_is_in_force() -> None:
    assert RoutingSettings().gate == DEFAULT_THRESHOLD and RoutingSettings().threshold_source == "default"
    given = RoutingSettings(threshold=0.45)
    assert given.gate == 0.45 and given.threshold_source == "given"


@pytest.mark.parametrize(
    "bad",
    [
        {"threshold": -1},
        {"keyword_weight": -0.1},
        {"coverage_weight": math.inf},
        {"quality_weight": 1.5},
        {"misfit_weight": math.nan},
        {"misfit_share_weight": -1},
        {"policy": "best"},
        {"prior_mean": 0},
        {"prior_weight": -1},
        {"overfetch": 0},
        {"overfetch": 2.5},
    ],
)
def test_bad_settings_are_refused_on_construction(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=next(iter(bad))):
        RoutingSettings(**bad)  # type: ignore[arg-type]


def test_replace_checks_again_and_names_what_it_does_not_know() -> None:
    settings = RoutingSettings()
    assert settings.replace(keyword_weight=0).keyword_weight == 0
    with pytest.raises(ValueError, match="keyword_weight"):
        settings.replace(keyword_weight=-1)
    with pytest.raises(ValueError, match="unknown routing setting 'treshold'"):
        settings.replace(treshold=0.3)


def test_the_library_takes_settings_or_their_fields_and_checks_them(tmp_path: Path) -> None:
    with SkillLibrary(
        Store(tmp_path / "a"), HashEmbedder(), routing=RoutingSettings(threshold=0.5), keyword_weight=0.0
    ) as lib:
        assert (lib.routing.gate, lib.routing.keyword_weight) == (0.5, 0.0)
        assert lib.configure(threshold=0.2).gate == 0.2 and lib.router.threshold == 0.2
    with pytest.raises(ValueError, match="threshold must be a relevance"):
        SkillLibrary(Store(tmp_path / "b"), HashEmbedder(), threshold=3.0)


def test_a_rejected_value_is_shown_short() -> None:
    with pytest.raises(ValueError) as caught:
        check_k(10**4000, 50)
    assert len(str(caught.value)) < 120 and "4001 characters" in str(caught.value)
    with pytest.raises(ValueError, match="a number of about 5001 digits"):
        check_k(10**5000, 50)
