"""Keyword scores and their fusion (eval/keyword.py)."""

from __future__ import annotations

import numpy as np
import pytest

from skillrouter.eval.keyword import KeywordIndex, fit_weight, fuse, stem, tokenize


@pytest.mark.parametrize(
    ("word", "expected"),
    [("papers", "paper"), ("booking", "book"), ("queries", "query"), ("booked", "book"), ("class", "class"),
     ("status", "status"), ("boxes", "box"), ("gas", "gas"), ("2024", "2024")],
)
def test_stem(word: str, expected: str) -> None:
    assert stem(word) == expected


def test_tokenize_drops_stop_words_and_single_letters() -> None:
    assert tokenize("Can I find the academic Papers on PM2.5?") == ["find", "academic", "paper", "pm2"]


def test_scores_rank_the_skill_that_shares_rare_words() -> None:
    index = KeywordIndex({
        "research-helper": "research helper: find academic papers and generate bibtex",
        "weather": "weather forecast for any zip code",
        "calculator": ["calculator", "evaluate a formula"],
    })
    assert index.names == ["calculator", "research-helper", "weather"]
    raw = index.scores(["bibtex for these papers", "forecast in my zip code", "nothing in common"])
    assert raw.shape == (3, 3)
    assert index.names[int(raw[0].argmax())] == "research-helper"
    assert index.names[int(raw[1].argmax())] == "weather"
    assert not raw[2].any()
    norm = index.normalised(["bibtex for these papers", "nothing in common"])
    assert norm[0].max() == pytest.approx(1.0) and (norm >= 0).all() and (norm <= 1).all()
    assert not norm[1].any()  # no shared word: the dense order stays as it is
    assert index.column("weather") == 2 and index.column("missing") is None


def test_fuse_and_fit_weight() -> None:
    assert fuse(0.5, 1.0, 0.2) == pytest.approx(0.7)
    assert fit_weight(lambda w: -abs(w - 0.3), np.linspace(0, 1, 11)) == pytest.approx(0.3)
    assert fit_weight(lambda w: 1.0, [0.5, 0.2, 0.9]) == 0.2  # ties: the lowest weight
