"""The index: Level 0 of every skill (and its learned task examples) embedded in Chroma.

The index is derived data. :meth:`SkillIndex.sync` brings it in line with a store by
content hash: it embeds only documents whose text changed, and deletes what is gone.
This is the only module that talks to Chroma.

Chroma keeps the vectors (on disk, or on a server several processes share); a process reads
them once, on its first sync, and keeps them in step with what it syncs, so a query is an
exact search in memory and never a call into Chroma (see :meth:`SkillIndex.query`).

Two modes, same code:

- embedded (default): ``chromadb.PersistentClient`` under ``<store>/chroma``. Embedded
  Chroma is not safe with several writer processes, so the first write takes a lock on
  ``<store>/chroma.lock`` held until :meth:`close`; a second writer gets
  :class:`StoreLockedError` pointing to server mode. A long-running process (the MCP
  server) passes ``hold_lock=False``: it takes the lock for each write and gives it back
  after, so CLI commands can write between its requests.

  An embedded client keeps the collection in memory and does not see what another
  process writes later. So every write also replaces ``<store>/chroma.stamp`` (a random
  token) while the lock is held; before each use, a connected index compares the stamp
  with the one it last saw and, if another process has written since, reconnects
  (re-reading the collection from disk) and plans its own writes again under the lock.
- server: ``chromadb.HttpClient`` against ``chroma run --path DIR --port N``
  (``--chroma-url`` / ``SKILLROUTER_CHROMA_URL``), how several processes share one index.

One index per engine: its collection is named after the store and the model
(:func:`collection_name`), so on a server the default engine's and the multilingual engine's
collections sit side by side; embedded, the multilingual engine's lives in a folder of its own
(``<store>/chroma-multilingual``, with its own lock and stamp), so a write of one index never
waits on, nor invalidates, the other.

Documents (their ids and the exact search over them are :mod:`~skillrouter.routing.documents`'):
id ``<skill>`` for a skill's Level 0 text, ``<skill>::ex::<sha>`` for a task
example; metadata ``{"skill", "kind": "skill"|"example", "hash"}``. A skill's *misfits* (tasks
it was routed to and did not fit, id ``<skill>::misfit::<sha>``, kind ``"misfit"``) live in a
second collection (the first one's name + ``-misfits``, made when the first misfit arrives),
so the collection of candidates is the same with or without them; in memory they are a
matrix of their own, searched (:meth:`SkillIndex.query_misfits`) only when there are some.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlparse

import numpy as np

from skillrouter.embeddings import Embedder
from skillrouter.errors import IndexUnavailableError, StoreLockedError
from skillrouter.routing.documents import (
    Hit,
    centroids,
    is_misfit_id,
    nearest,
    sha,
)
from skillrouter.routing.prefilter import build_soon

log = logging.getLogger(__name__)

ENV_CHROMA_URL = "SKILLROUTER_CHROMA_URL"
_BATCH = 2000
LOCK_TIMEOUT = 30.0
"""Seconds a write waits for the embedded index's writer lock before it says another process
holds it. Writers hold it only while they write vectors (they embed before taking it), so a
wait this long means a long write, or a process that holds the lock until it closes."""


_F = TypeVar("_F", bound=Callable[..., Any])


def _server_errors(method: _F) -> _F:
    """A Chroma server that stops answering mid-way becomes one IndexUnavailableError (the
    next call connects again) instead of an httpx traceback; the embedded index's full disk or
    I/O error, one OSError naming its folder and what to do."""

    @functools.wraps(method)
    def wrapper(self: SkillIndex, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as err:
            from_server = isinstance(err, ConnectionError) or type(err).__module__.split(".")[0] in (
                "httpx",
                "httpcore",
                "chromadb",
            )
            if not self.chroma_url and from_server:
                raise _disk_error(err, self.chroma_path) or err from None
            if not self.chroma_url or not from_server:
                raise
            self._collection = self._client = self._misfits = None
            self._forget()
            raise IndexUnavailableError(
                f"lost the Chroma server at {self.chroma_url}: {type(err).__name__}: {err}"
            ) from None

    return wrapper  # type: ignore[return-value]


def _disk_error(err: Exception, where: Path) -> OSError | None:
    """Chroma's "database or disk is full" or "disk I/O error" as one OSError naming ``where``."""
    text = str(err).lower()
    if "full" in text:
        return OSError(
            errno.ENOSPC,
            "no space left on the device (free some, then run the command again; "
            "the index is derived data, nothing stored was lost)",
            str(where),
        )
    if "disk i/o" in text:
        return OSError(errno.EIO, "disk I/O error (check the disk, then run the command again)", str(where))
    return None


