"""The embedder protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors.

    ``embed_documents`` embeds skill text (batched); ``embed_query`` embeds a task. Models
    that use different prompts for queries and documents apply them here.
    """

    @property
    def model_id(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def normalise(vectors: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length, as float32 (zero rows stay zero)."""
    vectors = np.asarray(vectors, dtype=np.float32)
    if vectors.ndim == 1:
        vectors = vectors[None, :]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return (vectors / norms).astype(np.float32)


def embed_queries(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Many queries in one batch when the embedder can (``embed_queries``), else one by one."""
    batch = getattr(embedder, "embed_queries", None)
    if callable(batch):
        return np.asarray(batch(texts), dtype=np.float32)
    if not texts:
        return np.zeros((0, embedder.dimension), dtype=np.float32)
    return np.stack([embedder.embed_query(t) for t in texts])
