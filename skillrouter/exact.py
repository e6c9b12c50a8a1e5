"""Exact search over a library's documents with their vectors from the embedding cache.

A one-shot ``skillrouter route`` should not pay for Chroma: importing chromadb and opening
an embedded collection takes longer than the whole route. The index is derived data, and every
vector it holds came from the store's embedding cache (``CachedEmbedder`` writes the cache
before Chroma sees a vector), so the same answer can be computed without it:

- the documents are :meth:`SkillLibrary.documents` (every skill's Level 0 text and examples),
  and the keyword index is the library's own (``<store>/cache/lexical.db``, no Chroma either),
- their vectors come from the embedding cache (a document missing there is embedded and
  cached, as a sync would),
- the nearest are found by one matrix product, exactly, with the index's tie-break (by id).

:class:`ExactIndex` answers :meth:`~skillrouter.index.SkillIndex.query` and
``level0_similarities`` the same way, so the :class:`~skillrouter.router.Router` ranks and gates
with the same code (``SkillLibrary.route(task, exact=True)``). It is read-only and
leaves Chroma alone: the next command that syncs the index (``add``, ``import``, the Python API)
brings Chroma up to date, its vectors again coming from the cache.
"""

from __future__ import annotations

import numpy as np

from skillrouter.embeddings import Embedder
from skillrouter.index import Hit


class ExactIndex:
    """Documents (id -> (skill, kind, text)) and their vectors, searched by exact cosine."""

    def __init__(self, documents: dict[str, tuple[str, str, str]], embedder: Embedder) -> None:
        self.embedder = embedder
        self._ids = sorted(documents)
        self._meta = [(documents[i][0], documents[i][1]) for i in self._ids]
        if self._ids:
            self._vectors = np.asarray(embedder.embed_documents([documents[i][2] for i in self._ids]),
                                       dtype=np.float32)
        else:
            self._vectors = np.zeros((0, 0), dtype=np.float32)

    def count(self) -> int:
        return len(self._ids)

    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]:
        """Cosine of ``vector`` to each skill's Level 0 document (its id is the skill's name)."""
        rows = {doc_id: i for i, doc_id in enumerate(self._ids)}
        query = np.asarray(vector, dtype=np.float32)
        return {name: round(float(self._vectors[rows[name]] @ query), 6) for name in skills if name in rows}

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        """The ``n`` nearest documents to each query vector, best first, ties by id."""
        vectors = np.asarray(vectors, dtype=np.float32)
        if not self._ids or len(vectors) == 0:
            return [[] for _ in range(len(vectors))]
        n = min(n, len(self._ids))
        out: list[list[Hit]] = []
        for query, row in zip(vectors, vectors @ self._vectors.T):
            # every document tied with the n-th best, so the cut below is by id, not by chance
            cutoff = np.partition(row, len(row) - n)[len(row) - n]
            chosen = np.flatnonzero(row >= cutoff - 1e-6)
            sims = self._vectors[chosen] @ query  # as SkillIndex.query recomputes them
            hits = [Hit(self._ids[j], self._meta[j][0], self._meta[j][1], round(float(s), 6))
                    for j, s in zip(chosen, sims)]
            hits.sort(key=lambda h: (-h.similarity, h.id))
            out.append(hits[:n])
        return out
