"""Keyword (BM25) scores over skill text, and their fusion with dense similarity.

The router ranks by embedding similarity alone. Short product names and rare words
("bibtex", "zip code", "PM2.5") are where a keyword score helps, so the harness can fuse one
in, as a prototype of a router feature (see docs/evaluation.md)::

    fused = similarity + weight * bm25 / max_bm25

``bm25`` is the Okapi BM25 score (bm25s, Lucene variant, k1 = 1.5, b = 0.75) of the query
against one skill's document (its Level 0 text, plus its learned examples when asked);
``max_bm25`` is the best BM25 score of that query over the whole library, so the keyword
term lies in ``[0, weight]`` and a query with no word in common with any skill keeps its
dense order. ``weight`` is fitted on the train part (:func:`fit_weight`), never on test.

Tokens: lower-cased runs of two or more letters or digits, English stop words removed, and a
light suffix stemmer (plural ``s``/``es``/``ies``, ``ing``, ``ed``) so "papers" meets "paper".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

__all__ = ["KeywordIndex", "fit_weight", "fuse", "stem", "tokenize"]

_TOKEN = re.compile(r"(?u)\b\w\w+\b")
_STOP = frozenset(
    ["a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself", "yourselves"]
)


def stem(word: str) -> str:
    """A light English suffix stripper: ``papers`` -> ``paper``, ``booking`` -> ``book``."""
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            if suffix == "es" and not word.endswith(("shes", "ches", "xes", "zes")):
                continue
            return word[: len(word) - len(suffix)] + keep
    return word


def tokenize(text: str) -> list[str]:
    """Words of ``text`` as BM25 sees them (lower case, no stop words, light stemming)."""
    return [stem(w) for w in _TOKEN.findall(text.lower().replace("_", " ")) if w not in _STOP]


class KeywordIndex:
    """BM25 over one document per skill.

    ``documents`` maps a skill name to its text (or several texts, joined). Scores come back
    as a (queries x skills) array in the order of :attr:`names`.
    """

    def __init__(self, documents: Mapping[str, str | Sequence[str]]) -> None:
        import bm25s

        self.names = sorted(documents)
        self._column = {name: i for i, name in enumerate(self.names)}
        corpus = []
        for name in self.names:
            text = documents[name]
            corpus.append(tokenize(text if isinstance(text, str) else " ".join(text)) or ["\x00"])
        self._bm25 = bm25s.BM25(k1=1.5, b=0.75, method="lucene")
        self._bm25.index(corpus, show_progress=False)

    def column(self, name: str) -> int | None:
        return self._column.get(name)

    def scores(self, queries: Sequence[str]) -> np.ndarray:
        """Raw BM25 scores, one row per query."""
        out = np.zeros((len(queries), len(self.names)), dtype=np.float32)
        for row, query in enumerate(queries):
            tokens = [t for t in tokenize(query) if t in self._bm25.vocab_dict]
            if tokens:
                out[row] = self._bm25.get_scores(tokens)
        return out

    def normalised(self, queries: Sequence[str]) -> np.ndarray:
        """Scores divided by each query's best score over the library (rows in [0, 1])."""
        raw = self.scores(queries)
        best = raw.max(axis=1, keepdims=True)
        best[best <= 0] = 1.0
        return raw / best


def fuse(similarity: float, keyword: float, weight: float) -> float:
    """``similarity + weight * keyword`` (``keyword`` already normalised to [0, 1])."""
    return similarity + weight * keyword


def fit_weight(objective: Callable[[float], float], grid: Iterable[float]) -> float:
    """The grid weight that maximises ``objective`` (P@1 on the train part); ties go to the lowest."""
    best_weight, best_value = 0.0, -np.inf
    for weight in sorted({float(w) for w in grid}):
        value = objective(weight)
        if value > best_value + 1e-12:
            best_weight, best_value = weight, value
    return best_weight
