"""``SkillLibrary``: a store, its index and a router, kept in step. The CLI's one object.

    lib = SkillLibrary.open("./.skillrouter")          # embedded Chroma, default model
    lib.add(Skill.create("fix-flaky-test", "Find why a test fails sometimes ..."))
    route = lib.route("the login test fails one run in ten")
    lib.record_outcome(route.matched.name, 9, task="the login test fails one run in ten")

The index follows the store automatically: every call that reads the index first syncs
it if the store changed (by content hash: only changed text is embedded).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skillrouter.embeddings import Backend, CachedEmbedder, Embedder, EmbeddingCache, make_embedder
from skillrouter.errors import SkillFormatError, SkillRouterError
from skillrouter.index import SkillIndex, SyncReport, example_id
from skillrouter.router import DEFAULT_K, DEFAULT_THRESHOLD, Route, Router
from skillrouter.scoring import QUALITY_WEIGHT, Policy
from skillrouter.skill import Skill
from skillrouter.skillmd import read_skill_md, skill_from_json
from skillrouter.store import Outcome, Store


@dataclass
class DoctorReport:
    """Drift found between files, SQLite and Chroma, and what was repaired."""

    skills: int = 0
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    index_missing: int = 0
    index_stale: int = 0
    index_orphans: int = 0
    repaired: bool = False

    @property
    def ok(self) -> bool:
        return not (self.unreadable or self.index_missing or self.index_stale or self.index_orphans)

    def to_dict(self) -> dict[str, Any]:
        return {
            "skills": self.skills,
            "unreadable": [{"name": n, "reason": r} for n, r in self.unreadable],
            "index_missing": self.index_missing,
            "index_stale": self.index_stale,
            "index_orphans": self.index_orphans,
            "repaired": self.repaired,
            "ok": self.ok,
        }


def default_embedder(store_path: Path, model: str | None = None, backend: Backend = "torch") -> CachedEmbedder:
    """The default model (or ``model``) on ``backend`` behind the store's persistent embedding cache.

    ``"torch"`` suits processes that live long or embed many texts, ``"onnx"`` one-shot commands
    (see :mod:`skillrouter.embeddings.backend`); both fill and read the same cache entries.
    """
    return CachedEmbedder(make_embedder(model, backend), EmbeddingCache(store_path / "cache" / "embeddings.db"))


class SkillLibrary:
    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        *,
        chroma_url: str | None = None,
        collection: str | None = None,
        threshold: float = DEFAULT_THRESHOLD,
        quality_weight: float = QUALITY_WEIGHT,
        policy: Policy = "shrunk",
        max_examples: int = 200,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.max_examples = max_examples
        scope = store.store_id
        self.index = SkillIndex(store.path, embedder, chroma_url=chroma_url, collection=collection, scope=scope)
        self.router = Router(store, self.index, threshold=threshold, quality_weight=quality_weight, policy=policy)
        self._synced: int | None = None

    @classmethod
    def open(
        cls,
        store: str | Path | None = None,
        *,
        create: bool = True,
        model: str | None = None,
        embedder: Embedder | None = None,
        backend: Backend = "torch",
        chroma_url: str | None = None,
        **kwargs: Any,
    ) -> SkillLibrary:
        """Open (or create) a store with the default embedder (``model`` on ``backend``), or ``embedder``."""
        st = Store(store, create=create)
        if embedder is None:
            embedder = default_embedder(st.path, model, backend)
        return cls(st, embedder, chroma_url=chroma_url, **kwargs)

    def close(self) -> None:
        self.index.close()
        self.store.close()

    def __enter__(self) -> SkillLibrary:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ index upkeep

    def documents(self) -> dict[str, tuple[str, str, str]]:
        """What the index must hold: every skill's Level 0 text and its examples (whatever its
        status: the router filters quarantined and retired skills out)."""
        docs: dict[str, tuple[str, str, str]] = {n: (n, "skill", t) for n, t in self.store.level0_texts().items()}
        for name, task in self.store.examples():
            if name in docs:
                docs[example_id(name, task)] = (name, "example", task)
        return docs

    def sync(self, *, force: bool = False) -> SyncReport:
        """Bring the index in line with the store (embeds only what changed)."""
        # refresh first: a SKILL.md edited by hand changes no counter until the ledger reads
        # it again (one stat per skill when nothing changed)
        self.store.refresh()
        generation = self.store.generation()
        if not force and self._synced == generation:
            return SyncReport(unchanged=-1)
        report = self.index.sync(self.documents(), fresh=force)
        self._synced = generation
        return report

    def reindex(self) -> SyncReport:
        """Drop the index and rebuild it from the store (vectors come from the cache)."""
        self.index.reset()
        self._synced = None
        return self.sync(force=True)

    def doctor(self, *, repair: bool = True) -> DoctorReport:
        """Report drift between files, SQLite and Chroma; with ``repair``, fix it."""
        report = DoctorReport()
        report.unreadable = self.store.refresh()
        report.skills = len(self.store.names())
        plan = self.index.sync(self.documents(), dry_run=True, fresh=True)
        have = self.index.hashes()
        wanted = self.documents()
        report.index_missing = sum(1 for i in wanted if i not in have)
        report.index_stale = plan.embedded - report.index_missing
        report.index_orphans = plan.deleted
        if repair and not report.ok:
            self.sync(force=True)
            report.repaired = True
        return report

    # ------------------------------------------------------------ skills

    def add(self, skill: Skill | str | Path, *, replace: bool = False) -> Skill:
        """Add a skill (a :class:`Skill`, or the path of a SKILL.md / skill folder)."""
        files_from = None
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
                    raise SkillFormatError(f"not valid JSON: {err.msg} (line {err.lineno})", path=path) from None
            else:
                skill = read_skill_md(path)
        stored = self.store.add(skill, replace_existing=replace, files_from=files_from)
        self.sync()
        return stored

    def get(self, name: str) -> Skill:
        return self.store.get(name)

    def delete(self, name: str) -> None:
        self.store.delete(name)
        self.sync()

    # ------------------------------------------------------------ routing and outcomes

    def route(self, task: str, k: int = DEFAULT_K, task_type: str | None = None,
              tags: Iterable[str] | None = None) -> Route:
        self.sync()
        return self.router.route(task, k=k, task_type=task_type, tags=tags)

    def route_many(self, tasks: Sequence[str], k: int = DEFAULT_K, task_type: str | None = None,
                   tags: Iterable[str] | None = None) -> list[Route]:
        self.sync()
        return self.router.route_many(tasks, k=k, task_type=task_type, tags=tags)

    def record_outcome(self, name: str, score: float, *, task: str | None = None) -> Outcome:
        """Record a use and its score (1-10); a good score with ``task`` teaches the router."""
        return self.store.record_outcome(name, score, task=task, max_examples=self.max_examples)


__all__ = ["DoctorReport", "SkillLibrary", "SkillRouterError", "default_embedder"]
