"""The embedder protocol, the test double and the persistent cache (no model here;
the real model is tested in tests/integration/test_core_embeddings.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import CachedEmbedder, Embedder, EmbeddingCache, HashEmbedder, normalise
from skillrouter.embeddings.base import embed_queries


class QueryOnly:
    """An embedder without a batch ``embed_queries``."""

    model_id = "query-only"
    dimension = 4

    def __init__(self) -> None:
        self.texts: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.texts += list(texts)
        return normalise(np.array([[len(t), 1, 0, 0] for t in texts], dtype=np.float32))

    def embed_query(self, text: str) -> np.ndarray:
        self.texts.append(text)
        return normalise(np.array([len(text), 0, 1, 0], dtype=np.float32))[0]


def test_hash_embedder_satisfies_the_protocol() -> None:
    assert isinstance(HashEmbedder(), Embedder)
    assert isinstance(QueryOnly(), Embedder)
    assert not isinstance(object(), Embedder)


def test_normalise() -> None:
    out = normalise(np.array([[3.0, 4.0], [0.0, 0.0]]))
    assert out.dtype == np.float32
    assert np.allclose(out, [[0.6, 0.8], [0.0, 0.0]])
    assert normalise(np.array([2.0, 0.0])).shape == (1, 2)


def test_hash_embedder_is_deterministic_normalised_float32() -> None:
    emb = HashEmbedder(dimension=32)
    docs = emb.embed_documents(["fix a flaky test", "bake bread", ""])
    assert docs.shape == (3, 32) and docs.dtype == np.float32
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0)
    assert np.array_equal(docs[0], HashEmbedder(dimension=32).embed_query("fix a flaky test"))
    assert float(docs[0] @ emb.embed_query("Fix a FLAKY test!")) == pytest.approx(1.0)
    assert emb.model_id == "hash-embedder-32" and emb.dimension == 32
    assert emb.embed_documents([]).shape == (0, 32)


def test_embed_queries_batches_when_it_can() -> None:
    emb = HashEmbedder()
    assert embed_queries(emb, ["a b", "c"]).shape == (2, emb.dimension)
    single = QueryOnly()
    out = embed_queries(single, ["ab", "abc"])
    assert out.shape == (2, 4) and single.texts == ["ab", "abc"]
    assert embed_queries(single, []).shape == (0, 4)


def test_cache_embeds_each_text_once(tmp_path: Path) -> None:
    inner = HashEmbedder()
    cached = CachedEmbedder(inner, EmbeddingCache(tmp_path / "cache.db"))
    first = cached.embed_documents(["one", "two", "one"])
    assert inner.calls == 2 and cached.misses == 2  # the duplicate too was embedded once
    again = cached.embed_documents(["two", "one", "three"])
    assert inner.calls == 3 and cached.misses == 3
    assert np.array_equal(again[0], first[1]) and np.array_equal(again[1], first[0])
    assert again.dtype == np.float32
    assert np.array_equal(first, inner.embed_documents(["one", "two", "one"]))  # same vectors as uncached


def test_cache_works_a_chunk_at_a_time_and_keeps_the_chunks_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long list is looked up, embedded and written CHUNK texts at a time (memory stays one
    chunk's worth): the same matrix as in one go, and a failure part way keeps the chunks done."""
    import skillrouter.embeddings.cache as cache_module

    monkeypatch.setattr(cache_module, "CHUNK", 3)
    texts = [f"text {i}" for i in range(10)]
    batches: list[list[str]] = []

    class Recording(HashEmbedder):
        def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
            batches.append(list(texts))
            return super().embed_documents(texts)

    cached = CachedEmbedder(Recording(), EmbeddingCache(tmp_path / "cache.db"))
    cached.embed_documents(texts[4:6])  # the second chunk is then one text short of known
    batches.clear()
    out = cached.embed_documents(texts)
    assert np.array_equal(out, HashEmbedder().embed_documents(texts)) and out.dtype == np.float32
    assert batches == [texts[0:3], texts[3:4], texts[6:9], texts[9:10]] and cached.misses == 10

    class FailsOnSeven(HashEmbedder):
        def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
            if any(t.endswith(" 7") for t in texts):
                raise RuntimeError("out of memory")
            return super().embed_documents(texts)

    fresh = CachedEmbedder(FailsOnSeven(), EmbeddingCache(tmp_path / "fresh.db"))
    with pytest.raises(RuntimeError):
        fresh.embed_documents(texts)
    assert fresh.cache.count() == 6  # the two chunks before the failure are kept


def test_cache_persists_across_instances(tmp_path: Path) -> None:
    path = tmp_path / "cache.db"
    CachedEmbedder(HashEmbedder(), EmbeddingCache(path)).embed_documents(["one", "two"])
    fresh = HashEmbedder()
    cached = CachedEmbedder(fresh, EmbeddingCache(path))
    cached.embed_documents(["two", "one"])
    assert fresh.calls == 0
    assert cached.cache.count() == 2 and cached.cache.count(fresh.model_id) == 2


def test_queries_share_document_entries_only_when_the_prompts_match(tmp_path: Path) -> None:
    inner = HashEmbedder()
    cached = CachedEmbedder(inner, EmbeddingCache(tmp_path / "cache.db"))
    cached.embed_documents(["same text"])
    q = cached.embed_query("same text")  # no prompts: a query's vector is the document's
    assert inner.calls == 1
    assert np.array_equal(cached.embed_queries(["same text", "same text"])[1], q)
    assert inner.calls == 1 and q.shape == (inner.dimension,)
    prompted = HashEmbedder()
    prompted.query_prefix = "query: "  # another prompt on the query side: its own entry
    cached = CachedEmbedder(prompted, EmbeddingCache(tmp_path / "cache2.db"))
    cached.embed_documents(["same text"])
    cached.embed_query("same text")
    assert prompted.calls == 2


def test_cache_keys_include_the_model(tmp_path: Path) -> None:
    cache = EmbeddingCache(tmp_path / "cache.db")
    CachedEmbedder(HashEmbedder(dimension=16), cache).embed_documents(["text"])
    other = HashEmbedder(dimension=32)
    out = CachedEmbedder(other, cache).embed_documents(["text"])
    assert other.calls == 1 and out.shape == (1, 32)


def test_cache_uses_single_query_embedders(tmp_path: Path) -> None:
    inner = QueryOnly()
    cached = CachedEmbedder(inner, EmbeddingCache(tmp_path / "cache.db"))
    cached.embed_queries(["ab", "ab", "abc"])
    cached.embed_query("abc")
    assert inner.texts == ["ab", "abc"]
    assert cached.embed_documents([]).shape == (0, 4)
    assert isinstance(cached, Embedder) and cached.model_id == "query-only" and cached.dimension == 4
