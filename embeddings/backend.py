"""Which engine runs the model: torch (sentence-transformers) or ONNX Runtime.

Both run the same weights and give the same vectors (cosine >= 0.999, checked when the
ONNX copy is exported), so they share one embedding cache and one index. They differ in cost:

- ``"torch"``: importing sentence-transformers and torch takes seconds, but a loaded model
  embeds a query and a batch faster on CPU. For long-running processes (the Python API, the
  agent, the evaluation harness) and bulk embedding (``import``, ``reindex``).
- ``"onnx"``: ONNX Runtime and ``tokenizers`` load in a fraction of a second from an ONNX
  export made once and cached (see :mod:`skillrouter.embeddings.onnx`), but run the model
  slower per call. For one-shot commands that embed a few texts (``skillrouter route``).

``benchmarks/cold_route.py`` measures both.
"""

from __future__ import annotations

from typing import Literal, get_args

from skillrouter.embeddings.base import Embedder

Backend = Literal["torch", "onnx"]
BACKENDS: tuple[Backend, ...] = get_args(Backend)


def make_embedder(model: str | None = None, backend: Backend = "torch") -> Embedder:
    """The embedder for ``model`` (default all-MiniLM-L6-v2) on ``backend``; loads on first use."""
    if backend == "torch":
        from skillrouter.embeddings.sentence import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(model)
    if backend == "onnx":
        from skillrouter.embeddings.onnx import OnnxEmbedder

        return OnnxEmbedder(model)
    raise ValueError(f"unknown embedding backend {backend!r}; expected one of {', '.join(BACKENDS)}")
