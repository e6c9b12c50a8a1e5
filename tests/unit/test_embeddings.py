"""The embedder protocol, the test double and the persistent cache (no model here;
the real model is tested in tests/integration/test_core_embeddings.py)."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import CachedEmbedder, Embedder, EmbeddingCache, HashEmbedder, derived, normalise
from skillrouter.embeddings import cache as cache_module
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


def _format_one(path: Path, vectors: dict[str, np.ndarray]) -> None:
    """A cache file as format 1 wrote it: the vectors in the key's B-tree, no user_version."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(
        "CREATE TABLE vectors (model TEXT NOT NULL, key TEXT NOT NULL, dim INTEGER NOT NULL, "
        "vec BLOB NOT NULL, PRIMARY KEY (model, key)) WITHOUT ROWID"
    )
    db.executemany(
        "INSERT INTO vectors VALUES ('m', ?, ?, ?)", [(k, len(v), v.tobytes()) for k, v in vectors.items()]
    )
    db.commit()
    db.close()


def _table_sql(path: Path) -> tuple[str, int]:
    db = sqlite3.connect(path)
    try:
        sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'vectors'").fetchone()[0]
        return sql, db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_a_cache_of_the_old_format_is_moved_out_of_the_key_tree_with_every_vector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    rng = np.random.default_rng(3)
    vectors = {f"k{i}": rng.random(384, dtype=np.float32) for i in range(300)}
    path = tmp_path / "cache.db"
    _format_one(path, vectors)
    old_size = path.stat().st_size
    reader = EmbeddingCache(path, read_only=True)  # a read-only store reads the old format as it is
    assert len(reader.get_many("m", ["k0", "k299"])) == 2 and "WITHOUT ROWID" in _table_sql(path)[0]
    reader.close()
    monkeypatch.setattr(cache_module, "SAY_MOVE_BYTES", old_size)  # as large as a cache worth a word
    cache = EmbeddingCache(path)
    found = cache.get_many("m", list(vectors))  # the first use opens the file, and moves it
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert said == [
        f"moving the embedding cache {path} (1 MB) to its new format, once: about half a minute a GB"
    ]
    assert found.keys() == vectors.keys() and all(np.array_equal(found[k], v) for k, v in vectors.items())
    sql, version = _table_sql(path)
    assert "WITHOUT ROWID" not in sql and version == 2
    assert path.stat().st_size < old_size  # the old table's pages given back
    cache.put_many("m", {"new": vectors["k0"]})
    assert EmbeddingCache(path, read_only=True).get_many("m", ["new", "k5"]).keys() == {"new", "k5"}
    cache.close()
    again = EmbeddingCache(path)  # opened again: nothing to move
    assert again.count("m") == 301 and _table_sql(path)[1] == 2


def test_a_disk_too_full_to_move_the_old_format_keeps_it_working(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vectors = {f"k{i}": np.full(8, i, dtype=np.float32) for i in range(20)}
    path = tmp_path / "cache.db"
    _format_one(path, vectors)
    real = derived.tuned

    def cramped(db: sqlite3.Connection) -> sqlite3.Connection:  # no page more than the file has
        real(db)
        db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
        return db

    monkeypatch.setattr(derived, "tuned", cramped)
    cache = EmbeddingCache(path)  # the copy fails as on a full disk ("database or disk is full")
    assert cache.get_many("m", ["k3"])["k3"][0] == 3 and cache.count() == 20
    assert "WITHOUT ROWID" in _table_sql(path)[0]
    cache.close()
    monkeypatch.setattr(derived, "tuned", real)
    assert EmbeddingCache(path).count() == 20 and _table_sql(path)[1] == 2  # space again: moved


def test_a_cache_of_the_old_format_being_written_elsewhere_is_read_at_once_and_moved_later(
    tmp_path: Path,
) -> None:
    path = tmp_path / "cache.db"
    _format_one(path, {"k": np.ones(8, dtype=np.float32)})
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another process writing (or moving it) now
    cache = EmbeddingCache(path)
    assert cache.get_many("m", ["k"])["k"][0] == 1  # no wait for the other writer's lock
    assert "WITHOUT ROWID" in _table_sql(path)[0]
    writer.execute("COMMIT")
    writer.close()
    cache.close()
    assert EmbeddingCache(path).count() == 1 and _table_sql(path)[1] == 2
