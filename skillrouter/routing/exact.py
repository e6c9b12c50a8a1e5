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

:class:`ExactIndex` answers :meth:`~skillrouter.routing.index.SkillIndex.query` and
``level0_similarities`` the same way, so the :class:`~skillrouter.routing.router.Router` ranks and gates
with the same code (``SkillLibrary.route(task, exact=True)``). It is read-only and
leaves Chroma alone: the next command that syncs the index (``add``, ``import``, the Python API)
brings Chroma up to date, its vectors again coming from the cache.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from skillrouter.embeddings import Embedder
from skillrouter.routing.documents import Hit, centroids, is_misfit_id, nearest


class ExactIndex:
    """Documents (id -> (skill, kind, text)) and their vectors, searched by exact cosine:
    the candidates' (Level 0 texts and examples) and, apart, the misfits'."""

    def __init__(self, documents: dict[str, tuple[str, str, str]], embedder: Embedder) -> None:
        self.embedder = embedder
        ids = sorted(documents)
        vectors = (
            np.asarray(embedder.embed_documents([documents[i][2] for i in ids]), dtype=np.float32)
            if ids
            else np.zeros((0, 0), dtype=np.float32)
        )
        self._parts: dict[bool, tuple[list[str], np.ndarray]] = {}
        for misfits in (False, True):
            rows = [r for r, i in enumerate(ids) if is_misfit_id(i) == misfits]
            self._parts[misfits] = ([ids[r] for r in rows], vectors[rows])
        self._row = {doc_id: r for r, doc_id in enumerate(self._parts[False][0])}

    @classmethod
    def of(
        cls,
        parts: tuple[tuple[list[str], np.ndarray], tuple[list[str], np.ndarray]],
        embedder: Embedder,
    ) -> ExactIndex:
        """The index of :attr:`parts` kept earlier (a snapshot: the documents' ids and vectors,
        then the misfits'), with nothing embedded or read from the cache; the matrices may be
        memory-mapped."""
        index = cls({}, embedder)
        index._parts = {False: parts[0], True: parts[1]}
        index._row = {doc_id: r for r, doc_id in enumerate(parts[0][0])}
        return index

    @property
    def parts(self) -> tuple[tuple[list[str], np.ndarray], tuple[list[str], np.ndarray]]:
        """(document ids, their vectors) and (misfit ids, theirs), ids sorted."""
        return self._parts[False], self._parts[True]

    def count(self) -> int:
        return sum(len(ids) for ids, _ in self._parts.values())

    def misfit_count(self) -> int:
        return len(self._parts[True][0])

    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]:
        """Cosine of ``vector`` to each skill's Level 0 document (its id is the skill's name)."""
        matrix = self._parts[False][1]
        query = np.asarray(vector, dtype=np.float32)
        return {
            name: round(float(matrix[self._row[name]] @ query), 6) for name in skills if name in self._row
        }

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        """The ``n`` nearest documents (never misfits) to each query vector, best first, ties by id."""
        return nearest(*self._parts[False], vectors, n)

    def query_misfits(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        """The ``n`` nearest misfits to each query vector, best first, ties by id."""
        return nearest(*self._parts[True], vectors, n)

    def centroids(self, skills: Sequence[str]) -> dict[str, np.ndarray]:
        """Each skill's normalised mean document vector (see
        :meth:`skillrouter.routing.index.SkillIndex.centroids`)."""
        return centroids(*self._parts[False], skills)
