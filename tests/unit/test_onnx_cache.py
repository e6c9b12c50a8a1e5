"""The ONNX copy's cache: keyed by the model's files, exported once even by processes that
start together, never left half-written; and the explicit choice of backend. No model here:
the exporter is a stand-in that writes files (the real export is tested in
tests/integration/test_core_onnx.py)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from skillrouter.embeddings import (
    BACKENDS,
    OnnxEmbedder,
    OnnxExportError,
    SentenceTransformerEmbedder,
    make_embedder,
)
from skillrouter.embeddings.onnx import MANIFEST, cache_root, ensure_export, export_folder, model_key
from support import run_workers


def fake_export(model_ref: str, folder: Path) -> None:
    """Writes a model file slowly, then the manifest, and notes each call in ``calls.log``."""
    with open(folder.parent / "calls.log", "a") as log:
        log.write(f"{os.getpid()}\n")
    (folder / "model.onnx").write_bytes(b"x" * 1000)
    time.sleep(0.3)
    (folder / MANIFEST).write_text(json.dumps({"model": model_ref, "dimension": 8}))


def calls(root: Path) -> int:
    log = root / "calls.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


def model_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / "config.json").write_text("{}")
    (folder / "model.safetensors").write_bytes(b"weights")
    return folder


def test_the_key_follows_the_model_files(tmp_path: Path) -> None:
    folder = model_folder(tmp_path)
    key = model_key(str(folder))
    assert model_key(str(folder)) == key
    (folder / "model.safetensors").write_bytes(b"other weights")
    assert model_key(str(folder)) != key
    assert model_key("org/some-model") == model_key("org/some-model") != model_key("org/other-model")
    assert export_folder(str(folder), "org/All-MiniLM", tmp_path).name.startswith("all-minilm-")


def test_the_cache_root_comes_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLROUTER_CACHE_DIR", str(tmp_path / "c"))
    assert cache_root() == tmp_path / "c"
    monkeypatch.delenv("SKILLROUTER_CACHE_DIR")
    assert cache_root() == Path.home() / ".cache" / "skillrouter"


def test_exported_once_then_reused(tmp_path: Path) -> None:
    target = tmp_path / "onnx" / "m-1"
    assert ensure_export("m", target, fake_export) == target
    assert ensure_export("m", target, fake_export) == target
    assert calls(target.parent) == 1
    assert (target / MANIFEST).is_file() and (target / "model.onnx").stat().st_size == 1000
    assert [p.name for p in target.parent.iterdir() if ".tmp-" in p.name] == []


def _first_use(target: str, worker: int, barrier: object) -> None:
    barrier.wait()  # type: ignore[attr-defined]
    folder = ensure_export("m", Path(target), fake_export)
    assert (folder / "model.onnx").stat().st_size == 1000  # never half a copy
    assert json.loads((folder / MANIFEST).read_text())["dimension"] == 8


def test_processes_starting_together_export_once(tmp_path: Path) -> None:
    target = tmp_path / "onnx" / "m-1"
    assert run_workers(_first_use, 4, str(target)) == [0, 0, 0, 0]
    assert calls(target.parent) == 1


def test_a_failed_export_leaves_nothing_and_the_next_one_succeeds(tmp_path: Path) -> None:
    target = tmp_path / "onnx" / "m-1"

    def crash(model_ref: str, folder: Path) -> None:
        (folder / "model.onnx").write_bytes(b"half")
        raise RuntimeError("killed mid-export")

    with pytest.raises(RuntimeError, match="killed"):
        ensure_export("m", target, crash)
    assert not target.exists()
    assert [p.name for p in target.parent.iterdir() if ".tmp-" in p.name] == []
    with pytest.raises(OnnxExportError, match="manifest"):
        ensure_export("m", target, lambda ref, folder: None)
    assert not target.exists()
    # a crashed process (no cleanup at all) leaves a temporary folder: the next export removes it
    (target.parent / f"{target.name}.tmp-999-dead").mkdir()
    ensure_export("m", target, fake_export)
    assert sorted(p.name for p in target.parent.iterdir() if p.is_dir()) == [target.name]


def test_a_copy_without_its_manifest_is_exported_again(tmp_path: Path) -> None:
    target = tmp_path / "onnx" / "m-1"
    target.mkdir(parents=True)
    (target / "model.onnx").write_bytes(b"truncated")
    ensure_export("m", target, fake_export)
    assert (target / "model.onnx").stat().st_size == 1000 and calls(target.parent) == 1


def test_the_backend_is_an_explicit_choice(tmp_path: Path) -> None:
    assert BACKENDS == ("torch", "onnx")
    assert isinstance(make_embedder(None, "torch"), SentenceTransformerEmbedder)
    onnx = make_embedder(str(model_folder(tmp_path)), "onnx")
    assert isinstance(onnx, OnnxEmbedder) and onnx.model_id == str(tmp_path / "model")
    assert onnx._session is None and onnx._manifest is None  # nothing loads or exports until used
    with pytest.raises(ValueError, match="unknown embedding backend 'tf'"):
        make_embedder(None, "tf")  # type: ignore[arg-type]


def test_a_failed_export_is_one_line_from_the_cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skillrouter.embeddings import onnx_export
    from support import run

    from skillrouter import Skill, Store

    def refuse(model_ref: str, folder: Path, model: object = None) -> None:
        raise OnnxExportError(f"{model_ref}: not a text model with input_ids and attention_mask")

    monkeypatch.setattr(onnx_export, "export", refuse)
    store = Store(tmp_path / "store")
    store.add(Skill.create("fix-flaky-test", "Find why a test fails sometimes."))
    store.close()
    result = run(
        "route", "my test is flaky", "--store", tmp_path / "store", "--model", model_folder(tmp_path)
    )
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "not a text model" in result.stderr and "Traceback" not in result.stderr
