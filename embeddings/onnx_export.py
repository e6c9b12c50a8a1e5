"""Export a sentence-transformers text model to ONNX, once, and prove the copy matches it.

Needs torch, sentence-transformers and the ``onnx`` package (torch's exporter writes through
it); :mod:`skillrouter.embeddings.onnx` calls :func:`export` when its cache lacks a copy.
The graph is traced from the model's own modules (transformer, pooling, normalisation), so
pooling is sentence-transformers' code, not a copy of it. Before the manifest is written, the
copy is checked against the torch model on :data:`PROBES`: identical token ids, and cosine
>= :data:`MIN_COSINE` for every probe, alone and in one padded batch.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from pathlib import Path
from typing import Any

import numpy as np
from skillrouter.embeddings.base import normalise
from skillrouter.embeddings.onnx_format import EXPORT_FORMAT, MANIFEST, WEIGHTS, OnnxExportError

MIN_COSINE = 0.9999
OPSET = 17
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")

# Short, empty, cased, accented, CJK, emoji, padded with spaces, and longer than any model's
# max length (so truncation is checked too).
PROBES: tuple[str, ...] = (
    "Fix a flaky test that fails one run in ten.",
    "",
    "  Leading and trailing spaces  ",
    "UPPER case, MiXeD case: GitHub Actions CI went RED after bumping NumPy 2.0",
    "Résumé for a café in Zürich; naïve façade, 東京の天気, emoji 😀🚀",
    "Write a zero-downtime migration that adds a NOT NULL column to the orders table. " * 40,
    "def f(x):\n    return x ** 2  # tabs\tand\nnewlines",
)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _weights_digest(model_ref: str) -> str | None:
    folder = Path(model_ref)
    if not folder.is_dir():
        return None
    digest = hashlib.sha256()
    for file in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in (".safetensors", ".bin")):
        digest.update(f"{file.relative_to(folder).as_posix()}\x00{_sha256(file)}\x00".encode())
    return digest.hexdigest()


def export(model_ref: str, folder: Path, model: Any = None) -> None:
    """Write ``model.onnx`` (+ its weights), ``tokenizer.json`` and (last) ``manifest.json`` into ``folder``.

    ``model``: the ``SentenceTransformer`` of ``model_ref`` when the caller has it loaded
    already (it is moved to the CPU for the trace); by default it is loaded here.
    """
    if Path(model_ref).exists():
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import onnx
    import onnxruntime
    import torch
    from tokenizers import Tokenizer

    if model is None:
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        model = SentenceTransformer(model_ref, device="cpu")
    model = model.to("cpu").eval()
    fast = getattr(model.tokenizer, "backend_tokenizer", None)
    if fast is None:
        raise OnnxExportError(f"{model_ref}: no fast tokenizer (tokenizer.json), which the ONNX path needs")
    if model.max_seq_length is None:
        raise OnnxExportError(f"{model_ref}: no max_seq_length, so its truncation is unknown")
    max_length = int(model.max_seq_length)
    pad_id = int(model.tokenizer.pad_token_id or 0)
    pad_token = str(model.tokenizer.pad_token or "[PAD]")
    tokenizer = Tokenizer.from_str(fast.to_str())
    tokenizer.enable_truncation(max_length=max_length)
    tokenizer.enable_padding(pad_id=pad_id, pad_token=pad_token)

    # sentence-transformers 6 renamed tokenize to preprocess (the old name warns)
    preprocess = getattr(model, "preprocess", None) or model.tokenize
    features = preprocess(list(PROBES))
    inputs = [name for name in _INPUTS if name in features]
    if "input_ids" not in inputs or "attention_mask" not in inputs:
        raise OnnxExportError(f"{model_ref}: not a text model with input_ids and attention_mask")
    ours = tokenizer.encode_batch(list(PROBES))
    if not np.array_equal(np.asarray([e.ids for e in ours]), features["input_ids"].numpy()):
        raise OnnxExportError(
            f"{model_ref}: its fast tokenizer gives other token ids than sentence-transformers"
        )

    class Graph(torch.nn.Module):
        """Tensors in, the sentence embedding out: the model's own modules, end to end."""

        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, *tensors: torch.Tensor) -> torch.Tensor:
            return self.model(dict(zip(inputs, tensors)))["sentence_embedding"]

    dynamic = {name: {0: "batch", 1: "tokens"} for name in inputs} | {"sentence_embedding": {0: "batch"}}
    traced = folder / "traced.onnx"
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")  # the tracer warns about Python branches it fixes; checked below
        torch.onnx.export(
            Graph().eval(),
            tuple(features[name] for name in inputs),
            str(traced),
            dynamo=False,
            input_names=inputs,
            output_names=["sentence_embedding"],
            dynamic_axes=dynamic,
            opset_version=OPSET,
        )
    # weights beside the graph: ONNX Runtime maps them instead of parsing them out of the
    # protobuf, which halves the time a fresh process takes to open the model
    graph = onnx.load(str(traced))
    onnx.save_model(
        graph,
        str(folder / "model.onnx"),
        save_as_external_data=True,
        all_tensors_to_one_file=True,
        location=WEIGHTS,
        size_threshold=1024,
    )
    traced.unlink()
    tokenizer.save(str(folder / "tokenizer.json"), pretty=False)

    expected = normalise(model.encode(list(PROBES), normalize_embeddings=True, convert_to_numpy=True))
    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3
    session = onnxruntime.InferenceSession(
        str(folder / "model.onnx"), options, providers=["CPUExecutionProvider"]
    )

    def run(texts: list[str]) -> np.ndarray:
        enc = tokenizer.encode_batch(texts)
        cols = {
            "input_ids": [e.ids for e in enc],
            "attention_mask": [e.attention_mask for e in enc],
            "token_type_ids": [e.type_ids for e in enc],
        }
        return normalise(session.run(None, {n: np.asarray(cols[n], dtype=np.int64) for n in inputs})[0])

    batched = run(list(PROBES))
    alone = np.concatenate([run([t]) for t in PROBES])
    worst = float(min((batched * expected).sum(axis=1).min(), (alone * expected).sum(axis=1).min()))
    if worst < MIN_COSINE:
        raise OnnxExportError(
            f"{model_ref}: the ONNX copy disagrees with the torch model (cosine {worst:.6f} < {MIN_COSINE})"
        )
    manifest: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "model": model_ref,
        "weights_sha256": _weights_digest(model_ref),
        "inputs": inputs,
        "dimension": int(expected.shape[1]),
        "max_length": max_length,
        "pad_id": pad_id,
        "pad_token": pad_token,
        "opset": OPSET,
        "probe_min_cosine": round(worst, 7),
        "torch": torch.__version__,
        "onnxruntime": onnxruntime.__version__,
    }
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2), "utf-8")
