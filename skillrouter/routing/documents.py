"""The index's documents and the exact search over them, apart from Chroma: document ids
(``<skill>`` for a skill's Level 0 text, ``<skill>::ex::<sha>`` for a task example,
``<skill>::trig::<sha>`` for a trigger text (``metadata.triggers``, a localized description such
as ``metadata.description_zh``), ``<skill>::misfit::<sha>`` for a misfit), what a search finds
(:class:`Hit`), the nearest documents to a batch of vectors (:func:`nearest`, exact cosine, ties
by id) and each skill's centroid (:func:`centroids`). The Chroma index (:mod:`.index`) and the
embedding-cache index (:mod:`.exact`) both search with these."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from skillrouter.embeddings import one_blas_thread
from skillrouter.routing.prefilter import prefilter_of

__all__ = [
    "MISFIT",
    "TRIGGER",
    "Hit",
    "centroids",
    "example_id",
    "is_misfit_id",
    "misfit_id",
    "nearest",
    "parse_id",
    "sha",
    "trigger_id",
]


_NOISE = 1e-5  # float32 products of the same vectors differ by far less than this


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def example_id(skill: str, task: str) -> str:
    return f"{skill}::ex::{sha(task)}"


TRIGGER = "trigger"


def trigger_id(skill: str, text: str) -> str:
    return f"{skill}::trig::{sha(text)}"


MISFIT = "misfit"
_MISFIT_MARK = "::misfit::"


def misfit_id(skill: str, task: str) -> str:
    return f"{skill}{_MISFIT_MARK}{sha(task)}"


def is_misfit_id(doc_id: str) -> bool:
    return _MISFIT_MARK in doc_id


def parse_id(doc_id: str) -> tuple[str, str]:
    """(skill, kind) of a document id: ``<skill>``, ``<skill>::ex::<sha>``,
    ``<skill>::trig::<sha>`` or ``<skill>::misfit::<sha>`` (a skill name never holds ``::``), so
    a query needs no metadata to know what it found."""
    skill, _, rest = doc_id.partition("::")
    return skill, {"": "skill", "ex": "example", "trig": TRIGGER, "misfit": MISFIT}[rest.partition("::")[0]]


@dataclass(frozen=True)
class Hit:
    """One document found by a query."""

    id: str
    skill: str
    kind: str
    similarity: float


def centroids(ids: list[str], matrix: np.ndarray, skills: Sequence[str]) -> dict[str, np.ndarray]:
    """The normalised mean of the rows of ``matrix`` (documents ``ids``) of each of ``skills``."""
    wanted = set(skills)
    rows: dict[str, list[int]] = {}
    for row, doc_id in enumerate(ids):
        skill = doc_id.partition("::")[0]
        if skill in wanted:
            rows.setdefault(skill, []).append(row)
    out: dict[str, np.ndarray] = {}
    for skill, found in rows.items():
        mean = matrix[found].mean(axis=0)
        norm = float(np.linalg.norm(mean))
        if norm > 0:
            out[skill] = (mean / norm).astype(np.float32)
    return out


def nearest(ids: list[str], matrix: np.ndarray, vectors: np.ndarray, n: int) -> list[list[Hit]]:
    """The ``n`` nearest of the documents ``ids`` (the rows of ``matrix``) to each query vector,
    by exact cosine similarity, best first, ties broken by id: the one search both
    :class:`SkillIndex` and :class:`skillrouter.routing.exact.ExactIndex` run. A large matrix
    searched again is first narrowed by its int8 copy (:mod:`.prefilter`), with the same answer."""
    if not ids or len(vectors) == 0:
        return [[] for _ in range(len(vectors))]
    vectors = np.asarray(vectors, dtype=np.float32)
    m = min(n, len(ids))
    prefilter = prefilter_of(matrix) if m < len(ids) else None
    out: list[list[Hit]] = []
    with one_blas_thread():
        for query in vectors:
            rows = prefilter.candidates(query, m, _NOISE) if prefilter is not None else None
            out.append(_nearest_one(ids, matrix, query, m, rows))
    return out


def _nearest_one(
    ids: list[str], matrix: np.ndarray, query: np.ndarray, m: int, among: np.ndarray | None = None
) -> list[Hit]:
    """The ``m`` nearest documents to one query vector (see :func:`nearest`), looked for among
    the rows ``among`` if given (a superset of the m best and those within float noise of them)."""
    scores = matrix @ query if among is None else matrix[among] @ query
    if m < len(scores):  # the m best, and any within float noise of the m-th: the exact sort decides
        cut = np.partition(scores, len(scores) - m)[len(scores) - m]
        rows = np.flatnonzero(scores >= cut - _NOISE)
    else:
        rows = np.arange(len(scores))
    if among is not None:
        rows = among[rows]
    sims = matrix[rows] @ query  # as the candidates' vectors alone give it, whatever the library's size
    hits = [Hit(ids[r], *parse_id(ids[r]), round(float(s), 6)) for r, s in zip(rows.tolist(), sims)]
    hits.sort(key=lambda h: (-h.similarity, h.id))
    return hits[:m]
