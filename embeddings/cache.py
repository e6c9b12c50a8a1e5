"""A persistent embedding cache keyed by (model id, sha256 of prompt + text)."""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from skillrouter.embeddings.base import Embedder
from skillrouter.embeddings.derived import DerivedFile

log = logging.getLogger(__name__)


def text_key(text: str, prefix: str = "") -> str:
    return hashlib.sha256((prefix + "\x00" + text).encode("utf-8")).hexdigest()


class EmbeddingCache:
    """SQLite table of vectors (a :class:`~skillrouter.embeddings.derived.DerivedFile`: a damaged
    file is set aside and made anew, a full disk is one OSError naming it). Safe for several
    processes (WAL, busy timeout) and threads. ``read_only=True`` (a read-only store) reads
    what is there and keeps new vectors in memory only."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        self.file = DerivedFile(self.path, _schema, read_only=read_only)
        self._memory: dict[tuple[str, str], np.ndarray] = {}  # what a read-only cache could not write

    @property
    def repairs(self) -> list[str]:
        """What was repaired (a damaged file set aside), one line each."""
        return self.file.repairs

    def get_many(self, model: str, keys: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}

        def read(db: sqlite3.Connection) -> None:
            for start in range(0, len(keys), 500):
                chunk = list(keys[start : start + 500])
                marks = ",".join("?" * len(chunk))
                rows = db.execute(
                    f"SELECT key, vec FROM vectors WHERE model = ? AND key IN ({marks})", [model, *chunk]
                ).fetchall()
                for key, blob in rows:
                    found[key] = np.frombuffer(blob, dtype=np.float32).copy()

        self.file.run(read)
        for key in keys:
            if key not in found and (model, key) in self._memory:
                found[key] = self._memory[(model, key)]
        return found

    def put_many(self, model: str, items: dict[str, np.ndarray]) -> None:
        if not items:
            return
        if self.file.read_only:
            self._memory.update({(model, k): np.asarray(v, dtype=np.float32) for k, v in items.items()})
            return
        rows = [
            (model, k, int(v.shape[0]), np.asarray(v, dtype=np.float32).tobytes()) for k, v in items.items()
        ]

        def write(db: sqlite3.Connection) -> None:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?, ?, ?)", rows)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

        self.file.run(write, write=True)

    def count(self, model: str | None = None) -> int:
        def counted(db: sqlite3.Connection) -> int:
            if model is None:
                return int(db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0])
            return int(db.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", (model,)).fetchone()[0])

        return self.file.run(counted) or 0

    def close(self) -> None:
        self.file.close()


_FORMAT = 2
"""Of the file: 2 keeps the vectors in a rowid table beside a small index of (model, key). Format 1
(an unversioned file) held them in the key's own B-tree (``WITHOUT ROWID``): every entry of its
inner pages carried a whole 1.5 KB vector, so a lookup read many pages and the file was larger
(measured: docs/evaluation/scale.md#measurements-behind-code-choices). A file of format 1 is
copied into format 2 in place when first opened for writing (:func:`_migrate`)."""

_TABLE = (
    "CREATE TABLE {name} (model TEXT NOT NULL, key TEXT NOT NULL, dim INTEGER NOT NULL, "
    "vec BLOB NOT NULL, PRIMARY KEY (model, key))"
)


def _schema(db: sqlite3.Connection) -> None:
    if db.execute("PRAGMA user_version").fetchone()[0] == _FORMAT:
        return
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'vectors'").fetchone() is None:
        db.execute("BEGIN IMMEDIATE")
        db.execute(_TABLE.format(name="IF NOT EXISTS vectors"))
        db.execute(f"PRAGMA user_version = {_FORMAT}")
        db.execute("COMMIT")
        return
    _migrate(db)


SAY_MOVE_BYTES = 64 * 2**20
"""A format-1 cache this large is announced before it is moved, which takes a while (measured:
docs/evaluation/scale.md#measurements-behind-code-choices)."""


def _migrate(db: sqlite3.Connection) -> None:
    """Copy a format-1 table into format 2, in one transaction (another process reading or
    writing the file meanwhile sees one or the other, both answer the same queries), then give
    the old table's pages back to the disk. A disk too full for the copy keeps format 1, which
    works as before, and the next opening tries again; so does a file another connection is
    writing (no process waits for another's copy, which is long at 100,000 skills)."""
    timeout = db.execute("PRAGMA busy_timeout").fetchone()[0]
    db.execute("PRAGMA busy_timeout = 0")
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as err:  # locked: another writer, perhaps moving it now
        log.debug("the embedding cache %s is moved by the next opening: %s", _main_file(db), err)
        return
    finally:
        db.execute(f"PRAGMA busy_timeout = {int(timeout)}")
    try:
        if db.execute("PRAGMA user_version").fetchone()[0] == _FORMAT:  # another process did it
            db.execute("COMMIT")
            return
        size = db.execute("PRAGMA page_count").fetchone()[0] * db.execute("PRAGMA page_size").fetchone()[0]
        if size >= SAY_MOVE_BYTES:  # the command waits for it: say why
            log.warning(
                "moving the embedding cache %s (%d MB) to its new format, once: about half a minute a GB",
                _main_file(db),
                max(1, round(size / 2**20)),
            )
        db.execute("DROP TABLE IF EXISTS vectors_next")
        db.execute(_TABLE.format(name="vectors_next"))
        db.execute("INSERT INTO vectors_next SELECT model, key, dim, vec FROM vectors")
        db.execute("DROP TABLE vectors")
        db.execute("ALTER TABLE vectors_next RENAME TO vectors")
        db.execute(f"PRAGMA user_version = {_FORMAT}")
    except sqlite3.OperationalError as err:
        db.execute("ROLLBACK")
        if "full" in str(err).lower():
            log.info("the embedding cache %s keeps its old format: %s", _main_file(db), err)
            return
        raise
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    try:
        db.execute("VACUUM")  # the old table's pages; busy or full: they are reused by new vectors
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # ... and the file shrinks now, not later
    except sqlite3.OperationalError as err:
        log.debug("no VACUUM of %s after its migration: %s", _main_file(db), err)


def _main_file(db: sqlite3.Connection) -> str:
    """The main file of ``db``."""
    return str(db.execute("PRAGMA database_list").fetchone()[2])


CHUNK = 1024
"""Texts a :class:`CachedEmbedder` looks up, embeds and writes at once."""


class CachedEmbedder:
    """An :class:`Embedder` that asks its inner embedder only for texts it has not seen.

    Documents are looked up in the persistent cache; queries too (a repeated task costs
    one SQLite read instead of a model call), plus a small in-memory dict for the hot path.
    """

    def __init__(self, inner: Embedder, cache: EmbeddingCache) -> None:
        self.inner = inner
        self.cache = cache
        self.misses = 0  # texts that reached the model

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def _cached(self, texts: Sequence[str], prefix: str, embed: object) -> np.ndarray:
        """The vectors of ``texts``, CHUNK at a time: each chunk read from the cache, its misses
        embedded and written, its rows copied into one float32 matrix. Memory beyond the result
        stays one chunk's worth at any number of texts (one call for a 100,000-skill import's
        summaries held every vector three times over: dict, rows to write, stacked copy)."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        out: np.ndarray | None = None
        for start in range(0, len(texts), CHUNK):
            part = texts[start : start + CHUNK]
            vectors = self._cached_part(part, prefix, embed)
            if out is None:
                out = np.empty((len(texts), vectors.shape[1]), dtype=np.float32)
            out[start : start + len(part)] = vectors
        assert out is not None
        return out

    def _cached_part(self, texts: Sequence[str], prefix: str, embed: object) -> np.ndarray:
        keys = [text_key(t, prefix) for t in texts]
        found = self.cache.get_many(self.model_id, keys)
        missing = [i for i, k in enumerate(keys) if k not in found]
        if missing:
            unique: dict[str, str] = {}
            for i in missing:
                unique.setdefault(keys[i], texts[i])
            vectors = embed(list(unique.values()))  # type: ignore[operator]
            self.misses += len(unique)
            fresh = dict(zip(unique.keys(), vectors))
            self.cache.put_many(self.model_id, fresh)
            found.update(fresh)
        return np.stack([found[k] for k in keys]).astype(np.float32, copy=False)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._cached(
            list(texts), getattr(self.inner, "document_prefix", ""), self.inner.embed_documents
        )

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        inner_batch = getattr(self.inner, "embed_queries", None)
        embed = (
            inner_batch
            if callable(inner_batch)
            else (lambda ts: np.stack([self.inner.embed_query(t) for t in ts]))
        )
        query_prefix = getattr(self.inner, "query_prefix", "")
        # with the same prompt on both sides a query's vector is a document's: share the entry
        same = query_prefix == getattr(self.inner, "document_prefix", "")
        return self._cached(list(texts), query_prefix if same else "query:" + query_prefix, embed)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]
