"""How many threads numpy's BLAS may use while we multiply.

On these 2-core machines a spinning BLAS pool fights torch for the cores (the next embedding
takes longer), and the multithreaded OpenBLAS bundled with numpy 2.4 has crashed
on a 28,000 x 28,000 product in a process that never loaded torch (which is what limits BLAS
elsewhere). So every product of ours runs inside :func:`one_blas_thread`, and a process that
embeds with torch or with the multilingual engine calls :func:`limit_threads` once (that engine's
own OpenMP threads are set per call: see :mod:`skillrouter.embeddings.multilingual`).

Both go through one lazily made :class:`threadpoolctl.ThreadpoolController` (finding the
loaded BLAS libraries costs far more than limiting through a controller made once; measured:
docs/evaluation/speed.md#measurements-behind-code-choices), made again when modules were imported
since (one may have loaded another BLAS: torch, scipy).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["blas_loaded_single", "limit_threads", "one_blas_thread"]

_controller: Any = None
_modules = 0  # len(sys.modules) when the controller was made
_single = False  # numpy's BLAS has run on one thread since it loaded (blas_loaded_single)
_process_limit: int | None = None  # the threads limit_threads set for the rest of the process
_limited_modules = 0  # len(sys.modules) when it did


def blas_loaded_single() -> None:
    """Say that numpy's BLAS loaded on one thread (``OPENBLAS_NUM_THREADS=1`` was set before
    numpy was first imported, as the CLI sets it): :func:`one_blas_thread` then has nothing to
    limit, and skips finding the loaded libraries (8 ms of a fresh route's 0.3 s)."""
    global _single
    _single = True


def _blas() -> Any:
    global _controller, _modules
    if _controller is None or len(sys.modules) != _modules:
        from threadpoolctl import ThreadpoolController

        _controller = ThreadpoolController()
        _modules = len(sys.modules)
    return _controller


def limit_threads(blas_threads: int = 1) -> None:
    """Limit numpy's BLAS to ``blas_threads`` threads for the rest of the process (torch does
    the heavy work; a spinning BLAS pool slows the next embedding on 2 cores)."""
    global _single, _process_limit, _limited_modules
    _single = _single and blas_threads == 1
    _blas().limit(limits=blas_threads, user_api="blas")
    _process_limit, _limited_modules = blas_threads, len(sys.modules)


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """BLAS on one thread for the duration of a block (our matrix products: the index's exact
    search, centroids, the near-duplicate report), whatever the process set elsewhere. In a
    process that limited BLAS to one thread for good (:func:`limit_threads`), nothing is done
    (asking the libraries their thread counts costs 0.2 ms a route) unless a module loaded since
    may have brought another BLAS, which is then limited as the process asked."""
    if _single:
        yield
        return
    if _process_limit == 1:
        if len(sys.modules) != _limited_modules:
            limit_threads(1)
        yield
        return
    with _blas().limit(limits=1, user_api="blas"):
        yield
