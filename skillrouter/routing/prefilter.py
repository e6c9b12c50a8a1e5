"""An int8 copy of a large search matrix that finds, for a query, a few rows certain to hold the
exact nearest ones, so the exact cosine is computed for those rows alone.

At 100,000 documents one float32 product of a query with the matrix reads 150 MB, and the search
alone would break the budget of a route (1.3x its embedding). The int8 copy is a quarter of the
bytes, and ONNX Runtime's integer product (MatMulInteger, then TopK for the m-th best) takes a
fraction of the float32 product's time there, less on two threads (:data:`THREADS`; measured:
docs/evaluation/scale.md#measurements-behind-code-choices).

The answer stays exact. Every row is quantised with one scale ``S`` (``x ~ S * xq``, ``|xq| <= 127``)
and the query with its own ``s`` to 7 bits (``q ~ s * (qq - 64)``, ``|qq - 64| <= 63``: u8 x s8
pair sums stay below 2^15, so CPUs without VNNI, whose instruction saturates there, compute
them exactly too). The error of each approximate product is bounded::

    |q.x - s S (qq - 64).xq|  <=  |q| max_i |x_i - S xq_i|  +  |q - s (qq - 64)| max_i |S xq_i|  =  E

so every row whose exact similarity is within ``noise`` of the m-th best has an approximate one
at least (m-th best approximate) - 2E - noise, and those rows are the candidates
(:meth:`Prefilter.candidates`); the caller ranks them exactly. On real embeddings E is small and
the candidates are a few more rows than m (measured: same page).
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import weakref
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

ROWS = 4_096
"""From this many rows the matrix gets an int8 copy. Below, the float32 matrix (6 MB at 4,096) is
searched as it is. Above, its product with a query reads more than the cache keeps beside the
model's weights: each route evicts them, and the next embedding reads them again. At 5,592 skills
a route took 2.6-2.7 ms over its embedding with the copy against 3.3-3.5 without, and the
embedding itself 7.0-7.3 ms against 8.8-8.9; at 10,000, 2.8 against 3.9-4.8; at 1,517 no
difference (``benchmarks/route_latency.py``, docs/evaluation/scale.md)."""
THREADS = max(1, min(4, os.cpu_count() or 1))
"""Threads of the integer product, as the embedding's own (one per core), at most 4: reading
the int8 copy is bound by memory bandwidth, which one core does not fill (two threads find the
same rows faster; measured: docs/evaluation/scale.md#measurements-behind-code-choices)."""
_QUERY_LEVELS = 63  # 7-bit query (see the module docstring)
_ZERO = 64


class Prefilter:
    """The int8 copy of one matrix (rows = documents) and the ONNX Runtime session that searches it."""

    def __init__(self, matrix: np.ndarray) -> None:
        import onnxruntime as ort
        from onnx import TensorProto, helper, numpy_helper

        matrix = np.asarray(matrix, dtype=np.float32)
        top = float(np.abs(matrix).max()) if matrix.size else 0.0
        self.scale = top / 127 if top > 0 else 1.0
        quantised = np.clip(np.rint(matrix / self.scale), -127, 127).astype(np.int8)
        restored = quantised.astype(np.float32) * np.float32(self.scale)
        self.row_error = float(np.linalg.norm(matrix - restored, axis=1).max()) if len(matrix) else 0.0
        self.row_norm = float(np.linalg.norm(restored, axis=1).max()) if len(matrix) else 0.0
        rows, dim = matrix.shape
        graph = helper.make_graph(
            [
                helper.make_node("MatMulInteger", ["q", "m", "zero"], ["y"]),
                helper.make_node("TopK", ["y", "k"], ["best", "where"]),
            ],
            "prefilter",
            [
                helper.make_tensor_value_info("q", TensorProto.UINT8, [1, dim]),
                helper.make_tensor_value_info("k", TensorProto.INT64, [1]),
            ],
            [
                helper.make_tensor_value_info("y", TensorProto.INT32, [1, rows]),
                helper.make_tensor_value_info("best", TensorProto.INT32, [1, None]),
            ],
            [
                numpy_helper.from_array(np.array(_ZERO, dtype=np.uint8), "zero"),
                numpy_helper.from_array(np.ascontiguousarray(quantised.T), "m"),
            ],
        )
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
        model.ir_version = 8
        options = ort.SessionOptions()
        options.intra_op_num_threads = THREADS
        options.inter_op_num_threads = 1
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self._session = ort.InferenceSession(
            model.SerializeToString(), options, providers=["CPUExecutionProvider"]
        )
        self.rows = rows

    def candidates(self, query: np.ndarray, m: int, noise: float) -> np.ndarray | None:
        """Rows (sorted) among which are all whose exact cosine with ``query`` is within ``noise``
        of the ``m``-th best (at least ``m`` of them), or None for a query it cannot bound (zero)."""
        query = np.asarray(query, dtype=np.float64)
        top = float(np.abs(query).max())
        if not top > 0 or not np.isfinite(top):
            return None
        step = top / _QUERY_LEVELS
        levels = np.clip(np.rint(query / step), -_QUERY_LEVELS, _QUERY_LEVELS)
        query_error = float(np.linalg.norm(query - levels * step))
        bound = float(np.linalg.norm(query)) * self.row_error + query_error * self.row_norm
        unit = step * self.scale  # one integer step of the product, in cosine
        y, best = self._session.run(
            None, {"q": (levels + _ZERO).astype(np.uint8)[None], "k": np.array([m], dtype=np.int64)}
        )
        floor = float(best[0, -1]) - (2 * bound + noise) / unit
        # float64 rounding of the products above is far below one integer step; widen by one anyway
        return np.flatnonzero(y[0] >= floor - 1)


_lock = threading.RLock()  # a matrix dropped while it is held calls _forget
_built: dict[int, tuple[weakref.ref[Any], Prefilter | None]] = {}  # id(matrix) -> (the matrix, its copy)
_searched: dict[int, weakref.ref[Any]] = {}  # large matrices searched once (a second search builds)


def prefilter_of(matrix: np.ndarray) -> Prefilter | None:
    """The prefilter of ``matrix`` if it is built, else None (search the matrix as it is).

    A matrix of :data:`ROWS` rows or more gets one on its second search (a one-shot route
    searches once and should not pay for it), built in a background thread (no route waits for
    it); it is dropped with the matrix. Nothing is built where ONNX Runtime
    cannot run (the search stays the float32 product)."""
    if len(matrix) < ROWS or matrix.ndim != 2:
        return None
    key = id(matrix)
    with _lock:
        entry = _built.get(key)
        if entry is not None and entry[0]() is matrix:
            return entry[1]
        seen = _searched.get(key)
        if seen is None or seen() is not matrix:
            _searched[key] = weakref.ref(matrix, lambda _: _forget(key))
            return None
    build_soon(matrix)
    return None


def build_soon(matrix: np.ndarray) -> None:
    """Start building the prefilter of ``matrix`` now, in the background, if it is large enough
    and none is built or being built (a long-running process warming up)."""
    if len(matrix) < ROWS or matrix.ndim != 2:
        return
    key = id(matrix)
    with _lock:
        entry = _built.get(key)
        if entry is not None and entry[0]() is matrix:
            return
        _searched.pop(key, None)
        _built[key] = (weakref.ref(matrix, lambda _: _forget(key)), None)
    threading.Thread(
        target=_build, args=(key, weakref.ref(matrix)), name="prefilter-build", daemon=True
    ).start()


def _build(key: int, ref: weakref.ref[Any]) -> None:
    matrix = ref()
    if matrix is None:
        return
    try:
        built = Prefilter(matrix)
    except Exception as err:  # noqa: BLE001 - any failure leaves the exact float32 search in place
        log.debug("no int8 prefilter for a %d-row matrix: %s", len(matrix), err)
        return
    with _lock:
        entry = _built.get(key)
        if entry is not None and entry[0]() is matrix:
            _built[key] = (entry[0], built)


def _forget(key: int) -> None:
    with _lock:
        _built.pop(key, None)
        _searched.pop(key, None)


def wait_for_builds(timeout: float = 30.0) -> None:
    """Block until the prefilters being built are ready (tests and benchmarks: a route then
    searches through the prefilter at once; and at exit, so no build runs while the interpreter
    is torn down)."""
    for thread in [t for t in threading.enumerate() if t.name == "prefilter-build"]:
        thread.join(timeout)


atexit.register(wait_for_builds)


__all__ = ["ROWS", "Prefilter", "build_soon", "prefilter_of", "wait_for_builds"]
