"""``SkillLibrary``: a store, its index and a router, kept in step: the one facade.

    lib = SkillLibrary.open("./.skillrouter")          # embedded Chroma, default model
    lib.add(Skill.create("fix-flaky-test", "Find why a test fails sometimes ..."))
    route = lib.route("the login test fails one run in ten")
    lib.record_outcome(route.matched.name, 9, task="the login test fails one run in ten")

The CLI, the agent and servers built on skillrouter use this class, never the store's
internals; the rules that span layers (restoring a retired skill makes it active again,
trusting releases a quarantine, what doctor repairs) live here once.

The index follows the store automatically: every call that reads the index first syncs
it if the store changed (by content hash: only changed text is embedded).

What a route pays to notice changes does not grow with the library:

- writes through skillrouter, in this process or another (``add``, ``import``, ``record``
  with a task, ``refresh``), bump the ledger's generation counter: one SQLite read per route
  sees them at once;
- a skill folder added, removed or renamed into ``skills/`` by hand changes that folder's
  timestamps: one stat per route sees it at once;
- a SKILL.md edited inside its folder (in place, or by an editor that writes a temporary file
  and renames it over) changes neither, and only a stat of every SKILL.md finds it. A route
  makes that scan when the last one is ``refresh_interval`` seconds old (2 by default), so a
  long-running process (a server, the agent) picks such an edit up within 2 seconds (in a large
  store, within ten times the scan's own duration, so scans take at most a tenth of the
  process's time: about 16 s at 100,000 skills, see ``reconcile.SCAN_SHARE``); a new
  process (each CLI command) scans on its first route; ``refresh()`` (``skillrouter
  refresh``, in any process) reads edits at once, and every process sees them on its next
  route through the generation counter. ``refresh_interval=0`` scans before every route.
  A server (``skillrouter mcp``: :attr:`SkillLibrary.defer_scans`) makes a scan due by time
  alone right after the call that found it due, once that call has answered, not inside it:
  at 100,000 skills one scan takes 1-1.6 s, which a server with a search every minute would
  otherwise add to every search. There an edit inside a folder is read after the next call and
  routed from the call after it.

A file-system watcher (inotify, FSEvents) would see edits at once, but needs a thread and a
platform backend in every process and still needs the scan for what changed while no process
watched; the bounded delay needs neither.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self

import numpy as np

from skillrouter.embeddings import (
    DEFAULT_MODEL,
    Backend,
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    LanguageNeutralEmbedder,
    MultilingualE5Embedder,
    default_backend,
    make_embedder,
)
from skillrouter.embeddings.script import has_cjk
from skillrouter.errors import (
    IndexUnavailableError,
    SkillFormatError,
    SkillNotFoundError,
    SkillQuarantinedError,
    SkillRouterError,
    StoreError,
    StoreLockedError,
)
from skillrouter.routing.documents import MISFIT, TRIGGER, example_id, misfit_id, trigger_id
from skillrouter.routing.exact import ExactIndex
from skillrouter.routing.fit import Engine as FitEngine
from skillrouter.routing.fit import (
    EngineFit,
    FitConstants,
    LibraryFit,
    SkillText,
    engine_tasks,
    fingerprint,
    fit_engine,
    level0_form,
)
from skillrouter.routing.fitted import (
    FIT_KEY,
    PINS_KEY,
    check_pin,
    due,
    fit_texts,
    load_fit,
    pins_of,
    stored_fit,
)
from skillrouter.routing.index import SkillIndex, SyncReport
from skillrouter.routing.language_groups import LanguageGroups
from skillrouter.routing.lexical import LexicalIndex
from skillrouter.routing.own_parts import own_parts
from skillrouter.routing.router import Engine, QueryIndex, Route, Router
from skillrouter.routing.settings import DEFAULT_K, RoutingSettings
from skillrouter.routing.snapshot import Snapshot
from skillrouter.security.policy import TrustLevel
from skillrouter.skill import Skill, SkillSummary, now_iso
from skillrouter.skillmd import read_skill_md, skill_from_json
from skillrouter.store.ledger import Outcome, Version
from skillrouter.store.ledger.base import no_space
from skillrouter.store.provenance import Status
from skillrouter.store.store import Store

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

    from skillrouter.doctor import DoctorReport
    from skillrouter.routing.conversation import Context
    from skillrouter.security.admission import Reviewer
    from skillrouter.transfer.importer import ImportReport, OnConflict


REFRESH_INTERVAL = 2.0  # seconds a SKILL.md edited inside its folder may go unnoticed by a route
MULTILINGUAL_FOLDER = "chroma-multilingual"  # the multilingual engine's embedded index, in the store


def _multilingual(embedder: Embedder, choice: Embedder | bool | None) -> Embedder | None:
    """The multilingual engine beside ``embedder`` (see :class:`SkillLibrary`): e5 behind the
    same cache, its Chinese-English direction taken out
    (:class:`~skillrouter.embeddings.LanguageNeutralEmbedder`), unless ``choice`` says otherwise
    or ``embedder`` is not the default English model."""
    if choice is False:
        return None
    if choice is not None and choice is not True:
        return choice
    if choice is None and embedder.model_id != DEFAULT_MODEL:
        return None
    engine: Embedder = MultilingualE5Embedder()
    if isinstance(embedder, CachedEmbedder):
        engine = CachedEmbedder(engine, embedder.cache)
    return LanguageNeutralEmbedder(engine)  # outside the cache: it keeps e5's own vectors


def chosen_backend(model: str | None = None, backend: Backend | None = None) -> Backend:
    """``backend``, or when None the engine :func:`~skillrouter.embeddings.default_backend`
    chooses for ``model`` (``$SKILLROUTER_BACKEND``, else ONNX Runtime for the default model and
    torch for any other); a bad ``$SKILLROUTER_BACKEND`` is a :class:`SkillRouterError`."""
    if backend is not None:
        return backend
    try:
        return default_backend(model)
    except ValueError as err:
        raise SkillRouterError(str(err)) from None


def default_embedder(
    store_path: Path,
    model: str | None = None,
    backend: Backend | None = None,
    *,
    read_only: bool = False,
    one_shot: bool = False,
) -> CachedEmbedder:
    """The default model (or ``model``) on ``backend`` (None: :func:`chosen_backend`) behind the
    store's persistent embedding cache. Both engines fill and read the same cache entries (see
    :mod:`skillrouter.embeddings.backend`). ``read_only``: the cache is read, never written (a
    read-only store). ``one_shot``: for a process that routes once and exits
    (:func:`~skillrouter.embeddings.make_embedder`).
    """
    cache = EmbeddingCache(store_path / "cache" / "embeddings.db", read_only=read_only)
    return CachedEmbedder(make_embedder(model, chosen_backend(model, backend), one_shot=one_shot), cache)


class SkillLibrary:
    """A skill store with its index and router (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        *,
        routing: RoutingSettings | None = None,
        chroma_url: str | None = None,
        collection: str | None = None,
        max_examples: int = 200,
        refresh_interval: float = REFRESH_INTERVAL,
        hold_index_lock: bool = True,
        one_shot: bool = False,
        multilingual: Embedder | bool | None = None,
        **routing_options: Any,
    ) -> None:
        """``routing`` (default :class:`RoutingSettings()`), with any of its fields given as
        keywords on top (``threshold=0.4``, ``keyword_weight=0``: see
        :class:`~skillrouter.routing.settings.RoutingSettings`), is how the router ranks and gates.
        ``max_examples``: examples (and misfits) kept per skill, newest first. ``refresh_interval``:
        at most how many seconds a SKILL.md edited inside its folder goes unnoticed (see the module
        docstring). ``hold_index_lock=False``, for a process that stays open (a server): the
        embedded index's writer lock is taken for each write and given back after, instead of
        held from the first write until :meth:`close`. ``one_shot=True``, for a process that
        routes once and exits (a CLI command): an embedded store is searched over its embedding
        cache (:class:`~skillrouter.routing.exact.ExactIndex`) without opening Chroma; a Chroma
        server is queried as usual. ``multilingual``: the engine for tasks in Chinese, Japanese or
        Korean (see :mod:`skillrouter.routing.router`, "Engines"): by default (None) multilingual-e5-small
        beside the default English model, behind the same embedding cache, with its
        Chinese-English direction taken out (:class:`~skillrouter.embeddings.LanguageNeutralEmbedder`),
        and none beside any other ``embedder`` (it routes every task); False for none, or an
        embedder, used as given. It is loaded, and its index built, on the first task that needs it."""
        if not refresh_interval >= 0:
            raise ValueError(f"refresh_interval must be a number of seconds >= 0, got {refresh_interval!r}")
        self.store = store
        self.embedder = embedder
        self.max_examples = max_examples
        self.refresh_interval = float(refresh_interval)
        self.defer_scans = False
        """True in a long-running server: a scan of every SKILL.md due by time alone (not a
        changed ``skills/`` folder) is not made inside a route but left to :meth:`catch_up`, which
        the server runs once the call's answer is out (see the module docstring)."""
        self.one_shot = one_shot
        scope = store.store_id
        self.index = SkillIndex(
            store.path,
            embedder,
            chroma_url=chroma_url,
            collection=collection,
            scope=scope,
            hold_lock=hold_index_lock,
        )
        self.lexical = LexicalIndex(store.path / "cache" / "lexical.db", read_only=store.read_only)
        settings = (routing or RoutingSettings()).replace(**routing_options)
        self.multilingual_embedder = _multilingual(embedder, multilingual)
        self.multilingual_index = (
            SkillIndex(
                store.path,
                self.multilingual_embedder,
                chroma_url=chroma_url,
                scope=scope,
                hold_lock=hold_index_lock,
                folder=MULTILINGUAL_FOLDER,
            )
            if self.multilingual_embedder is not None
            else None
        )
        self.router = Router(
            store,
            self.index,
            lexical=self.lexical,
            settings=settings,
            multilingual=self._multilingual_index if self.multilingual_index is not None else None,
            fit=lambda: self.library_fit,
            language_groups=self._language_groups,
        )
        self._language: tuple[tuple[int, int], LanguageGroups | None] | None = None  # by (index, generation)
        self._cjk: tuple[int, set[str]] | None = None  # (generation, the skills described in CJK)
        self._fit_read: tuple[int, LibraryFit | None] | None = None  # (ledger generation, the fit then)
        self._multilingual_synced: int | None = None  # ledger generation the multilingual index is at
        self._exact_multilingual: tuple[int, ExactIndex] | None = None
        self.unreadable: list[tuple[str, str]] = []  # SKILL.md files the last sync could not parse
        self._synced: int | None = None
        self._exact: tuple[int, ExactIndex] | None = None  # the embedding-cache index, by ledger generation
        self._owns_embedder = False  # made by open(): closed with the library

    @property
    def read_only(self) -> bool:
        """Whether the store is read-only (a mounted library): routes search the embedding cache
        (:class:`~skillrouter.routing.exact.ExactIndex`, nothing written, no lock), caches are
        read and not written, and every write raises :class:`StoreError` saying so."""
        return self.store.read_only

    @property
    def disk_full(self) -> bool:
        """Whether the store opened read-only because the disk holding it was full."""
        return self.store.disk_full

    def space_again(self) -> bool:
        """Whether a store that opened on a full disk has space again (the file system's free
        space, read without opening anything): a server then opens the store again for writing."""
        return self.store.disk_full and not no_space(self.store.db_file)

    @property
    def _exact_only(self) -> bool:
        """Whether routes search the embedding cache rather than Chroma: one-shot processes and
        read-only stores, when the index is embedded (a Chroma server is queried as usual)."""
        return (self.one_shot or self.read_only) and self.index.mode == "embedded"

    @property
    def routing(self) -> RoutingSettings:
        """The router's settings (frozen; :meth:`configure` changes them)."""
        return self.router.settings

    def configure(self, **changes: Any) -> RoutingSettings:
        """Route from now on with these settings changed (field names of
        :class:`~skillrouter.routing.settings.RoutingSettings`, checked there)."""
        self.router.settings = self.router.settings.replace(**changes)
        return self.router.settings

    @classmethod
    def open(
        cls,
        store: str | Path | None = None,
        *,
        create: bool = True,
        repair: bool = False,
        model: str | None = None,
        embedder: Embedder | None = None,
        backend: Backend | None = None,
        chroma_url: str | None = None,
        ledger_url: str | None = None,
        **kwargs: Any,
    ) -> SkillLibrary:
        """Open (or create) a store with the default embedder (``model`` on ``backend``), or
        ``embedder``. ``backend``: ``"onnx"`` (ONNX Runtime) or ``"torch"`` (sentence-transformers);
        by default (None) ``$SKILLROUTER_BACKEND``, else ONNX Runtime for the default model and
        torch for any other (:func:`chosen_backend`). ``repair`` rebuilds a damaged ledger instead of raising
        :class:`LedgerDamagedError`. ``ledger_url``: a ``postgresql://`` URL for a team ledger
        (default ``$SKILLROUTER_LEDGER_URL``; see :class:`Store`). Other keywords are
        :meth:`__init__`'s (``routing`` and its fields, ``one_shot``, ...)."""
        if embedder is None:
            backend = chosen_backend(model, backend)  # a bad $SKILLROUTER_BACKEND fails before opening
        st = Store(store, create=create, repair=repair, ledger_url=ledger_url)
        owned = embedder is None
        if embedder is None:
            embedder = default_embedder(
                st.path, model, backend, read_only=st.read_only, one_shot=kwargs.get("one_shot", False)
            )
        lib = cls(st, embedder, chroma_url=chroma_url, **kwargs)
        lib._owns_embedder = owned  # its cache file is closed with the library
        return lib

    @property
    def path(self) -> Path:
        """The store folder."""
        return self.store.path

    def close(self) -> None:
        self.index.close()
        if self.multilingual_index is not None:
            self.multilingual_index.close()
        self.lexical.close()
        self.store.close()
        if self._owns_embedder and isinstance(self.embedder, CachedEmbedder):
            self.embedder.cache.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ index upkeep

    def documents(self, engine: FitEngine = "default") -> dict[str, tuple[str, str, str]]:
        """What ``engine``'s index must hold: every skill's Level 0 text in the form the library's
        fit chose for that engine (:mod:`skillrouter.routing.fit`: the description, or
        ``"name: description"``), its trigger texts (``metadata.triggers``, localized descriptions,
        and the part of its description no other skill shares: :mod:`skillrouter.routing.own_parts`)
        and its examples (whatever its status: the router filters quarantined and retired skills
        out)."""
        form = self.router.ranking(engine).form
        descriptions = self.store.ledger.level0_texts()
        docs: dict[str, tuple[str, str, str]] = {
            n: (n, "skill", level0_form(form, n, t)) for n, t in descriptions.items()
        }
        for name, texts in self.store.ledger.trigger_texts().items():
            if name in docs:
                docs.update({trigger_id(name, text): (name, TRIGGER, text) for text in texts})
        status = self.store.ledger.statuses()  # a skill routes never reach changes no other's documents
        active = {n: d for n, d in descriptions.items() if status.get(n, "active") == "active"}
        for name, text in own_parts(active).items():  # what its service's siblings do not say
            docs[trigger_id(name, text)] = (name, TRIGGER, text)
        for name, task in self.store.ledger.examples():
            if name in docs:
                docs[example_id(name, task)] = (name, "example", task)
        for name, task in self.store.ledger.misfits():
            if name in docs:
                docs[misfit_id(name, task)] = (name, MISFIT, task)
        return docs

    def lexical_documents(self) -> dict[str, tuple[str, str, str]]:
        """What the keyword index must hold, by the same ids: each skill's lexical text (its
        summary, ``"name words: description"``, and the start of its body; the summary counts for
        coverage), its trigger texts and its examples. Misfits are left out: words a skill failed on
        must not lift it."""
        summaries = self.store.ledger.summary_texts()
        docs = {n: (n, t, summaries[n]) for n, t in self.store.lexical_texts().items() if n in summaries}
        for name, texts in self.store.ledger.trigger_texts().items():
            if name in docs:
                docs.update({trigger_id(name, text): (name, text, text) for text in texts})
        for name, task in self.store.ledger.examples():
            if name in docs:
                docs[example_id(name, task)] = (name, task, task)
        return docs

    def sync(self, *, force: bool = False) -> SyncReport:
        """Bring the index in line with the store (embeds only what changed). Files edited by
        hand are read first when a scan is due (see the module docstring), always with ``force``."""
        # a SKILL.md edited by hand changes no counter until the ledger reads it again
        problems = (
            self.store.refresh()
            if force
            else self.store.refresh_if_due(self.refresh_interval, defer=self.defer_scans)
        )
        if problems is not None:
            self.unreadable = problems
        return self._sync_index(force=force)

    @property
    def scan_deferred(self) -> bool:
        """Whether a scan was left for :meth:`catch_up` (:attr:`defer_scans`)."""
        return self.store.disk.deferred

    def catch_up(self) -> None:
        """Make the scan a route left for later (:attr:`defer_scans`), and bring the indexes in
        step with what it read; nothing when none was left."""
        if not self.store.disk.deferred:
            return
        self.unreadable = self.store.refresh()
        if not self._exact_only:
            self._sync_index()

    def _sync_index(self, *, force: bool = False) -> SyncReport:
        generation = self.store.ledger.generation()
        if not force and self._synced == generation:
            return SyncReport(unchanged=-1)
        if self.read_only and self.index.mode == "embedded":  # nothing to write it to: routes read the cache
            self.lexical.sync(self.lexical_documents())
            self._synced = generation
            return SyncReport(unchanged=-1)
        report = self.index.sync(self.documents, fresh=force)  # read again if another writer came first
        self.lexical.sync(self.lexical_documents())
        self._synced = generation
        if self._multilingual_built():  # once built, kept in step (imports embed for it too)
            self._sync_multilingual(force=force)
        return report

    def _multilingual_built(self) -> bool:
        """Whether the multilingual index exists: synced by this process, or (embedded) its folder
        is in the store."""
        index = self.multilingual_index
        if index is None:
            return False
        if self._multilingual_synced is not None:
            return True
        return index.mode == "embedded" and index.chroma_path.exists()

    def _sync_multilingual(self, *, force: bool = False) -> None:
        assert self.multilingual_index is not None
        generation = self.store.ledger.generation()
        if force or self._multilingual_synced != generation:
            self.multilingual_index.sync(lambda: self.documents("multilingual"), fresh=force)
            self._multilingual_synced = generation

    def _multilingual_index(self) -> SkillIndex:
        """The multilingual engine's index in step with the store (the router calls this for
        the first task that needs it: its vectors are then embedded, or read from the cache)."""
        assert self.multilingual_index is not None
        if not (self.read_only and self.multilingual_index.mode == "embedded"):
            self._sync_multilingual()
        return self.multilingual_index

    def _exact_multilingual_index(self) -> ExactIndex:
        """The multilingual engine's documents searched over the embedding cache (one-shot and
        read-only processes), kept per ledger generation."""
        assert self.multilingual_embedder is not None
        generation = self.store.ledger.generation()
        if self._exact_multilingual is None or self._exact_multilingual[0] != generation:
            self._exact_multilingual = (generation, self._exact_index(generation, self.multilingual_embedder))
        return self._exact_multilingual[1]

    def _language_groups(self, index: QueryIndex) -> LanguageGroups | None:
        """The skills described in CJK and the others, as the multilingual ``index`` holds them, for a
        route on that engine (:mod:`skillrouter.routing.language_groups`); kept per index and ledger
        generation. None for a library in one script. An exact index gives its skills' Level 0 rows
        as they are (a one-shot process: no centroid per skill), and the skills described in CJK
        come with its snapshot when it was read from one."""
        generation = self.store.ledger.generation()
        key = (id(index), generation)
        if self._language is None or self._language[0] != key:
            cjk = self._cjk_skills(generation)
            groups = None
            if cjk and isinstance(index, ExactIndex):
                ids, matrix = index.parts[0]
                groups = LanguageGroups.of(
                    [None if "::" in d else d for d in ids], matrix, cjk
                )  # Level 0 rows
            elif cjk:
                groups = LanguageGroups.of_vectors(index.centroids(self.store.names()), cjk)  # type: ignore[attr-defined]
            self._language = (key, groups)
        return self._language[1]

    def _cjk_skills(self, generation: int) -> set[str]:
        """The skills whose Level 0 text holds CJK letters, at ``generation``."""
        if self._cjk is not None and self._cjk[0] == generation:
            return self._cjk[1]
        cjk = {name for name, text in self.store.ledger.level0_texts().items() if has_cjk(text)}
        self._cjk = (generation, cjk)
        return cjk

    def refresh(self, *, lock_wait: float | None = None) -> SyncReport:
        """Read every SKILL.md changed on disk now, and bring the index in line. Other
        processes using the store see the change on their next route. In team mode this
        machine's whole copy is first brought in step with the database (``Store.sync_copy``).

        ``lock_wait``: at most this many seconds waited for another process's hold on the
        embedded index (default: the index's own wait) before :class:`StoreLockedError`; the
        edits are in the ledger by then, and the next route of any process brings the index in
        line (``skillrouter refresh`` waits a few seconds, not half a minute)."""
        self.store.sync_copy()
        self.unreadable = self.store.refresh()
        if lock_wait is None:
            return self._sync_index()
        indexes = [i for i in (self.index, self.multilingual_index) if i is not None]
        saved = [i.lock_timeout for i in indexes]
        for i in indexes:
            i.lock_timeout = lock_wait
        try:
            return self._sync_index()
        finally:
            for i, wait in zip(indexes, saved, strict=True):
                i.lock_timeout = wait

    def warm_up(self) -> None:
        """Load the embedding model and bring the index up to date now, not on the first route
        (a server calls it as it starts); where routes search the embedding cache instead (a
        read-only store, a one-shot library), that index is built and Chroma is not opened."""
        inner = self.embedder.inner if isinstance(self.embedder, CachedEmbedder) else self.embedder
        inner.embed_query("warm up")  # past the cache, which may know the text and load nothing
        if self._exact_only:  # routes search the embedding cache (a read-only store): Chroma stays shut
            self._router()
            return
        self.sync()
        self.index.prepare_search()

    def reindex(self) -> SyncReport:
        """Drop the indexes and rebuild them from the store (vectors come from the cache)."""
        self.index.reset()
        if self._multilingual_built():
            assert self.multilingual_index is not None
            self.multilingual_index.reset()
            self._multilingual_synced = None
        self.lexical.reset()
        self._synced = None
        self.fit_if_due(bulk=True)
        return self.sync(force=True)

    # ------------------------------------------------------------ the library fit

    @property
    def library_fit(self) -> LibraryFit | None:
        """The library's fit with the user's pins applied (:mod:`skillrouter.routing.fitted`), or
        None before the first fit when nothing is pinned: read once per ledger generation."""
        generation = self.store.ledger.generation()
        if self._fit_read is None or self._fit_read[0] != generation:
            self._fit_read = (generation, load_fit(self.store.ledger))
        return self._fit_read[1]

    def _models(self) -> dict[str, str]:
        models = {"default": self.embedder.model_id}
        if self.multilingual_embedder is not None:
            models["multilingual"] = self.multilingual_embedder.model_id
        return models

    def fit(self, constants: FitConstants | None = None, *, automatic: bool = False) -> LibraryFit:
        """Fit the router to this library now, from its own text and without labels
        (:mod:`skillrouter.routing.fit`), keep the fit in the ledger (every process and machine
        of the store routes with it) and return it with the user's pins applied. An engine with
        too few pseudo-tasks keeps its default ranking (the multilingual engine is loaded only
        when the library holds enough text in Chinese, Japanese or Korean to fit it). ``constants``:
        how the fit decides (:class:`~skillrouter.routing.fit.FitConstants`; the shipped ones by
        default).

        ``automatic`` (the fit an import, reindex or add runs): the multilingual engine is fitted
        only once the library has a multilingual index (its first task in Chinese, Japanese or
        Korean builds it); before that, fitting it would embed every skill with e5 in both forms
        (at 5,000 skills, about four minutes of an import that takes one), so it keeps its
        earlier fit, or is "deferred" to the default ranking, until an import, a reindex,
        ``skillrouter doctor`` or ``skillrouter fit`` after the index exists."""
        if self.read_only:
            raise StoreError(f"nothing can be written: {self.store.read_only_why}")
        started = time.perf_counter()
        texts = fit_texts(self.store.ledger)
        engines = {"default": fit_engine("default", texts, self.embedder, constants=constants)}
        if self.multilingual_embedder is not None:
            if automatic and not self._multilingual_built() and self._enough_cjk(texts, constants):
                engines["multilingual"] = self._deferred_multilingual(constants)
            else:
                engines["multilingual"] = fit_engine(
                    "multilingual", texts, self.multilingual_embedder, constants=constants
                )
        fitted = LibraryFit(
            engines,
            len(texts),
            fingerprint(texts),
            self._models(),
            now_iso(),
            time.perf_counter() - started,
        )
        self.store.ledger.set_setting(FIT_KEY, json.loads(fitted.to_json()))
        fit = self.library_fit
        assert fit is not None
        return fit

    def fit_if_due(self, *, bulk: bool) -> LibraryFit | None:
        """Refit when the library changed enough since its fit (:func:`skillrouter.routing.fitted.due`:
        an import or a reindex, ``bulk``, whenever what the fit reads changed; a single write once
        the count of active skills moved by a tenth); the new fit, or None when none was due. An
        automatic fit (see :meth:`fit`)."""
        if self.read_only or not self.fit_due(bulk=bulk):
            return None
        return self.fit(automatic=True)

    def fit_due(self, *, bulk: bool = True) -> bool:
        """Whether the library changed enough since its fit to fit it again (see :meth:`fit_if_due`),
        or (``bulk``) its multilingual engine was deferred and the library now has that index."""
        fitted = stored_fit(self.store.ledger)
        active = sum(1 for s in self.store.ledger.statuses().values() if s == "active")
        printed = fingerprint(fit_texts(self.store.ledger)) if bulk and fitted is not None else None
        if due(fitted, active, self._models(), bulk=bulk, fingerprint=printed):
            return True
        waiting = fitted is not None and fitted.engines.get("multilingual")
        return bool(bulk and waiting and waiting.source == "deferred" and self._multilingual_built())

    @staticmethod
    def _enough_cjk(texts: Sequence[SkillText], constants: FitConstants | None) -> bool:
        """Whether the multilingual engine has pseudo-tasks enough to be fitted (with fewer it
        keeps its default, and fitting it costs nothing: nothing to defer)."""
        return len(engine_tasks("multilingual", texts)) >= (constants or FitConstants()).min_tasks

    def _deferred_multilingual(self, constants: FitConstants | None) -> EngineFit:
        """The multilingual engine's part of an automatic fit made before the library has that
        index: its earlier fit if it has one (same model), else the engine's default, deferred."""
        fitted = stored_fit(self.store.ledger)
        if fitted is not None and fitted.models.get("multilingual") == self._models().get("multilingual"):
            earlier = fitted.engines.get("multilingual")
            if earlier is not None and earlier.source == "fitted":
                return earlier
        return EngineFit(
            "multilingual",
            (constants or FitConstants()).default("multilingual"),
            "deferred",
            "not fitted yet: the library has no multilingual index (its first task in Chinese, "
            "Japanese or Korean builds it; the next import, reindex, doctor or 'skillrouter fit' "
            "after that fits the engine)",
        )

    def pins(self) -> dict[str, dict[str, Any]]:
        """The user's pins of the fit: ``{engine: {"form": ..., "keyword_weight": ...}}``."""
        return pins_of(self.store.ledger)

    def pin(self, engine: FitEngine, **values: Any) -> dict[str, dict[str, Any]]:
        """Pin ``engine``'s ranking (``form="name: description"``, ``keyword_weight=0.2``): the
        router uses the pinned values whatever a refit chooses, until :meth:`unpin`. Bad values
        are a ValueError naming the key; the pins are returned."""
        if not values:
            raise ValueError("nothing to pin: give form= and/or keyword_weight=")
        checked = {key: check_pin(engine, key, value) for key, value in values.items()}
        pins = self.pins()
        pins[engine] = {**pins.get(engine, {}), **checked}
        self.store.ledger.set_setting(PINS_KEY, pins)
        return pins

    def unpin(self, engine: FitEngine | None = None) -> dict[str, dict[str, Any]]:
        """Drop the pins of ``engine`` (None: of every engine); the pins left are returned."""
        pins = {} if engine is None else {e: p for e, p in self.pins().items() if e != engine}
        self.store.ledger.set_setting(PINS_KEY, pins or None)
        return pins

    def warnings(self) -> list[str]:
        """What a user should hear about on every command until it is dealt with: SKILL.md
        files that no longer parse (as of the last sync), skills a change on disk quarantined
        (until trusted), a ledger rebuilt with data lost, and in team mode an edit of content the
        team library has since replaced (kept aside, said once)."""
        out = [
            f"{why} (the skill is used as it last read well: fix the file, or 'skillrouter restore {name} "
            f"VERSION')"
            for name, why in self.unreadable
        ]
        for name, noted in self.store.quarantined_edits().items():
            findings = noted.get("findings") or [{}]
            first = findings[0]
            out.append(
                f"{name} was changed on disk and its scan found {first.get('rule', 'something')} in "
                f"{first.get('path', 'SKILL.md')}:{first.get('line') or '-'}"
                f"{f' and {len(findings) - 1} more' if len(findings) > 1 else ''}: quarantined, it is not "
                f"routed ('skillrouter show {name}' lists the findings, 'skillrouter trust {name}' "
                f"releases it, 'skillrouter history {name}' and 'restore' go back)"
            )
        out += self.repairs()
        out += self.store.copies.take_warnings()  # a team copy's edits of replaced content, kept aside
        if self.read_only:
            unread = self.store.disk.unread
            why = f"the disk holding the store {self.path} is full" if self.store.disk_full else None
            out.append(
                f"{why or f'the store {self.path} is read-only'}: routes search its embedding cache, "
                f"nothing is recorded or cached"
                + (
                    f", and {len(unread)} skill(s) changed on disk since it was last written are routed as "
                    "last recorded and not served "
                    f"({', '.join(unread[:3])}{', ...' if len(unread) > 3 else ''})"
                    if unread
                    else ""
                )
            )
        note = self.store.ledger.notes().get("ledger_rebuilt")
        if note:
            out.append(
                f"the ledger was rebuilt on {note['at']} ({note['reason']}); lost: "
                f"{', '.join(note['lost']) or 'nothing'}; 'skillrouter doctor' reports it in full"
            )
        return out

    def repairs(self) -> list[str]:
        """Derived data this process found damaged and rebuilt (the embedding cache, the keyword
        index, the embedded Chroma folder), one line each: each is set aside beside the original,
        never deleted, and nothing stored in the ledger or the skill files depends on it."""
        cache = self.embedder.cache if isinstance(self.embedder, CachedEmbedder) else None
        return [
            *(cache.repairs if cache is not None else []),
            *self.lexical.repairs,
            *self.index.repairs,
            *self.store.copies.repairs(),
        ]

    def doctor(self, *, repair: bool = True) -> DoctorReport:
        """Check the ledger, the files, the sidecars and the index; with ``repair``, fix what
        can be fixed and say what cannot (see :mod:`skillrouter.doctor`)."""
        from skillrouter.doctor import diagnose  # a route never needs it: a fresh process skips it

        return diagnose(self, repair=repair)

    # ------------------------------------------------------------ skills

    def add(
        self,
        skill: Skill | str | Path,
        *,
        replace: bool = False,
        trust_level: TrustLevel | None = None,
        reason: str = "add",
        scan: bool = True,
        sync: bool = True,
        files_from: Path | None = None,
    ) -> Skill:
        """Add a skill (a :class:`Skill`, or the path of a SKILL.md / skill folder / JSON skill),
        screened like every write: its rendered SKILL.md and Level 2 files are scanned and
        judged at ``trust_level`` (default ``community``; a replaced skill keeps its own), so a
        finding quarantines it (the returned skill's ``status`` says so). ``reason`` is kept in
        its history. ``scan=False`` stores it unscreened (benchmark data under test, never skills
        an agent obeys). ``sync=False`` leaves the index to the next call that reads it (a run of
        writes, the loop's, then embeds in one batch). ``files_from``: for a :class:`Skill` given as
        an object, the folder whose Level 2 files come with it (a path given brings its own)."""
        if isinstance(skill, (str, Path)):
            path = Path(skill)
            if path.is_dir():
                files_from, path = path, path / "SKILL.md"
            elif path.name == "SKILL.md":
                files_from = path.parent
            if not path.is_file():
                raise SkillFormatError("no such file", path=path)
            if path.suffix == ".json":
                try:
                    skill = skill_from_json(json.loads(path.read_text("utf-8")), path=path)
                except json.JSONDecodeError as err:
                    raise SkillFormatError(
                        f"not valid JSON: {err.msg} (line {err.lineno})", path=path
                    ) from None
            else:
                skill = read_skill_md(path)
        stored = self.store.add(
            skill,
            replace_existing=replace,
            files_from=files_from,
            trust_level=trust_level,
            reason=reason,
            scan=scan,
        )
        if sync:
            self.fit_if_due(bulk=False)
            self.sync()
        return stored

    def update(
        self, skill: Skill, *, reason: str, trust_level: TrustLevel | None = None, sync: bool = True
    ) -> Skill:
        """A new version of an existing skill (its files, statistics and examples kept), screened
        like every write at ``trust_level`` (default: the skill's own; the agent's revisions pass
        ``agent-created``). ``sync`` as for :meth:`add`."""
        stored = self.store.update(skill, reason=reason, trust_level=trust_level)
        if sync:
            self.sync()
        return stored

    def servable(self, name: str) -> Skill:
        """The skill, for an agent to follow: :class:`SkillQuarantinedError` if it is quarantined
        (its text and files are not served until a person trusts it). Every surface that hands a
        skill to a model (the MCP server, the agent's tools) asks this, never the status itself."""
        skill = self.get(name)
        if skill.status == "quarantined":
            raise SkillQuarantinedError(name, len(self.findings(name)))
        return skill

    def names(self) -> list[str]:
        """Every skill's name, whatever its status, sorted."""
        return self.store.names()

    def __contains__(self, name: object) -> bool:
        return name in self.store

    def summaries(self, names: Sequence[str]) -> dict[str, SkillSummary]:
        """Level 0 with status, trust level and statistics of each of ``names`` that exists (one
        ledger query; files are not re-read)."""
        return self.store.ledger.summaries(list(names))

    def summary_texts(self) -> dict[str, str]:
        """Every skill's summary, ``"name words: description"``: what two drafts of one skill share."""
        return self.store.ledger.summary_texts()

    def fit_texts(self) -> list[SkillText]:
        """Every active skill as the library fit reads it (its pseudo-tasks' sources), name order."""
        return fit_texts(self.store.ledger)

    def add_examples(self, pairs: Sequence[tuple[str, str]], *, score: float = 10.0) -> int:
        """Keep tasks as routing examples of skills (``[(skill, task)]``) without counting a use;
        a task kept as a misfit of that skill is one no more. Returns how many were new."""
        return self.store.ledger.add_examples(list(pairs), score=score)

    def counter(self, key: str) -> int:
        """A named counter kept in the store (the agent counts its tasks with one)."""
        return self.store.ledger.counter(key)

    def increment(self, key: str, by: int = 1) -> int:
        """Add ``by`` to a named counter, in one transaction; returns its new value."""
        return self.store.ledger.increment(key, by)

    def get(self, name: str) -> Skill:
        """Level 1: the full skill with its status and statistics."""
        return self.store.get(name)

    def list_skills(self, status: Status | None = None) -> list[SkillSummary]:
        """Level 0 of every skill (or those of one ``status``), by name; files changed on disk
        are read again first (problems go to :meth:`warnings`)."""
        self.unreadable = self.store.refresh()
        return [
            r.summary
            for r in self.store.ledger.records().values()
            if status is None or r.summary.status == status
        ]

    def findings(self, name: str) -> list[dict[str, Any]]:
        """The security findings recorded for a skill (why it was quarantined)."""
        row = self.store.ledger.row(name) if name in self.store else None
        if row is None:
            raise SkillNotFoundError(name)
        return [dict(f) for f in row.findings]

    def list_files(self, name: str) -> list[str]:
        """Level 2: the relative paths of the files beside a skill's SKILL.md."""
        return self.store.list_files(name)

    def read_file(self, name: str, relpath: str) -> bytes:
        """Level 2: one of those files; paths (or links) leaving the skill's folder are refused."""
        return self.store.read_file(name, relpath)

    def delete(self, name: str) -> None:
        self.store.delete(name)
        self.sync()

    def history(self, name: str) -> list[Version]:
        """Every version of a skill, oldest first (each edit, import, revision or restore)."""
        return self.store.history(name)

    def restore(self, name: str, version: int) -> Skill:
        """Make ``version`` of a skill current again, saved as a new version. Restoring is
        choosing the skill again, so a retired one becomes active with a fresh record (see
        :meth:`trust`); a quarantine stays."""
        self.store.restore(name, version)
        if self.store.get(name).status == "retired":
            self._second_chance(name, f"restored to version {version}")
        self.sync()
        return self.store.get(name)

    def trust(self, name: str, trust_level: TrustLevel | None = None) -> Skill:
        """Release a quarantined (or retired) skill so the router may return it. Its findings
        stay on record and count as accepted: a later change is judged only on what it adds.
        Its trust level stays where its content came from, unless ``trust_level`` sets it (which
        changes how its later changes are judged, e.g. ``trusted`` lets cautions through).

        A retired skill gets a second chance judged on new runs only: its record starts anew
        (0 uses, so the router sees the prior and it needs ``retire_min_uses`` new fitted uses
        before it can be retired again) and the old one is kept in the ledger
        (:meth:`earlier_records`). Anew rather than a window of recent runs: the ledger keeps a
        running sum, not each score, and the record that retired the skill is what a restore
        or a trust overrules (a restore also changes what the skill says)."""
        if self.store.get(name).status == "retired":
            self.store.ledger.set_record_aside(name, "trusted after retirement")
        self.store.set_status(name, "active", trust_level=trust_level)
        self.store.forget_quarantined_edit(name)
        return self.store.get(name)

    # ------------------------------------------------------------ the review model

    @property
    def review_model(self) -> BaseChatModel | None:
        """The chat model asked, beside the rules, about every skill that comes in (adds, imports,
        the agent's writes, hand edits a refresh finds) where the rules are in doubt or the skill
        runs code; None (the default): the rules alone. See :mod:`skillrouter.security.review`."""
        reviewer = self.store.reviewer
        return reviewer.llm if reviewer is not None else None

    @review_model.setter
    def review_model(self, llm: BaseChatModel | Reviewer | None) -> None:
        """A chat model, a :class:`~skillrouter.security.admission.Reviewer` made already (one that
        loads its model when first asked: :meth:`Reviewer.lazy`), or None."""
        from skillrouter.security.admission import Reviewer

        self.store.reviewer = llm if isinstance(llm, Reviewer) or llm is None else Reviewer(llm)

    # ------------------------------------------------------------ quarantine, in bulk

    def quarantined(self, source: str | Path | None = None) -> list[dict[str, Any]]:
        """The quarantined skills, by name (those of one ``source`` when given: the folder or file
        an import read them from, or a folder above it), each ``{"name", "source",
        "trust_level", "findings"}`` with every finding's rule, file, line, excerpt, severity and
        the sentence that says why (``why``). Files changed on disk are read again first."""
        from skillrouter.security.findings import Finding

        self.unreadable = self.store.refresh()
        wanted = None if source is None else str(Path(source).expanduser().resolve())
        out: list[dict[str, Any]] = []
        for name, record in sorted(self.store.ledger.records().items()):
            if record.summary.status != "quarantined":
                continue
            origin = record.source or ""
            if wanted is not None and not (origin == wanted or origin.startswith(wanted.rstrip("/") + "/")):
                continue
            out.append(
                {
                    "name": name,
                    "source": record.source,
                    "trust_level": record.trust_level,
                    "findings": [Finding.from_dict(f).to_dict() for f in record.findings],
                }
            )
        return out

    def trust_many(self, names: Sequence[str], trust_level: TrustLevel | None = None) -> list[Skill]:
        """:meth:`trust` each of ``names``; every name is checked first, so an unknown one
        releases none of them."""
        self._require(*names)
        return [self.trust(name, trust_level) for name in names]

    def _second_chance(self, name: str, why: str) -> None:
        self.store.ledger.set_record_aside(name, f"{why} after retirement")
        self.store.set_status(name, "active")

    def earlier_records(self, name: str) -> list[dict[str, Any]]:
        """Records of ``name`` set aside when it was restored or trusted after retirement, oldest first."""
        if name not in self.store:
            raise SkillNotFoundError(name)
        return self.store.ledger.earlier_records(name)

    def retire(self, name: str) -> Skill:
        """Stop routing to a skill without deleting it (``restore`` or ``trust`` bring it back)."""
        self.store.set_status(name, "retired")
        return self.store.get(name)

    def fold(self, name: str, *, into: str) -> Skill:
        """Fold skill ``name`` into ``into``, the two having been judged one skill: ``name``'s
        examples become ``into``'s too (so its tasks route to ``into``; one ``into`` kept as a
        misfit is one no more), ``name`` is retired (``restore`` brings it back with its own
        examples and record), and the verdict is kept (:meth:`judged_pairs`), so the loop never
        asks about the pair again. ``into``'s text is left as it is: merging the two texts is
        the caller's (the agent asks its LLM). Calling it again finishes a fold a crash cut
        short. Returns the retired skill."""
        if name == into:
            raise StoreError(f"cannot fold {name!r} into itself")
        self._require(name)
        kept = self.store.get(into)
        if kept.status != "active":
            raise StoreError(f"cannot fold {name!r} into {into!r}: {into!r} is {kept.status}, not active")
        self.store.ledger.fold(name, into, max_examples=self.max_examples)
        return self.retire(name)

    def record_distinct(self, a: str, b: str) -> None:
        """Keep the verdict that ``a`` and ``b`` are two skills, not one (see :meth:`fold`)."""
        self._require(a, b)
        self.store.ledger.judge_pair(a, b, folded_into=None)

    def vote_same(self, a: str, b: str) -> int:
        """Count one verdict that ``a`` and ``b`` are one skill, the pair not yet settled;
        returns how many it has (see :func:`skillrouter.learning.offers.vote_fold`)."""
        self._require(a, b)
        return self.store.ledger.vote_same(a, b)

    def _require(self, *names: str) -> None:
        for name in names:
            if name not in self.store:
                raise SkillNotFoundError(name)

    def judged_pairs(self, name: str | None = None) -> list[dict[str, Any]]:
        """Every pair of skills put to the judge of "one skill?" (of ``name``, or all), oldest
        first: a dict with ``a``, ``b``, ``votes`` (its yes answers), ``same`` (None: pending,
        True: folded into ``folded_into``, False: two skills) and ``judged_at``. See
        :func:`skillrouter.learning.offers.fold_offers`."""
        return self.store.ledger.judged_pairs(name)

    # ------------------------------------------------------------ routing and outcomes

    def route(
        self,
        task: str,
        k: int = DEFAULT_K,
        task_type: str | None = None,
        tags: Iterable[str] | None = None,
        *,
        exact: bool | None = None,
        context: Context = None,
    ) -> Route:
        """The skill that fits ``task``, or none (see :mod:`skillrouter.routing.router`).

        ``context``: the conversation's earlier turns, oldest first (text for the user's,
        ``{"role", "content"}`` dicts or LangChain messages; user and assistant turns count). A
        follow-up that names no task by itself stays with the conversation's skill, a new request
        moves, a closing "no, that's all" routes to none, and a first message routes exactly as
        without context (:mod:`skillrouter.routing.conversation`); :attr:`Route.context_used` says
        when the conversation decided. A context that is not a list of turns is a ValueError
        naming the turn.

        ``exact=True`` searches the store's embedding cache by one matrix product instead of
        the Chroma index (:class:`skillrouter.routing.exact.ExactIndex`): the same answer without
        importing or opening Chroma. It leaves the Chroma index as it is; the next sync brings
        it up to date. By default (``None``) a library opened ``one_shot`` does this for an
        embedded store, and every other library queries the index.
        """
        if context is None:
            return self._router(exact).route(task, k=k, task_type=task_type, tags=tags)
        from skillrouter.routing.conversation import route_in_conversation  # only with a context

        return route_in_conversation(self._router(exact), [task], [context], k, task_type, tags)[0]

    def engine_of(self, *texts: str) -> Engine:
        """The engine that understands ``texts`` together: the router's rule
        (:meth:`~skillrouter.routing.router.Router.engine_of`), ``"multilingual"`` when any of them
        holds CJK letters and the library has that engine."""
        return self.router.engine_of(*texts)

    def engine_index(self, engine: Engine) -> SkillIndex:
        """The index of ``engine`` (``"default"``: the library's model; ``"multilingual"``: the
        multilingual one, built on first use), in step with the store: every skill's documents
        embedded by that engine, whose ``embedder`` embeds a text to compare with them. The
        self-improving loop compares texts on the engine :meth:`engine_of` names for them
        (:mod:`skillrouter.learning.offers`)."""
        self.sync()
        return self._multilingual_index() if engine == "multilingual" else self.index

    def _router(self, exact: bool | None = None) -> Router:
        """The router, its indexes in step with the store: over Chroma, or over the embedding
        cache (``exact``, by default :attr:`_exact_only`), that index kept per ledger generation."""
        if not (self._exact_only if exact is None else exact):
            self.sync()
            return self.router
        problems = self.store.refresh_if_due(self.refresh_interval, defer=self.defer_scans)
        if problems is not None:
            self.unreadable = problems
        generation = self.store.ledger.generation()
        if self._exact is None or self._exact[0] != generation:
            self._exact = (generation, self._exact_index(generation))
        router = copy.copy(self.router)  # the library's settings, the cache's index
        router.index = self._exact[1]
        if self.multilingual_embedder is not None:
            router.multilingual = self._exact_multilingual_index
        return router

    def _exact_index(self, generation: int, engine: Embedder | None = None) -> ExactIndex:
        """The embedding-cache index at ``generation`` (of the library's model, or of
        ``engine``: the multilingual one), and for the library's model the keyword index in step
        (both are functions of the ledger). A one-shot process reads them from the store's
        snapshot of that generation when there is one, and writes it when there is not
        (:mod:`skillrouter.routing.snapshot`)."""
        embedder = self.embedder if engine is None else engine
        snapshot = Snapshot(self.store.path / "cache", embedder.model_id, read_only=self.read_only)
        held = snapshot.load(generation) if self.one_shot else None
        if held is not None:
            documents, misfits, arrays = held
            if engine is None:
                self.lexical.adopt(arrays)
            elif "cjk" in arrays:  # the multilingual snapshot names the skills described in CJK
                self._cjk = (generation, set(arrays["cjk"].tolist()))
            return ExactIndex.of((documents, misfits), embedder)
        if engine is None:
            self.lexical.sync(self.lexical_documents())
        index = ExactIndex(self.documents("default" if engine is None else "multilingual"), embedder)
        if self.one_shot and self.store.ledger.generation() == generation:  # nothing moved meanwhile
            arrays = (
                self.lexical.scoring_arrays()
                if engine is None
                else {"cjk": np.array(sorted(self._cjk_skills(generation)), dtype=str)}
            )
            snapshot.save(generation, *index.parts, arrays)
        return index

    def route_many(
        self,
        tasks: Sequence[str],
        k: int = DEFAULT_K,
        task_type: str | None = None,
        tags: Iterable[str] | None = None,
        *,
        contexts: Sequence[Context] | None = None,
    ) -> list[Route]:
        """:meth:`route` for several tasks at once (embedded in one batch); ``contexts`` gives
        each task its conversation (one per task, None or ``[]`` for none)."""
        if contexts is None:
            return self._router().route_many(tasks, k=k, task_type=task_type, tags=tags)
        from skillrouter.routing.conversation import route_in_conversation

        return route_in_conversation(self._router(), tasks, contexts, k, task_type, tags)

    def record_outcome(
        self, name: str, score: float, *, task: str | None = None, example_min_score: float = 7.0
    ) -> Outcome:
        """Record a use and its score (1-10); a score of at least ``example_min_score`` with
        ``task`` keeps the task as an example of the skill, which teaches the router."""
        return self.store.record_outcome(
            name, score, task=task, example_min_score=example_min_score, max_examples=self.max_examples
        )

    def record_misfit(self, name: str, task: str) -> int:
        """Record that ``name`` was routed to ``task`` and did not fit it: a routing miss, not
        the skill's failure. Its statistics are untouched; the task is kept as a misfit
        (negative example), which demotes the skill for tasks like it (see
        :mod:`skillrouter.routing.router`). Returns how many misfits the skill has."""
        return self.store.record_misfit(name, task, max_misfits=self.max_examples)

    def track_record(self, name: str) -> Outcome:
        """A skill's statistics as they are now (uses, average, last score and when), recording nothing."""
        if name not in self.store:
            raise SkillNotFoundError(name)
        return self.store.ledger.outcome(name)

    def examples(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill, task)] routing examples kept (of one skill, or all), oldest first."""
        return self.store.ledger.examples(name)

    def misfits(self, name: str | None = None) -> list[tuple[str, str]]:
        """[(skill, task)] misfits recorded (of one skill, or all), oldest first."""
        return self.store.ledger.misfits(name)

    # ------------------------------------------------------------ bulk

    def import_skills(
        self,
        paths: Sequence[str | Path],
        *,
        on_conflict: OnConflict = "skip",
        prune: bool = False,
        dry_run: bool = False,
        scan: bool = True,
        trust_level: TrustLevel | None = None,
        review_model: BaseChatModel | None = None,
        duplicate_threshold: float | None = None,
        progress: Callable[[str, int], None] | None = None,
        jobs: int | None = 1,
    ) -> ImportReport:
        """Import skill folders, archives, JSON and JSONL (see
        :func:`skillrouter.transfer.importer.import_paths`) at ``trust_level`` (default: ``builtin`` for
        skillrouter's own examples, else
        ``community``); ``review_model`` (a LangChain chat model, optional) judges the skills
        the rules leave in doubt; ``jobs`` processes run the security scans ahead of the writes
        (None: every usable core, up to 8; 1, the default: none, this process scans). Then the
        index is brought in line, and the report names the imported skills' near-duplicates
        (:func:`skillrouter.routing.duplicates.find_duplicates` at ``duplicate_threshold``,
        default ``REPORT_THRESHOLD``). ``progress(stage, n)`` hears each phase: ``parsed`` (n
        skills more read), ``written`` (n more written), then ``fit``, ``index``,
        ``duplicates`` as each starts, and ``done``."""
        from skillrouter.routing.duplicates import REPORT_THRESHOLD, find_duplicates
        from skillrouter.transfer.importer import import_paths

        if self.read_only and not dry_run:  # said once, not once per skill it would have written
            raise StoreError(f"nothing can be written: {self.store.read_only_why}")
        started = time.perf_counter()
        report = import_paths(
            self.store,
            paths,
            on_conflict=on_conflict,
            prune=prune,
            dry_run=dry_run,
            scan=scan,
            trust_level=trust_level,
            review_model=review_model,
            progress=progress,
            jobs=jobs,
        )
        if not dry_run and (report.added or report.updated or report.pruned):
            if progress:
                progress("fit", 0)
            refit = self.fit_if_due(bulk=True)
            if refit is not None:
                report.fit = {name: e.ranking.label for name, e in refit.engines.items()}
        if not dry_run:
            if progress:
                progress("index", 0)
            try:
                report.embedded = self.sync(force=True).embedded
            except (IndexUnavailableError, StoreLockedError) as err:
                report.index_error = (
                    f"{err} (the skills are written; the next route or doctor syncs the index)"
                )
            report.index_wait = round(sum(self.index.lock_waits), 3)
        if (report.added or report.updated) and not dry_run and report.index_error is None:
            if progress:
                progress("duplicates", 0)
            dups, clusters = find_duplicates(
                self.store,
                self.embedder,
                names=set(report.added + report.updated),
                threshold=REPORT_THRESHOLD if duplicate_threshold is None else duplicate_threshold,
            )
            report.duplicates = [[a, b, round(s, 4)] for a, b, s in dups]
            report.clusters = clusters
        report.seconds = time.perf_counter() - started
        if progress:
            progress("done", 0)
        return report

    def export(self, target: str | Path, *, fmt: Literal["skillmd", "json", "jsonl"] = "skillmd") -> Path:
        """Write every skill under ``target`` (see :func:`skillrouter.transfer.exporter.export_skills`)."""
        from skillrouter.transfer.exporter import export_skills

        return export_skills(self.store, target, fmt=fmt)

    def duplicates(
        self, threshold: float | None = None
    ) -> tuple[list[tuple[str, str, float]], list[list[str]]]:
        """(pairs, clusters) of near-duplicate skills (see :mod:`skillrouter.routing.duplicates`)."""
        from skillrouter.routing.duplicates import REPORT_THRESHOLD, find_duplicates

        return find_duplicates(
            self.store, self.embedder, threshold=REPORT_THRESHOLD if threshold is None else threshold
        )


def __getattr__(name: str) -> Any:
    if name == "DoctorReport":  # imported when asked for (see SkillLibrary.doctor)
        from skillrouter.doctor import DoctorReport

        return DoctorReport
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DoctorReport", "SkillLibrary", "SkillRouterError", "default_embedder"]
