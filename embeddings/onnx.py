"""A sentence-transformers text model run by ONNX Runtime, so a query needs no torch.

Embedding a query here imports ``onnxruntime``, ``tokenizers`` and numpy, nothing else: a
fresh process embeds its first text in a fraction of the time it takes to import
sentence-transformers (measured: docs/evaluation/speed.md#measurements-behind-code-choices). The
vectors are the torch path's (the graph is
traced from the model's own sentence-transformers modules: transformer, pooling, any
normalisation; the tokenizer is its own fast tokenizer with the same truncation), checked
when the copy is made: same token ids and cosine >= 0.9999 on probe texts, short and truncated.

The ONNX copy is made once per model by :func:`skillrouter.embeddings.onnx_export.export`
(which needs torch and sentence-transformers) and cached in a folder of its own::

    <cache>/onnx/<model>-<key>/model.onnx       the traced graph
                              /model.onnx.data  its weights (fp32, 90 MB for MiniLM), mapped at load
                              /tokenizer.json   the model's tokenizer
                              /manifest.json    inputs, dimension, max length; written last
                              /model.opt-<ort>.onnx  the graph as ONNX Runtime <ort> optimised it

The optimised graph is written by the first session that loads the copy (graph optimisations up
to "extended", which hold on any CPU) and read by every later one with optimisation off: a
session then opens in about 35 ms instead of 70-90 (a fresh process's route pays it once); it is
named for the ONNX Runtime version that wrote it, and one that cannot be read or written is
skipped (the session optimises as before).

``<cache>`` is ``$SKILLROUTER_CACHE_DIR``, else ``~/.cache/skillrouter``. ``<key>`` hashes the
model folder's path and each of its files' name, size and mtime (a stat per file, no read of
the weights), so a changed model gets a new copy; a hub name is keyed by name. The first
process to need a copy takes a file lock, exports into a temporary folder beside the final one
and renames it into place, so processes starting together export once and never see half a
copy; a crash leaves only a temporary folder, which the next export removes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from skillrouter.embeddings.base import normalise
from skillrouter.embeddings.onnx_format import EXPORT_FORMAT, MANIFEST, OnnxExportError
from skillrouter.embeddings.sentence import DEFAULT_MODEL, default_model_path

ENV_CACHE_DIR = "SKILLROUTER_CACHE_DIR"
_LOCK_TIMEOUT = 900.0  # seconds to wait for another process's export

Exporter = Callable[[str, Path], None]


def _session(onnxruntime: Any, folder: Path, options: Any) -> Any:
    """An inference session of ``folder``'s model: from its optimised graph when one was written by
    this ONNX Runtime, else from ``model.onnx``, writing the optimised graph for next time (see the
    module docstring)."""
    optimised = folder / f"model.opt-{onnxruntime.__version__}.onnx"
    providers = ["CPUExecutionProvider"]
    if optimised.is_file():
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
        try:
            return onnxruntime.InferenceSession(str(optimised), options, providers=providers)
        except Exception:  # noqa: BLE001 - unreadable (torn, another build): optimise as before
            options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
            return onnxruntime.InferenceSession(str(folder / "model.onnx"), options, providers=providers)
    tmp = folder / f".model.opt-{uuid.uuid4().hex[:8]}.onnx"
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    options.optimized_model_filepath = str(tmp)
    try:
        session = onnxruntime.InferenceSession(str(folder / "model.onnx"), options, providers=providers)
        os.replace(tmp, optimised)  # another process writing the same graph: either one is whole
        return session
    except Exception:  # noqa: BLE001 - a read-only cache, a full disk: the session alone
        tmp.unlink(missing_ok=True)
        options.optimized_model_filepath = ""
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        return onnxruntime.InferenceSession(str(folder / "model.onnx"), options, providers=providers)


def cache_root() -> Path:
    """Where skillrouter keeps caches that belong to no store: ``$SKILLROUTER_CACHE_DIR`` or
    ``~/.cache/skillrouter`` (the evaluation harness keeps its embedding cache there too)."""
    if env := os.environ.get(ENV_CACHE_DIR):
        return Path(env).expanduser()
    return Path.home() / ".cache" / "skillrouter"


def model_key(model_ref: str) -> str:
    """A short hash naming one version of a model: its folder's path and each file's name,
    size and mtime, or a hub name as given."""
    digest = hashlib.sha256(f"format {EXPORT_FORMAT}\x00".encode())
    path = Path(model_ref)
    if path.is_dir():
        digest.update(str(path.resolve()).encode())
        for file in sorted(p for p in path.rglob("*") if p.is_file()):
            stat = file.stat()
            digest.update(
                f"\x00{file.relative_to(path).as_posix()}\x00{stat.st_size}\x00{stat.st_mtime_ns}".encode()
            )
    else:
        digest.update(f"hub\x00{model_ref}".encode())
    return digest.hexdigest()[:16]


def export_folder(model_ref: str, model_id: str, root: Path | None = None) -> Path:
    """The cache folder for the ONNX copy of ``model_ref`` (it may not exist yet)."""
    slug = "".join(c if c.isalnum() else "-" for c in model_id.split("/")[-1].lower()).strip("-")[:40]
    return (root or cache_root()) / "onnx" / f"{slug or 'model'}-{model_key(model_ref)}"


def ensure_export(model_ref: str, folder: Path, exporter: Exporter | None = None) -> Path:
    """``folder`` holding a complete ONNX copy of ``model_ref``, exporting it first if needed.

    ``exporter(model_ref, tmp)`` writes the copy's files into an empty folder, manifest last
    (default: :func:`skillrouter.embeddings.onnx_export.export`). Safe for processes that
    start together: one exports, the others wait for it and reuse its copy.
    """
    if (folder / MANIFEST).is_file():
        return folder
    from filelock import FileLock, Timeout  # here: once exported, a process never needs it

    folder.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(str(folder) + ".lock")
    try:
        lock.acquire(timeout=_LOCK_TIMEOUT)
    except Timeout:
        raise OnnxExportError(
            f"waited {_LOCK_TIMEOUT:.0f} s for another process exporting {folder}; "
            f"if none is running, remove {folder}.lock"
        ) from None
    try:
        if (folder / MANIFEST).is_file():  # another process finished while we waited
            return folder
        for stale in folder.parent.glob(
            folder.name + ".tmp-*"
        ):  # left by a crash: only lock holders write them
            shutil.rmtree(stale, ignore_errors=True)
        if folder.exists():  # a folder without its manifest is not ours to trust
            shutil.rmtree(folder)
        tmp = folder.parent / f"{folder.name}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        tmp.mkdir()
        try:
            if exporter is None:
                from skillrouter.embeddings.onnx_export import export

                exporter = export
            exporter(model_ref, tmp)
            if not (tmp / MANIFEST).is_file():
                raise OnnxExportError(f"the export of {model_ref} wrote no {MANIFEST}")
            os.replace(tmp, folder)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    finally:
        lock.release()
    return folder


class OnnxEmbedder:
    """The same model as :class:`~skillrouter.embeddings.SentenceTransformerEmbedder`, on ONNX
    Runtime (CPU). Same ``model_id``, same prompts, same vectors: the two share a cache.

    ``model=None`` is the default all-MiniLM-L6-v2 from its PyPI package. The ONNX copy is
    exported on first use if the cache lacks it (that once needs torch, a few seconds), by
    ``exporter`` if given (see :func:`ensure_export`); ``cache_dir`` overrides :func:`cache_root`.
    Nothing loads until the first embedding.

    ``prepack=False`` is for a process that embeds one query and exits (a CLI route): ONNX Runtime
    then leaves the weights as they are instead of repacking them for its matrix kernels when the
    session opens, which halves the session's opening (about 20 ms instead of 55-65) and doubles
    a query's run (about 12 ms instead of 6); a process that embeds more than a few texts keeps
    the default (measured: docs/evaluation/scale.md#measurements-behind-code-choices).
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        cache_dir: str | Path | None = None,
        batch_size: int = 32,
        query_prompt: str = "",
        document_prompt: str = "",
        threads: int = 0,
        prepack: bool = True,
        exporter: Exporter | None = None,
    ) -> None:
        self._model_ref = model or default_model_path()
        self._model_id = DEFAULT_MODEL if model is None else model
        self._cache_dir = Path(cache_dir) if cache_dir is not None else None
        self.batch_size = batch_size
        self.query_prefix = query_prompt
        self.document_prefix = document_prompt
        self.threads = threads  # ONNX Runtime's intra-op threads; 0 lets it choose (one per core)
        self.prepack = prepack
        self._exporter = exporter
        self._folder: Path | None = None
        self._manifest: dict[str, Any] | None = None
        self._session: Any = None
        self._tokenizer: Any = None
        self._loading = threading.Lock()  # threads asking at once load one session

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def folder(self) -> Path:
        """The cache folder of this model's ONNX copy."""
        if self._folder is None:
            self._folder = export_folder(self._model_ref, self._model_id, self._cache_dir)
        return self._folder

    @property
    def manifest(self) -> dict[str, Any]:
        if self._manifest is None:
            folder = ensure_export(self._model_ref, self.folder, self._exporter)
            self._manifest = json.loads((folder / MANIFEST).read_text("utf-8"))
        return self._manifest

    @property
    def dimension(self) -> int:
        return int(self.manifest["dimension"])

    def _load(self) -> tuple[Any, Any]:
        if self._session is not None:
            return self._session, self._tokenizer
        with self._loading:
            if self._session is None:
                self._open()
        return self._session, self._tokenizer

    def _open(self) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        manifest = self.manifest
        folder = self.folder
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self.threads
        options.log_severity_level = 3  # errors only: no warnings on stderr for every CLI call
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        if not self.prepack:
            options.add_session_config_entry("session.disable_prepacking", "1")
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=int(manifest["max_length"]))
        tokenizer.enable_padding(pad_id=int(manifest["pad_id"]), pad_token=str(manifest["pad_token"]))
        self._tokenizer = tokenizer
        self._session = _session(onnxruntime, folder, options)

    def _run(self, texts: list[str]) -> np.ndarray:
        session, tokenizer = self._load()
        encodings = tokenizer.encode_batch(texts)
        columns = {
            "input_ids": [e.ids for e in encodings],
            "attention_mask": [e.attention_mask for e in encodings],
            "token_type_ids": [e.type_ids for e in encodings],
        }
        feed = {name: np.asarray(columns[name], dtype=np.int64) for name in self.manifest["inputs"]}
        return np.asarray(session.run(None, feed)[0], dtype=np.float32)

    def _encode(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        full = [prefix + t for t in texts]
        # longest first, like sentence-transformers: batches of similar length pad least
        order = sorted(range(len(full)), key=lambda i: -len(full[i]))
        out = np.empty((len(full), self.dimension), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            out[rows] = self._run([full[i] for i in rows])
        return normalise(out)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(list(texts), self.document_prefix)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(list(texts), self.query_prefix)

    def embed_query(self, text: str) -> np.ndarray:
        return self._encode([text], self.query_prefix)[0]
