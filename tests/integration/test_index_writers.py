"""Writers beside a long-running process share the embedded index without starving each other: a
process that stays open (``hold_index_lock=False``, the MCP server) embeds before it takes the
writer lock and holds it only while it writes vectors, so an import beside it finishes; a wait is
bounded and reported in the import's summary. Real Chroma, embedded."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import Skill, SkillLibrary, Store


class SlowModel(HashEmbedder):
    """The hash embedder, taking ``seconds`` per batch of documents (a model on a busy machine)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        time.sleep(self.seconds)
        return super().embed_documents(texts)


def _write_skills(folder: Path, names: Sequence[str]) -> None:
    for name in names:
        (folder / name).mkdir(parents=True)
        (folder / name / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: {name} does its job\n---\nbody\n"
        )


def test_an_import_beside_a_server_that_is_indexing_finishes(tmp_path: Path) -> None:
    store = tmp_path / "store"
    server = SkillLibrary(
        Store(store),
        CachedEmbedder(SlowModel(3.0), EmbeddingCache(tmp_path / "server-cache.db")),
        hold_index_lock=False,
    )
    server.sync()
    for n in range(20):  # written by another process: the server's next sync embeds them (3 s)
        server.store.add(Skill.create(f"written-elsewhere-{n}", f"task number {n} of another kind"))
    importer = SkillLibrary(
        Store(store), CachedEmbedder(HashEmbedder(), EmbeddingCache(tmp_path / "cli-cache.db"))
    )
    importer.index.lock_timeout = (
        2.0  # shorter than the server's embedding: it must not hold the lock meanwhile
    )
    src = tmp_path / "src"
    _write_skills(src, [f"imported-{n}" for n in range(5)])

    syncing = threading.Thread(target=server.sync)
    syncing.start()
    time.sleep(0.5)  # the server is embedding now
    try:
        report = importer.import_skills([src])
    finally:
        importer.close()  # a CLI import holds the lock until it exits, as here
        syncing.join(timeout=60)
    assert report.index_error is None, report.index_error
    assert sorted(report.added) == [f"imported-{n}" for n in range(5)]
    assert report.to_dict()["index_wait"] < 2.0
    assert {f"imported-{n}" for n in range(5)} <= set(server.index.hashes())
    server.close()
