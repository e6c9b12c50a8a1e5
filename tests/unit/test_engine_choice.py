"""Which engine runs the model where nobody said (issue 20, item 7): the rule
(:func:`~skillrouter.embeddings.default_backend`: ``$SKILLROUTER_BACKEND``, else ONNX Runtime for
the default model and torch for any other) and the long-running surfaces that follow it: the
Python API's ``SkillLibrary.open``, ``skillrouter mcp`` (and its ``--backend``) and the agent.

No model loads here (embedders load on first use); tests/integration/test_long_running_engine.py
routes with the chosen engine and compares its routes with torch's."""

from __future__ import annotations

from pathlib import Path

import pytest
from skillrouter.embeddings import (
    BACKEND_ENV,
    DEFAULT_MODEL,
    Embedder,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
    default_backend,
)
from support import ok
from test_cli import fails_in_one_line

from skillrouter import SkillLibrary, SkillRouterError, Store

OTHER_MODEL = "BAAI/bge-small-en-v1.5"


def engine(lib: SkillLibrary) -> Embedder:
    inner: Embedder = lib.embedder.inner  # type: ignore[attr-defined]
    lib.close()
    return inner


def test_the_default_model_runs_on_onnx_and_any_other_on_torch() -> None:
    assert default_backend(None, {}) == default_backend(DEFAULT_MODEL, {}) == "onnx"
    assert default_backend(OTHER_MODEL, {}) == "torch"
    assert default_backend(None, {BACKEND_ENV: ""}) == "onnx"


def test_the_environment_overrides_the_rule_for_every_model() -> None:
    assert default_backend(None, {BACKEND_ENV: "torch"}) == "torch"
    assert default_backend(OTHER_MODEL, {BACKEND_ENV: "onnx"}) == "onnx"
    with pytest.raises(ValueError, match=r"SKILLROUTER_BACKEND='cuda': expected one of torch, onnx"):
        default_backend(None, {BACKEND_ENV: "cuda"})


def test_the_python_api_opens_on_the_chosen_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "store"
    assert isinstance(engine(SkillLibrary.open(path)), OnnxEmbedder)
    assert isinstance(engine(SkillLibrary.open(path, backend="torch")), SentenceTransformerEmbedder)
    other = engine(SkillLibrary.open(path, model=OTHER_MODEL))
    assert isinstance(other, SentenceTransformerEmbedder) and other.model_id == OTHER_MODEL
    assert isinstance(engine(SkillLibrary.open(path, model=OTHER_MODEL, backend="onnx")), OnnxEmbedder)
    monkeypatch.setenv(BACKEND_ENV, "torch")
    assert isinstance(engine(SkillLibrary.open(path)), SentenceTransformerEmbedder)
    assert isinstance(engine(SkillLibrary.open(path, backend="onnx")), OnnxEmbedder)  # the argument wins
    monkeypatch.setenv(BACKEND_ENV, "cuda")
    with pytest.raises(SkillRouterError, match="SKILLROUTER_BACKEND='cuda'"):
        SkillLibrary.open(path)
    monkeypatch.setenv(BACKEND_ENV, "onnx")
    assert isinstance(engine(SkillLibrary.open(path)), OnnxEmbedder)  # nothing was left open above


def test_skillrouter_mcp_serves_on_the_chosen_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skillrouter import mcp_server

    openers = []
    monkeypatch.setattr(mcp_server, "serve", openers.append)
    Store(tmp_path / "store").close()
    store = ["--store", str(tmp_path / "store")]

    def served(*args: str) -> Embedder:
        ok("mcp", *store, *args)
        return engine(openers[-1]())

    assert isinstance(served(), OnnxEmbedder)
    assert isinstance(served("--backend", "torch"), SentenceTransformerEmbedder)
    assert isinstance(served("--model", OTHER_MODEL), SentenceTransformerEmbedder)
    monkeypatch.setenv(BACKEND_ENV, "torch")
    assert isinstance(served(), SentenceTransformerEmbedder)
    assert isinstance(served("--backend", "onnx"), OnnxEmbedder)
    assert "--backend [torch|onnx]" in ok("mcp", "--help").stdout


def test_a_bad_engine_name_in_the_environment_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from support import run

    Store(tmp_path / "store").close()
    monkeypatch.setenv(BACKEND_ENV, "cuda")
    fails_in_one_line(run("list", "--store", tmp_path / "store"), "SKILLROUTER_BACKEND='cuda'")


def test_the_agent_routes_on_the_chosen_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from skillrouter.agent import create_self_improving_agent
    from skillrouter.agent.fakes import ScriptedChatModel

    llm = ScriptedChatModel(responder=lambda call: None)
    with create_self_improving_agent(llm, tmp_path / "a") as agent:
        assert isinstance(agent.library.embedder.inner, OnnxEmbedder)  # type: ignore[attr-defined]
    monkeypatch.setenv(BACKEND_ENV, "torch")
    with create_self_improving_agent(llm, tmp_path / "a") as agent:
        assert isinstance(agent.library.embedder.inner, SentenceTransformerEmbedder)  # type: ignore[attr-defined]
