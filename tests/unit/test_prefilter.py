"""The int8 prefilter of a large search matrix: the rows it keeps always hold the exact nearest
ones, and a search through it answers exactly as the float32 product does."""

from __future__ import annotations

import numpy as np
import pytest

from skillrouter.routing import documents, prefilter
from skillrouter.routing.documents import _NOISE, _nearest_one, nearest
from skillrouter.routing.prefilter import Prefilter


def _unit(rows: np.ndarray) -> np.ndarray:
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def _library(n: int = 3000, dim: int = 64, seed: int = 0) -> np.ndarray:
    """Clustered vectors, as skill descriptions are: many rows close to each other (near ties at
    the m-th place), a few exact duplicates."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((40, dim))
    rows = centres[rng.integers(0, 40, n)] + 0.35 * rng.standard_normal((n, dim))
    rows[10:20] = rows[0]  # ten copies of one row: a tie the id decides
    return _unit(rows)


def _exact_within_noise(matrix: np.ndarray, query: np.ndarray, m: int) -> set[int]:
    scores = matrix @ query
    cut = np.partition(scores, len(scores) - m)[len(scores) - m]
    return set(np.flatnonzero(scores >= cut - _NOISE).tolist())


@pytest.mark.parametrize("m", [1, 5, 20, 60])
def test_the_candidates_hold_every_row_within_noise_of_the_m_best(m: int) -> None:
    matrix = _library()
    pre = Prefilter(matrix)
    rng = np.random.default_rng(1)
    queries = _unit(
        np.vstack([matrix[:30] + 0.1 * rng.standard_normal((30, 64)), rng.standard_normal((30, 64))])
    )
    sizes = []
    for query in queries:
        rows = pre.candidates(query, m, _NOISE)
        assert rows is not None and len(rows) >= m
        assert _exact_within_noise(matrix, query, m) <= set(rows.tolist())
        sizes.append(len(rows))
    assert np.median(sizes) < len(matrix) / 4  # it narrows: otherwise it would only cost time


def test_the_integer_product_is_exact_at_the_extremes() -> None:
    """Every weight at +-127 and every query level at +-63: u8 x s8 pair sums at their largest
    (a CPU whose instruction saturates at 2^15 would get these wrong)."""
    dim = 384
    rng = np.random.default_rng(2)
    matrix = np.where(rng.random((2000, dim)) < 0.5, 1.0, -1.0).astype(np.float32)
    matrix[0] = 1.0
    pre = Prefilter(matrix)
    query = np.where(rng.random(dim) < 0.5, 1.0, -1.0)
    query[:] = 1.0
    y, _ = pre._session.run(None, {"q": np.full((1, dim), 127, dtype=np.uint8), "k": np.array([3])})
    expected = (63 * np.rint(matrix / pre.scale).astype(np.int64)).sum(axis=1)
    assert np.array_equal(y[0], expected)
    assert _exact_within_noise(matrix, query / np.linalg.norm(query), 3) <= set(
        pre.candidates(query / np.linalg.norm(query), 3, _NOISE).tolist()
    )


def test_a_zero_query_is_left_to_the_float_product() -> None:
    assert Prefilter(_library(200)).candidates(np.zeros(64, dtype=np.float32), 5, _NOISE) is None


def test_a_large_matrix_searched_again_answers_exactly_as_the_float_product(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(prefilter, "ROWS", 1000)
    matrix = _library()
    ids = [f"skill-{i:05d}" for i in range(len(matrix))]
    rng = np.random.default_rng(3)
    queries = _unit(
        np.vstack([matrix[:20] + 0.05 * rng.standard_normal((20, 64)), rng.standard_normal((20, 64))])
    )
    expected = [_nearest_one(ids, matrix, q, 25) for q in queries]
    assert prefilter.prefilter_of(matrix) is None  # first search: the one-shot route builds nothing
    assert nearest(ids, matrix, queries, 25) == expected  # second: the build starts, not yet used
    prefilter.wait_for_builds()
    assert prefilter.prefilter_of(matrix) is not None
    assert nearest(ids, matrix, queries, 25) == expected
    assert [h.id for h in nearest(ids, matrix, matrix[:1], 12)[0][:10]] == [ids[0]] + ids[10:19]


def test_a_small_matrix_never_gets_one() -> None:
    matrix = _library(500)
    for _ in range(3):
        assert prefilter.prefilter_of(matrix) is None
    assert documents.prefilter_of is prefilter.prefilter_of