def _sqlite_problem(path: Path) -> str | None:
    """What is wrong with Chroma's own SQLite file, None when nothing is (or there is none yet),
    checked with Python's sqlite3 (read-only) before Chroma's engine ever opens it."""
    if not path.is_file():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            result = db.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            db.close()
    except sqlite3.DatabaseError as err:
        return f"{path}: {err}"
    return None if result == "ok" else f"{path}: {result}"


def _forget_system(path: str) -> None:
    """chromadb keeps one System per folder, even one that failed to start (every later client of
    that folder then fails on it): drop it, so the next client starts afresh."""
    try:
        from chromadb.api.shared_system_client import SharedSystemClient
    except ImportError:  # pragma: no cover - another layout of chromadb's internals
        return
    for table in ("_identifier_to_system", "_identifier_to_refcount"):
        held = getattr(SharedSystemClient, table, None)
        if isinstance(held, dict):
            held.pop(path, None)


def collection_name(model_id: str, scope: str) -> str:
    """A valid Chroma collection name for one embedding model in one store."""
    digest = hashlib.sha256(f"{scope}\x00{model_id}".encode()).hexdigest()[:12]
    model = "".join(c if c.isalnum() else "-" for c in model_id.split("/")[-1].lower()).strip("-")[:40]
    return f"skills-{model or 'model'}-{digest}"


def plan(wanted: Mapping[str, str], have: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """(ids to embed, ids to delete), sorted, to bring an index holding ``have`` (id -> content
    hash) to ``wanted``: what is new or whose text changed, and what is no longer wanted."""
    changed = sorted(i for i, h in wanted.items() if have.get(i) != h)
    return changed, sorted(set(have) - set(wanted))


@dataclass
class SyncReport:
    embedded: int = 0
    deleted: int = 0
    unchanged: int = 0
    ids_embedded: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, int]:
        return {"embedded": self.embedded, "deleted": self.deleted, "unchanged": self.unchanged}


