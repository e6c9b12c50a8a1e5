"""A deterministic embedder for fast tests: hashed bag of words, no model, no meaning."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np
from skillrouter.embeddings.base import normalise

_WORD = re.compile(r"[a-z0-9]+")


class HashEmbedder:
    """Each lower-cased word adds +-1 to one of ``dimension`` buckets chosen by its hash.

    Texts that share words get similar vectors, which is enough for unit tests of
    plumbing; behaviour that depends on meaning is tested with the real model.
    """

    def __init__(self, dimension: int = 64, model_id: str = "hash-embedder") -> None:
        self._dimension = dimension
        self._model_id = f"{model_id}-{dimension}"
        self.calls = 0  # texts embedded so far, for tests of caching
        # a real embedder has a prompt per side; so does this one, as the cache key shows
        self.query_prefix = ""

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def dimension(self) -> int:
        return self._dimension

    def _one(self, text: str) -> np.ndarray:
        vec = np.zeros(self._dimension, dtype=np.float32)
        for word in _WORD.findall(text.lower()):
            digest = hashlib.blake2b(word.encode(), digest_size=8).digest()
            bucket = int.from_bytes(digest[:4], "little") % self._dimension
            vec[bucket] += 1.0 if digest[4] & 1 else -1.0
        if not vec.any():
            vec[0] = 1.0
        return vec

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.calls += len(texts)
        if not texts:
            return np.zeros((0, self._dimension), dtype=np.float32)
        return normalise(np.stack([self._one(t) for t in texts]))

    def embed_query(self, text: str) -> np.ndarray:
        self.calls += 1
        return normalise(self._one(text))[0]
