"""Near-duplicate skills in a store: cosine similarity of "name: description" at or above a
threshold, or the same procedure text (whitespace and case ignored). Pairs are grouped into
clusters. This is the report an import prints and ``skillrouter duplicates`` shows: the same skill
published twice. (The loop's own gate for a fresh draft, a looser one, is
:data:`skillrouter.rules.DUPLICATE_THRESHOLD`.)

``REPORT_THRESHOLD`` (0.92 with the default model) was chosen on the three real libraries in
``shared/data/skill-libraries``: at it the pairs found are the same skill published twice or two
variants of one tool; somewhat below, distinct skills of one family start to pair up. The text is
"name: description", the form the library fit embeds every skill in, so the report of an import
reads its vectors from the embedding cache instead of embedding the library again (it was
"name words: description": at 0.92 both forms pair exactly the same skills, 4 pairs among the 725
skills of the three libraries and 6 among 1,516 with clawhub-sample's English skills; measured
2026-12-06 for issue 38).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from skillrouter.embeddings import Embedder, one_blas_thread
from skillrouter.routing.fit import level0_form
from skillrouter.store.store import Store

__all__ = ["REPORT_THRESHOLD", "find_duplicates"]

REPORT_THRESHOLD = 0.92
"""Cosine similarity of two skills' summaries from which the report pairs them."""

BLOCK_CELLS = 1 << 22
"""Similarities held at once by each worker (4M float32s, 16 MB) while the report is computed."""

WORKERS = min(os.cpu_count() or 1, 4)
"""Blocks multiplied at once, one per core (at most four)."""


def _clusters(pairs: Iterable[tuple[str, str, float]]) -> list[list[str]]:
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b, _ in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)
    groups: dict[str, list[str]] = {}
    for x in parent:
        groups.setdefault(find(x), []).append(x)
    return sorted(sorted(g) for g in groups.values())


def find_duplicates(
    store: Store,
    embedder: Embedder,
    *,
    names: set[str] | None = None,
    threshold: float = REPORT_THRESHOLD,
    block_cells: int = BLOCK_CELLS,
) -> tuple[list[tuple[str, str, float]], list[list[str]]]:
    """(pairs [(a, b, similarity)], clusters) among the store's skills, their summaries embedded by
    ``embedder`` (give it the store's cache, and nothing the index holds is embedded again).

    With ``names``, only pairs involving at least one of them (e.g. just imported). Similarity 1.0
    is reported for identical procedures. The similarities are computed a block of rows at a time
    (at most ``block_cells`` of them in memory per worker, a block per core, BLAS on one thread
    in each), never as an n x n matrix: memory stays bounded at any library size, a report on a
    few new skills costs a few rows, and a report on the whole library multiplies each pair once.
    """
    # name and description: both must say "the same skill"; in the form the library fit embeds
    # every skill in (so an import's report embeds nothing the fit has not)
    texts = {n: level0_form("name: description", n, d) for n, d in store.ledger.level0_texts().items()}
    all_names = sorted(texts)
    if len(all_names) < 2:
        return [], []
    vectors = np.asarray(embedder.embed_documents([texts[n] for n in all_names]), dtype=np.float32)
    del texts  # 100,000 summaries: not held through the products
    rows = [i for i, n in enumerate(all_names) if names is None or n in names]
    every = len(rows) == len(all_names)  # each pair once: a row against itself and the rows after it
    step = max(1, block_cells // len(all_names))

    def pairs_of(start: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        block = np.asarray(rows[start : start + step])
        first = int(block[0]) if every else 0
        sims = vectors[block] @ vectors[first:].T
        r, c = np.nonzero(sims >= threshold)
        return block[r], first + c, sims[r, c]

    found: dict[tuple[str, str], float] = {}
    starts = range(0, len(rows), step)
    # blocks on every core (numpy leaves the GIL while it multiplies), each on one BLAS thread
    workers = max(1, min(len(starts), WORKERS))  # no rows (names the store does not hold): no block
    with one_blas_thread(), ThreadPoolExecutor(max_workers=workers) as pool:
        for wave in range(0, len(starts), workers):  # a block per worker in flight, no more
            for left, right, sims in pool.map(pairs_of, starts[wave : wave + workers]):  # in order
                for i, j, sim in zip(left.tolist(), right.tolist(), sims.tolist()):
                    if i != j:
                        a, b = (i, j) if i < j else (j, i)
                        found.setdefault((all_names[a], all_names[b]), sim)
    by_proc: dict[str, list[str]] = {}
    for name, digest in store.ledger.procedure_hashes().items():
        by_proc.setdefault(digest, []).append(name)
    for group in by_proc.values():
        group.sort()
        for a_i, a in enumerate(group):
            for b in group[a_i + 1 :]:
                if names is None or a in names or b in names:
                    found[(a, b)] = 1.0
    pairs = sorted(((a, b, s) for (a, b), s in found.items()), key=lambda p: (-p[2], p[0], p[1]))
    return pairs, _clusters(pairs)
