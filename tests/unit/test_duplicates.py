"""The near-duplicate report (skillrouter.routing.duplicates): pairs over summaries and procedures,
computed a block of rows at a time (never an n x n matrix), only around the names asked about."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import HashEmbedder

from skillrouter import Skill, Store
from skillrouter.routing.duplicates import find_duplicates


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "store")
    words = ["csv", "json", "rows", "convert", "parse", "table", "export", "file", "data", "format"]
    for n, combo in enumerate(itertools.combinations(words, 4)):
        store.add(
            Skill.create(f"skill-{n:03d}", f"{' '.join(combo)} tool", procedure=[f"step {n}"]), scan=False
        )
    store.add(Skill.create("twin-a", "convert csv rows into json", procedure=["same steps"]), scan=False)
    store.add(Skill.create("twin-b", "a different description", procedure=["Same   STEPS"]), scan=False)
    return store


def _full(store: Store, threshold: float) -> dict[tuple[str, str], float]:
    """What an n x n product finds (the report's definition)."""
    texts = store.ledger.summary_texts()
    names = sorted(texts)
    v = np.asarray(HashEmbedder().embed_documents([texts[n] for n in names]), dtype=np.float32)
    sims = v @ v.T
    return {
        (names[i], names[j]): float(sims[i, j]) for i, j in zip(*np.nonzero(np.triu(sims >= threshold, k=1)))
    }


@pytest.mark.parametrize("block_cells", [1, 500, 1 << 24])
def test_blocks_of_rows_find_what_the_whole_matrix_finds(store: Store, block_cells: int) -> None:
    pairs, clusters = find_duplicates(store, HashEmbedder(), threshold=0.8, block_cells=block_cells)
    want = _full(store, 0.8) | {("twin-a", "twin-b"): 1.0}  # the same procedure, whatever the wording
    assert {(a, b): s for a, b, s in pairs} == pytest.approx(want, abs=1e-5)
    assert len(want) > 5 and all(len(c) >= 2 for c in clusters)


def test_only_pairs_of_the_names_asked_about(store: Store) -> None:
    some = {"skill-000", "twin-b"}
    pairs, _ = find_duplicates(store, HashEmbedder(), names=some, threshold=0.8)
    full = {p for p in _full(store, 0.8) if some & set(p)} | {("twin-a", "twin-b")}
    assert {(a, b) for a, b, _ in pairs} == full


def test_memory_does_not_grow_with_the_square_of_the_library(store: Store) -> None:
    n = len(store.names())

    def peak(block_cells: int) -> int:
        tracemalloc.start()
        find_duplicates(store, HashEmbedder(), threshold=0.8, block_cells=block_cells)
        used = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return used

    whole, blocked = peak(n * n), peak(4 * n)  # one block of every row (the n x n matrix), then 4 rows
    # the blocked report never holds the n x n float32 matrix (its peak would be the whole one's)
    assert whole - blocked > 0.5 * n * n * 4


def test_our_products_run_blas_on_one_thread() -> None:
    from skillrouter.embeddings import one_blas_thread
    from threadpoolctl import ThreadpoolController

    blas = ThreadpoolController().select(user_api="blas")
    with one_blas_thread():
        assert {i["num_threads"] for i in ThreadpoolController().select(user_api="blas").info()} == {1}
    assert [i["num_threads"] for i in ThreadpoolController().select(user_api="blas").info()] == [
        i["num_threads"] for i in blas.info()
    ]  # and given back after


def test_a_blas_loaded_after_the_first_product_runs_on_one_thread_too() -> None:
    """scipy brings its own OpenBLAS: imported after our first product, it is limited as well."""
    code = (
        "import numpy as np\n"
        "from skillrouter.embeddings import one_blas_thread\n"
        "with one_blas_thread():\n"
        "    np.ones((2, 2)) @ np.ones((2, 2))\n"
        "import scipy.linalg\n"
        "from threadpoolctl import ThreadpoolController\n"
        "with one_blas_thread():\n"
        "    info = ThreadpoolController().select(user_api='blas').info()\n"
        "print(len(info), sorted({i['num_threads'] for i in info}))\n"
    )
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "2", "OMP_NUM_THREADS": "2"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.split() == ["2", "[1]"]


def test_names_the_store_does_not_hold_find_nothing(store: Store) -> None:
    assert find_duplicates(store, HashEmbedder(), names={"gone"}, threshold=0.8) == ([], [])
    assert find_duplicates(store, HashEmbedder(), names=set(), threshold=0.8) == ([], [])


def test_a_process_limited_for_good_asks_blas_nothing_per_product(monkeypatch: pytest.MonkeyPatch) -> None:
    """After limit_threads(1) a product asks the libraries nothing (their thread counts cost 0.2 ms a
    route), until a module loaded since may have brought another BLAS: that one is limited too."""
    import sys

    from skillrouter.embeddings import threads

    monkeypatch.setattr(threads, "_single", False)
    threads.limit_threads(1)
    asked: list[int] = []
    made = threads._blas
    monkeypatch.setattr(threads, "_blas", lambda: asked.append(1) or made())
    with threads.one_blas_thread():
        pass
    assert asked == []
    monkeypatch.setattr(threads, "_limited_modules", len(sys.modules) - 1)  # as if a module loaded since
    with threads.one_blas_thread():
        pass
    assert asked == [1]
    monkeypatch.setattr(threads, "_process_limit", None)
