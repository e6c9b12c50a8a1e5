"""The long-running path on its default engine (issue 20, item 7), with the real model and real
Chroma: a library opened with nothing said embeds with ONNX Runtime, documents and tasks, and
routes hermes-agent's library one task at a time exactly as the torch library does.

The rule and the other surfaces' choice (``skillrouter mcp``, the agent) are tested without a
model in tests/unit/test_engine_choice.py; the MCP server's process is checked for torch in
tests/integration/test_mcp_protocol.py. Timings are in benchmarks/long_running.py."""

from __future__ import annotations

from pathlib import Path

from conftest import HERMES, load_skill_folders
from skillrouter.embeddings import OnnxEmbedder
from skillrouter.eval.suite import blind_queries
from test_core_hermes import TASKS

from skillrouter import SkillLibrary, Store


def test_the_default_library_routes_hermes_on_onnx_as_torch_does(
    onnx_embedder: OnnxEmbedder,  # exports the ONNX copy once for the session, where open() finds it
    hermes_library: SkillLibrary,  # torch + Chroma, the engine long-running processes ran before
    tmp_path: Path,
) -> None:
    path = tmp_path / "store"
    store = Store(path)
    load_skill_folders(store, HERMES)
    store.close()
    tasks = [t["query"] for t in TASKS] + [q.query for q in blind_queries("hermes")]  # English, Chinese
    with SkillLibrary.open(path, create=False) as lib:  # nothing said: the default engine
        engine = lib.embedder.inner  # type: ignore[attr-defined]
        assert isinstance(engine, OnnxEmbedder)
        assert lib.sync().embedded == lib.index.count() == 177  # every document embedded by ONNX
        for task in tasks:  # one at a time, as a server is asked
            got, expected = lib.route(task), hermes_library.route(task)
            assert got.engine == expected.engine, task
            assert (got.matched and got.matched.name) == (expected.matched and expected.matched.name), task
            assert [c.name for c in got.candidates] == [c.name for c in expected.candidates], task
            assert (
                max(abs(a.relevance - b.relevance) for a, b in zip(got.candidates, expected.candidates))
                < 1e-4
            )