class SkillIndex:
    """A Chroma collection of skill documents for one store and one embedding model."""

    def __init__(
        self,
        store_path: str | Path,
        embedder: Embedder,
        *,
        chroma_url: str | None = None,
        collection: str | None = None,
        scope: str | None = None,
        lock_timeout: float = LOCK_TIMEOUT,
        hold_lock: bool = True,
        folder: str = "chroma",
    ) -> None:
        """``hold_lock=False``: give the embedded index's writer lock back after each write
        instead of holding it until :meth:`close` (for processes that stay open). ``folder``:
        the embedded index's folder in the store (its lock and stamp are named after it): each
        engine's index has its own, so the two never wait on each other's writer lock."""
        self.store_path = Path(store_path)
        self.folder = folder
        self.embedder = embedder
        self.chroma_url = chroma_url if chroma_url is not None else (os.environ.get(ENV_CHROMA_URL) or None)
        self.lock_timeout = lock_timeout
        self.hold_lock = hold_lock
        self.name = collection or collection_name(embedder.model_id, scope or str(self.store_path))
        self._client: Any = None
        self._collection: Any = None
        self._misfits: Any = None  # the misfits' collection, once opened
        self._lock: Any = None  # filelock.FileLock while this process writes
        self._seen: str | None = None  # the write stamp as of this connection (embedded mode)
        self._stamp_read: tuple[tuple[int, int, int, int], str] | None = None  # (file status, token)
        # What this process last wrote or read of the collection (id -> content hash, and
        # id -> vector), so a sync after a small store change doesn't fetch every document
        # again and a query needs no call into Chroma. Safe with other writers: a stale entry
        # costs at most a redundant upsert or delete, a sync follows every store change, and
        # a connection that sees another process's write stamp reads everything again.
        self._known: dict[str, str] | None = None
        self._vectors: dict[str, np.ndarray] = {}
        # built from _vectors: one for candidates (Level 0 texts, examples), one for misfits
        self._matrices: dict[bool, tuple[list[str], dict[str, int], np.ndarray]] = {}
        self.repairs: list[str] = []  # derived data repaired (a chroma/ folder set aside), one line each
        self.lock_waits: list[float] = []  # seconds each write waited for the embedded index's writer lock

    # ------------------------------------------------------------ connection

    @property
    def mode(self) -> str:
        return "server" if self.chroma_url else "embedded"

    @property
    def chroma_path(self) -> Path:
        """The embedded index's folder (``<store>/chroma``, or the engine's own)."""
        return self.store_path / self.folder

    @property
    def location(self) -> str:
        return self.chroma_url or str(self.chroma_path)

    def _connect(self) -> Any:
        if self._collection is not None:
            if not self._others_wrote():
                return self._collection
            self._disconnect()  # read the collection again from disk
        import chromadb
        from chromadb.config import Settings

        settings = Settings(anonymized_telemetry=False)
        try:
            if not self.chroma_url:
                self._seen = self._read_stamp()  # before opening: a write in between shows up next time
            if self.chroma_url:
                url = urlparse(self.chroma_url if "://" in self.chroma_url else f"http://{self.chroma_url}")
                if not url.hostname:
                    raise IndexUnavailableError(
                        f"invalid Chroma URL {self.chroma_url!r}; expected http://HOST:PORT"
                    )
                self._client = chromadb.HttpClient(
                    host=url.hostname,
                    port=url.port or (443 if url.scheme == "https" else 8000),
                    ssl=url.scheme == "https",
                    settings=settings,
                )
                self._client.heartbeat()
            else:
                self._client, self._collection = self._open_embedded(chromadb, settings)
            if self._collection is None:
                self._collection = self._open_collection(self.name)
        except (IndexUnavailableError, StoreLockedError):
            raise
        except (ConnectionError, OSError, ValueError) as err:
            if isinstance(err, OSError) and err.errno in (errno.ENOSPC, errno.EIO):
                raise  # the disk's problem, said as such (see _disk_error)
            raise IndexUnavailableError(f"cannot reach the Chroma index at {self.location}: {err}") from None
        except Exception as err:  # chromadb raises its own and httpx's errors; name them in one line
            if self.chroma_url:
                raise IndexUnavailableError(
                    f"cannot reach the Chroma server at {self.chroma_url}: {type(err).__name__}: {err}"
                ) from None
            raise
        return self._collection

    def _open_embedded(self, chromadb: Any, settings: Any) -> tuple[Any, Any]:
        """(client, collection) of the embedded index. A ``chroma/`` folder Chroma cannot read
        (not a database, damaged segments: derived data) is set aside and made anew, once, the
        sync after it embedding nothing (the vectors come from the embedding cache); a full
        disk is an OSError naming the folder."""
        # set aside before Chroma opens it: a folder Chroma failed on stays broken in this process
        problem = _sqlite_problem(self.chroma_path / "chroma.sqlite3")
        if problem is not None:
            self._set_aside(RuntimeError(problem))
        for attempt in (1, 2):
            client = None
            try:
                client = chromadb.PersistentClient(path=str(self.chroma_path), settings=settings)
                self._client = client
                collection = self._open_collection(self.name)
                collection.count()  # reads the segment: a damaged one shows here, not mid-query
                return client, collection
            except (IndexUnavailableError, StoreLockedError):
                raise
            except (
                chromadb.errors.ChromaError,
                RuntimeError,
                ValueError,
                OSError,
            ) as err:  # named in one line
                disk = _disk_error(err, self.chroma_path)
                if disk is not None:
                    raise disk from None
                close = getattr(client, "close", None)
                if close is not None:
                    close()
                self._client = None
                if attempt == 2:
                    raise IndexUnavailableError(
                        f"cannot read the embedded index at {self.chroma_path} even made anew "
                        f"({type(err).__name__}: {err}); check the disk"
                    ) from None
                self._set_aside(err)
        raise AssertionError("unreachable")  # pragma: no cover

    def check(self) -> str | None:
        """What keeps the embedded index from being read, None when nothing does (or it is a
        server's: doctor checks a server by syncing). Repairs nothing (a connection does)."""
        if self.chroma_url or not (self.chroma_path).exists():
            return None
        return _sqlite_problem(self.chroma_path / "chroma.sqlite3")

    def _set_aside(self, err: Exception) -> None:
        """Move a ``chroma/`` folder Chroma cannot read to ``chroma.damaged-<time>`` (under the
        writer lock), so the next connection makes it anew; said in :attr:`repairs`."""
        self._take_write_lock()
        folder = self.chroma_path
        aside = folder.with_name(f"{self.folder}.damaged-{time.strftime('%Y%m%dT%H%M%S')}")
        if folder.exists():
            folder.replace(aside)
        self._forget()
        self.repairs.append(
            f"{folder} could not be read ({type(err).__name__}: {err}): set aside as "
            f"{aside.name} and rebuilt from the store (vectors from the embedding cache)"
        )
        self._wrote()  # a new stamp: other processes reconnect to the new folder

    def _open_collection(self, name: str) -> Any:
        return self._client.get_or_create_collection(
            name,
            configuration={"hnsw": {"space": "cosine", "ef_search": 200}},
            metadata={"model": self.embedder.model_id},
            embedding_function=None,
        )

    @property
    def misfit_collection_name(self) -> str:
        return f"{self.name}-misfits"

    def _misfit_collection(self, *, create: bool) -> Any:
        """The misfits' collection (made if ``create``), or None while there is none."""
        self._connect()
        if self._misfits is None:
            names = () if create else {getattr(c, "name", c) for c in self._client.list_collections()}
            if create or self.misfit_collection_name in names:
                self._misfits = self._open_collection(self.misfit_collection_name)
        return self._misfits

    # ------------------------------------------------------------ writers (embedded mode)

    @property
    def _stamp_path(self) -> Path:
        return self.store_path / f"{self.folder}.stamp"

    def _read_stamp(self) -> str | None:
        """The token the last writer left, read again only when the file's status changed (a
        writer replaces the file: a new inode and times). A route asks three times; at 100,000
        skills the three reads were a visible part of it, the three stats are not (measured:
        docs/evaluation/scale.md#measurements-behind-code-choices)."""
        try:
            status = os.stat(self._stamp_path)
            seen = (status.st_ino, status.st_mtime_ns, status.st_ctime_ns, status.st_size)
            if self._stamp_read is not None and self._stamp_read[0] == seen:
                return self._stamp_read[1]
            token = self._stamp_path.read_text("ascii")
        except FileNotFoundError:
            return None
        self._stamp_read = (seen, token)
        return token

    def _others_wrote(self) -> bool:
        """Whether another process wrote the embedded index since this one connected (never
        while this one holds the writer lock: nobody else can write then)."""
        return not self.chroma_url and self._lock is None and self._read_stamp() != self._seen

    def _disconnect(self) -> None:
        client, self._client, self._collection, self._misfits = self._client, None, None, None
        self._forget()
        close = getattr(client, "close", None)  # chromadb >= 1.1: the last client of a path frees its caches
        if close is not None:
            close()

    def _take_write_lock(self) -> bool:
        """Take the writer lock (unless held). True if another process wrote since this one
        connected: it has then disconnected, and a sync must plan its writes again."""
        if self.chroma_url or self._lock is not None:
            return False
        from filelock import FileLock, Timeout  # here: a route takes no lock, and need not import it

        lock = FileLock(str(self.store_path / f"{self.folder}.lock"))
        try:
            lock.acquire(timeout=self.lock_timeout)
        except Timeout:
            raise StoreLockedError(
                f"another process is writing the embedded index at {self.chroma_path}; embedded "
                "Chroma "
                f"takes one writer at a time. To share one index between processes, run a server "
                f"('chroma run --path DIR --port 8000') and pass --chroma-url http://127.0.0.1:8000 "
                f"(or set {ENV_CHROMA_URL})"
            ) from None
        self._lock = lock
        if self._read_stamp() != self._seen:
            self._disconnect()
            return True
        return False

    def _wrote(self) -> None:
        """After a write (lock held): a new stamp tells other processes to reconnect; the lock
        goes back unless it is held until :meth:`close`."""
        if self.chroma_url:
            return
        token = os.urandom(8).hex()
        tmp = self._stamp_path.with_name(f".{self.folder}.stamp.{os.getpid()}.tmp")
        tmp.write_text(token, "ascii")
        os.replace(tmp, self._stamp_path)
        self._seen = token
        if not self.hold_lock:
            self._release_lock()

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def close(self) -> None:
        self._disconnect()
        self._release_lock()

    # ------------------------------------------------------------ contents

    @_server_errors
    def count(self) -> int:
        """Documents in the index, misfits included."""
        misfits = self._misfit_collection(create=False)
        return int(self._connect().count()) + (int(misfits.count()) if misfits is not None else 0)

    @_server_errors
    def hashes(self) -> dict[str, str]:
        """id -> content hash of every document in the index, both collections, read from
        Chroma now: ids and texts only, no vectors (what doctor compares with the store), and
        what this process holds for its searches is left as it is."""
        return {doc_id: text_hash for doc_id, text_hash, _ in self._documents(vectors=False)}

    def _read(self) -> None:
        """Read every document's text hash and vector from Chroma into this process."""
        known: dict[str, str] = {}
        vectors: dict[str, np.ndarray] = {}
        for doc_id, text_hash, vector in self._documents(vectors=True):
            known[doc_id] = text_hash
            vectors[doc_id] = vector
        self._known, self._vectors = known, vectors
        self._matrices.clear()

    def _documents(self, *, vectors: bool) -> Iterator[tuple[str, str, Any]]:
        """(id, hash of its text, its vector or None) of every document of both collections, read
        from Chroma 5,000 at a time (the text rather than the metadata's hash: Chroma returns it
        faster, and the hash is of the text; a document without text hashes as "")."""
        include = ["documents", "embeddings"] if vectors else ["documents"]
        for col in (self._connect(), self._misfit_collection(create=False)):
            if col is None:
                continue
            total = col.count()
            for offset in range(0, total, 5000):
                got = col.get(include=include, limit=5000, offset=offset)
                ids = got["ids"]
                texts = got["documents"] or [None] * len(ids)
                embs: Any = [None] * len(ids)
                if vectors and ids:
                    embs = np.asarray(got["embeddings"], dtype=np.float32)
                for doc_id, text, vector in zip(ids, texts, embs):
                    yield doc_id, sha(text) if text is not None else "", vector

    def _forget(self) -> None:
        self._known, self._vectors = None, {}
        self._matrices.clear()

    def _searchable(self, misfits: bool = False) -> tuple[list[str], dict[str, int], np.ndarray]:
        """(ids, id -> row, matrix of vectors) of the documents this process last synced: the
        candidates' (Level 0 texts and examples), or the misfits'."""
        if self._collection is not None and self._others_wrote():
            self._connect()  # another process wrote the embedded index: reconnect, forgetting what was read
        if self._known is None:
            self._read()
        if misfits not in self._matrices:
            ids = sorted(i for i in self._vectors if is_misfit_id(i) == misfits)
            matrix = (
                np.stack([self._vectors[i] for i in ids]).astype(np.float32, copy=False)
                if ids
                else np.zeros((0, 0), dtype=np.float32)
            )  # never searched: asking the model would load it
            self._vectors.update({i: matrix[row] for row, i in enumerate(ids)})  # views: one copy in memory
            self._matrices[misfits] = (ids, {i: row for row, i in enumerate(ids)}, matrix)
        return self._matrices[misfits]

    def misfit_count(self) -> int:
        """Misfit documents this process last synced (or read) in the index."""
        return len(self._searchable(misfits=True)[0])

    @_server_errors
    def prepare_search(self) -> None:
        """Start building the int8 prefilter of a large library's search matrix now, in the
        background (:mod:`skillrouter.routing.prefilter`), not on the second route."""
        build_soon(self._searchable()[2])

    @_server_errors
    def sync(
        self,
        documents: Mapping[str, tuple[str, str, str]] | Callable[[], Mapping[str, tuple[str, str, str]]],
        *,
        dry_run: bool = False,
        fresh: bool = False,
    ) -> SyncReport:
        """Make the collection hold exactly ``documents``: id -> (skill, kind, text), or a function
        that reads them from the store now.

        Embeds only documents that are new or whose text changed; deletes the rest. The
        collection's contents are read once per process (or with ``fresh``), then tracked. When
        another process wrote the index between this plan and this one's write (it embeds before
        it takes the writer lock), the plan is made again from what is there then, with the
        documents read again when ``documents`` is a function: the other process's documents are
        the store's too by then, and a plan made before them would delete them.
        """
        read = documents if callable(documents) else (lambda: documents)
        wanted = {doc_id: (skill, kind, text, sha(text)) for doc_id, (skill, kind, text) in read().items()}
        self._connect()  # first: if another process wrote since, this forgets what it knew
        if fresh or self._known is None:
            self._read()
        have = self._known
        assert have is not None
        changed, gone = plan({i: h for i, (_, _, _, h) in wanted.items()}, have)
        report = SyncReport(
            embedded=len(changed),
            deleted=len(gone),
            unchanged=len(wanted) - len(changed),
            ids_embedded=changed,
        )
        if dry_run or (not changed and not gone):
            return report
        # embedded before the writer lock is taken, so other writers never wait on the model
        # (a server syncing an import's thousand new skills held it for seconds before)
        fresh_vectors = self._embed({i: wanted[i][2] for i in changed})
        waited = time.monotonic()
        if self._take_write_lock():  # another process wrote after this plan was made: plan again
            return self.sync(documents, fresh=True)
        self.lock_waits.append(time.monotonic() - waited)
        try:
            for misfits in (False, True):
                part_gone = [i for i in gone if is_misfit_id(i) == misfits]
                part_changed = [i for i in changed if is_misfit_id(i) == misfits]
                if not part_gone and not part_changed:
                    continue
                col = self._misfit_collection(create=True) if misfits else self._connect()
                self._matrices.pop(misfits, None)
                for start in range(0, len(part_gone), _BATCH):
                    col.delete(ids=part_gone[start : start + _BATCH])
                for doc_id in part_gone:
                    have.pop(doc_id, None)
                    self._vectors.pop(doc_id, None)
                for start in range(0, len(part_changed), _BATCH):
                    ids = part_changed[start : start + _BATCH]
                    texts = [wanted[i][2] for i in ids]
                    vectors = np.stack([fresh_vectors[i] for i in ids])
                    col.upsert(
                        ids=ids,
                        embeddings=vectors,
                        metadatas=[
                            {"skill": wanted[i][0], "kind": wanted[i][1], "hash": wanted[i][3]} for i in ids
                        ],
                        documents=texts,
                    )
                    have.update({i: wanted[i][3] for i in ids})
                    self._vectors.update(zip(ids, vectors))
        finally:
            self._wrote()
        return report

    def _embed(self, texts: dict[str, str]) -> dict[str, np.ndarray]:
        """id -> vector of each text, in batches (through the embedder's cache, if it has one)."""
        ids = list(texts)
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(ids), _BATCH):
            part = ids[start : start + _BATCH]
            vectors = np.asarray(self.embedder.embed_documents([texts[i] for i in part]), dtype=np.float32)
            out.update(zip(part, vectors))
        return out

    @_server_errors
    def reset(self) -> None:
        """Drop the collections (``reindex`` then rebuilds them from the store)."""
        self._take_write_lock()
        try:
            if self._misfit_collection(create=False) is not None:
                self._client.delete_collection(self.misfit_collection_name)
            self._client.delete_collection(self.name)
            self._disconnect()
        finally:
            self._wrote()

    # ------------------------------------------------------------ queries

    @_server_errors
    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]:
        """Cosine similarity of ``vector`` to the Level 0 document of each of ``skills`` (those
        the index holds), for candidates found by keywords rather than by the vector query."""
        if not skills:
            return {}
        ids, row_of, matrix = self._searchable()
        rows = sorted({row_of[s] for s in skills if s in row_of})  # one order, whatever the caller's
        sims = matrix[rows] @ np.asarray(vector, dtype=np.float32) if rows else np.zeros(0, dtype=np.float32)
        return {ids[r]: round(float(s), 6) for r, s in zip(rows, sims)}

    @_server_errors
    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        """The ``n`` nearest documents (Level 0 texts and examples, never misfits) to each query
        vector, by exact cosine similarity, ties broken by id, so the same index and query
        always give the same list.

        Exact search over the vectors this process synced (an N x 384 product: about a
        millisecond at 10,000 documents) instead of a call into Chroma, whose fixed cost per
        call was most of a route's overhead; Chroma stays the index on disk or on the server.
        """
        return self._nearest(vectors, n, misfits=False)

    @_server_errors
    def query_misfits(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        """The ``n`` nearest misfits to each query vector (empty lists while the index holds
        none), by exact cosine similarity."""
        return self._nearest(vectors, n, misfits=True)

    def _nearest(self, vectors: np.ndarray, n: int, *, misfits: bool) -> list[list[Hit]]:
        ids, _, matrix = self._searchable(misfits)
        return nearest(ids, matrix, vectors, n)

    @_server_errors
    def centroids(self, skills: Sequence[str]) -> dict[str, np.ndarray]:
        """Each skill's centroid: the normalised mean of its documents' vectors (its Level 0
        text and examples, never misfits), for the skills the index holds. Where a skill's
        documents lie, as one vector: two skills serving one kind of task have near centroids
        whatever their descriptions say (see :func:`skillrouter.learning.offers.fold_offers`)."""
        ids, _, matrix = self._searchable()
        return centroids(ids, matrix, skills)
