"""A Chinese task in a library that mixes Chinese and English descriptions: each query's pull
towards Chinese text, measured on the library and taken out.

multilingual-e5-small places a Chinese task nearer to every Chinese description than to English
ones, whatever either is about; :class:`~skillrouter.embeddings.LanguageNeutralEmbedder` takes
one fixed direction out, and what is left still decides in a mixed library. On a pool of 1,000
real skills of which 102 are described in Chinese (``benchmarks/registry_pool.py --sizes 1000
--zh``), the router's blind Chinese requests for Hermes Agent's English skills went to a Chinese
skill 49 times in 56 (P@1 0.125, against 0.554 in Hermes Agent's library alone): a Chinese
task's mean cosine to the Chinese descriptions was 0.849, to the English ones 0.822.

So the router measures that pull for each task on the library itself: the task's mean cosine to
the skills described in CJK less its mean cosine to the others,
``offset = q . (mean_cjk - mean_other)`` (the means of the skills' vectors, computed once per
library generation), and lowers the similarity of every CJK-described skill by it before ranking
(:class:`LanguageCentred`): within a group nothing moves, across the groups the task's affinity to
a language no longer counts. A group of a few skills measures what they are about more than which
language they are in, so the offset is shrunk by how uncertain it is
(``offset * max(0, 1 - se^2 / offset^2)``, the positive-part James-Stein factor, ``se^2`` the
variance of the two means' difference for this task: each group's variance of the task's cosines
over the group's size): next to nothing is taken out for a few Chinese skills among English ones,
all of it for a hundred. No constant is chosen. It costs a route on that engine one product of the
task with every skill's vector (the two groups').

Only the ranking changes: a CJK-described skill's gate on the multilingual engine
(``multilingual_cjk_gate``) is lowered by the same offset, and its p_fit is read from its
relevance with the offset given back, on the curve it was read on before, so the skills that pass
(either gate) are those that passed before. A library in one script is routed as before.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from skillrouter.embeddings import one_blas_thread
from skillrouter.routing.documents import Hit

__all__ = ["LanguageCentred", "LanguageGroups"]


@dataclass(frozen=True)
class LanguageGroups:
    """The skills described in CJK and the others: a matrix whose rows include each skill's vector
    on the multilingual engine, and which rows are whose."""

    cjk: frozenset[str]
    matrix: np.ndarray  # may hold other rows too (an index's examples and triggers): never copied
    chinese: np.ndarray  # the rows of the CJK-described skills
    other: np.ndarray  # the rows of the others

    @classmethod
    def of(
        cls, skills: Sequence[str | None], matrix: np.ndarray, cjk: Collection[str]
    ) -> LanguageGroups | None:
        """The groups of ``matrix``'s rows, ``skills[i]`` the skill whose vector row ``i`` is (None:
        a row that is no skill's own vector), ``cjk`` the skills described in CJK; None unless each
        group holds at least two skills."""
        chinese = [r for r, name in enumerate(skills) if name is not None and name in cjk]
        other = [r for r, name in enumerate(skills) if name is not None and name not in cjk]
        if len(chinese) < 2 or len(other) < 2:
            return None
        names = frozenset(name for name in skills if name is not None and name in cjk)
        return cls(names, matrix, np.asarray(chinese), np.asarray(other))

    @classmethod
    def of_vectors(cls, vectors: Mapping[str, np.ndarray], cjk: Collection[str]) -> LanguageGroups | None:
        """:meth:`of` a mapping skill -> its vector."""
        names = sorted(vectors)
        if not names:
            return None
        return cls.of(names, np.stack([np.asarray(vectors[n], dtype=np.float32) for n in names]), cjk)

    def offsets(self, queries: np.ndarray) -> np.ndarray:
        """Each query's pull towards the CJK-described skills (see the module docstring): the
        difference of its mean cosines to the two groups, shrunk by that difference's variance
        (each group's variance of the cosines over its size)."""
        q = np.asarray(queries, dtype=np.float32).reshape(-1, self.matrix.shape[1])
        with one_blas_thread():
            sims = q @ np.asarray(self.matrix).T
        a = sims[:, self.chinese].astype(np.float64)
        b = sims[:, self.other].astype(np.float64)
        raw = a.mean(axis=1) - b.mean(axis=1)
        se2 = a.var(axis=1, ddof=1) / a.shape[1] + b.var(axis=1, ddof=1) / b.shape[1]
        with np.errstate(divide="ignore", invalid="ignore"):
            keep = np.where(raw != 0, np.maximum(0.0, 1.0 - se2 / np.square(raw)), 0.0)
        return raw * keep


class LanguageCentred:
    """``index`` (a :class:`~skillrouter.routing.router.QueryIndex` of the multilingual engine) with
    each CJK-described skill's similarities lowered by the task's offset (see the module docstring).
    A query asks ``index`` for three times as many documents, so the English ones the offset lifts
    past Chinese ones are among them."""

    FETCH = 3

    def __init__(self, index: object, groups: LanguageGroups) -> None:
        self.index = index
        self.groups = groups
        self.embedder = index.embedder  # type: ignore[attr-defined]
        self._offsets: dict[bytes, float] = {}  # by query vector: a route asks again for its gate

    def offsets(self, vectors: np.ndarray) -> list[float]:
        """Each query vector's offset (:meth:`LanguageGroups.offsets`), computed once."""
        rows = np.asarray(vectors, dtype=np.float32).reshape(-1, self.groups.matrix.shape[1])
        keys = [row.tobytes() for row in rows]
        new = [i for i, key in enumerate(keys) if key not in self._offsets]
        if new:
            for i, offset in zip(new, self.groups.offsets(rows[new])):
                self._offsets[keys[i]] = float(offset)
        return [self._offsets[key] for key in keys]

    def _shifted(self, vectors: np.ndarray, found: Sequence[list[Hit]], n: int | None) -> list[list[Hit]]:
        out = []
        for offset, hits in zip(self.offsets(vectors), found):
            moved = [
                replace(h, similarity=round(h.similarity - float(offset), 6))
                if h.skill in self.groups.cjk
                else h
                for h in hits
            ]
            moved.sort(key=lambda h: (-h.similarity, h.id))
            out.append(moved if n is None else moved[:n])
        return out

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        return self._shifted(vectors, self.index.query(vectors, n * self.FETCH), n)  # type: ignore[attr-defined]

    def query_misfits(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        """A CJK skill's misfits move with it: the contrast of a similarity with its nearest
        misfit is the same, centred or not. All that were fetched are kept (cut to ``n`` after
        the shift, a CJK skill's nearest misfit could fall out and its contrast with it)."""
        found = self.index.query_misfits(vectors, n * self.FETCH)  # type: ignore[attr-defined]
        return self._shifted(vectors, found, None)

    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]:
        offset = self.offsets(vector)[0]
        found = self.index.level0_similarities(vector, skills)  # type: ignore[attr-defined]
        return {
            name: round(sim - offset, 6) if name in self.groups.cjk else sim for name, sim in found.items()
        }
