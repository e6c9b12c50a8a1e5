"""What an ONNX export of a model is on disk, shared by the engine that reads it
(:mod:`~skillrouter.embeddings.onnx`) and the exporter that writes it
(:mod:`~skillrouter.embeddings.onnx_export`)."""

from __future__ import annotations

__all__ = ["EXPORT_FORMAT", "MANIFEST", "WEIGHTS", "OnnxExportError"]

EXPORT_FORMAT = 1  # bump when the export's contents change, so old copies are not reused
MANIFEST = "manifest.json"
WEIGHTS = "model.onnx.data"


class OnnxExportError(RuntimeError):
    """The model could not be exported to ONNX, or its export does not match the torch model."""
