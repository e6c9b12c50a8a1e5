"""Server mode for real: the same library code against a ``chroma run`` server on loopback.

The ``chroma_server`` fixture (tests/conftest.py) starts one server for the session; each
store gets its own collection on it (named from the store's id).
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from skillrouter.embeddings import CachedEmbedder, Embedder, EmbeddingCache, SentenceTransformerEmbedder
from skillrouter.embeddings.base import embed_queries

from skillrouter import IndexUnavailableError, Route, Skill, SkillIndex, SkillLibrary, Store
from skillrouter.cli import cli
from skillrouter.skillmd import render_skill_md


def name_of(route: Route) -> str | None:
    """The name of the skill a route matched, or None."""
    return route.matched.name if route.matched else None


SKILLS = [
    Skill.create(
        "fix-flaky-test",
        "Find why an automated test fails only sometimes and make it reliable.",
        task_type="debugging",
    ),
    Skill.create("bake-bread", "Bake a sourdough loaf with a crisp crust at home.", task_type="cooking"),
    Skill.create("write-cover-letter", "Write a cover letter for a job application.", task_type="writing"),
]


class NeverEmbeds:
    """An embedder that must never be called (the connection fails first)."""

    model_id = "never-used"
    dimension = 3

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        raise AssertionError("no embedding before the index is reachable")

    def embed_query(self, text: str) -> np.ndarray:
        raise AssertionError("no embedding before the index is reachable")


def unused_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens there once the socket is closed


def open_lib(path: Path, st_embedder: SentenceTransformerEmbedder, url: str) -> SkillLibrary:
    """What ``SkillLibrary.open(path, chroma_url=url)`` builds, with the session's model."""
    embedder = CachedEmbedder(st_embedder, EmbeddingCache(path / "cache" / "embeddings.db"))
    return SkillLibrary.open(path, embedder=embedder, chroma_url=url)


def test_library_adds_syncs_and_routes_through_the_server(
    chroma_server: str, st_embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    path = tmp_path / "store"
    with open_lib(path, st_embedder, chroma_server) as lib:
        assert (lib.index.mode, lib.index.location) == ("server", chroma_server)
        for skill in SKILLS:
            lib.add(skill)
        route = lib.route("my unit test fails one run in ten on CI")
        assert route.matched is not None and route.matched.name == "fix-flaky-test"
        lib.record_outcome("bake-bread", 9, task="make a rye loaf for the weekend")
        assert lib.sync().embedded == 1 and lib.index.count() == 4
        assert lib.reindex().embedded == 4 and lib.doctor().ok
        assert name_of(lib.route("what to bake this weekend")) == "bake-bread"
    assert not (path / "chroma").exists() and not (path / "chroma.lock").exists()  # nothing embedded on disk


def test_two_libraries_share_one_server(
    chroma_server: str, st_embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    path = tmp_path / "store"
    first = open_lib(path, st_embedder, chroma_server)
    second = open_lib(path, st_embedder, chroma_server)
    first.add(SKILLS[0])
    second.add(SKILLS[1])  # no writer lock in server mode
    first.add(SKILLS[2])
    for lib in (first, second):
        assert lib.index.count() == 3
        assert name_of(lib.route("bake bread at home")) == "bake-bread"
        assert name_of(lib.route("apply for a job")) == "write-cover-letter"
    first.close()
    second.close()


def test_a_second_process_shares_the_server(
    chroma_server: str, st_embedder: SentenceTransformerEmbedder, tmp_path: Path
) -> None:
    path = tmp_path / "store"
    lib = open_lib(path, st_embedder, chroma_server)
    lib.add(SKILLS[0])
    new = SKILLS[1]
    folder = tmp_path / "incoming" / new.name
    folder.mkdir(parents=True)
    (folder / "SKILL.md").write_text(render_skill_md(new))
    task = "bake bread at home"
    # warm the store's cache, so the other process needs no model: that proves it shares the cache too
    lib.embedder.embed_documents([new.level0_text()])
    embed_queries(lib.embedder, [task])

    child = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
            import json, sys
            from skillrouter import SkillLibrary
            with SkillLibrary.open({str(path)!r}, chroma_url={chroma_server!r}, create=False) as lib:
                lib.add({str(folder)!r})
                route = lib.route({task!r}).to_dict()
            print(json.dumps({{"route": route, "model_loaded": "sentence_transformers" in sys.modules}}))
        """),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    out = json.loads(child.stdout.splitlines()[-1])
    assert out["model_loaded"] is False
    assert out["route"]["matched"] == "bake-bread"

    here = lib.route(task)  # the first library sees what the other process added
    assert here.to_dict() == out["route"]
    assert lib.index.count() == 2
    lib.close()


def test_an_unreachable_server_is_index_unavailable(tmp_path: Path) -> None:
    url = unused_url()
    with pytest.raises(IndexUnavailableError) as err:
        SkillIndex(tmp_path / "store", NeverEmbeds(), chroma_url=url).count()
    assert url in str(err.value) and "\n" not in str(err.value)
    with pytest.raises(IndexUnavailableError, match="invalid Chroma URL"):
        SkillIndex(tmp_path / "store", NeverEmbeds(), chroma_url="http://").count()


def test_the_library_reports_an_unreachable_server(
    tmp_path: Path, st_embedder: SentenceTransformerEmbedder
) -> None:
    lib = open_lib(tmp_path / "store", st_embedder, unused_url())
    with pytest.raises(IndexUnavailableError):
        lib.route("anything")
    lib.close()


@pytest.mark.parametrize("via_env", [False, True])
def test_cli_prints_one_line_for_an_unreachable_server(
    tmp_path: Path,
    cli_uses: Callable[[Embedder], None],
    st_embedder: SentenceTransformerEmbedder,
    monkeypatch: pytest.MonkeyPatch,
    via_env: bool,
) -> None:
    cli_uses(st_embedder)
    store = Store(tmp_path / "store")
    store.add(SKILLS[0])
    url = unused_url()
    args = ["route", "my test is flaky", "--store", str(store.path)]
    if via_env:
        monkeypatch.setenv("SKILLROUTER_CHROMA_URL", url)
    else:
        args += ["--chroma-url", url]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    assert result.stderr.startswith("error: cannot reach the Chroma") and url in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
