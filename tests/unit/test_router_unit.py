"""The router's decisions, over an in-memory index whose similarities are set by hand.

``FakeIndex`` keeps the index's query contract (best first, ties by id, at most ``n``
documents) without Chroma, so each test states the similarities it needs exactly.
The same behaviour over real Chroma and the real model is in
tests/integration/test_core_router.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from skillrouter import Provenance, Route, Router, RoutingSettings, Skill, Store
from skillrouter.routing.documents import Hit
from skillrouter.routing.lexical import LexicalIndex
from skillrouter.routing.router import DEFAULT_K, DEFAULT_THRESHOLD, EMBED_CHARS, rank_candidates
from skillrouter.routing.scoring import (
    DEFAULT_MULTILINGUAL_CJK_THRESHOLD,
    DEFAULT_MULTILINGUAL_THRESHOLD,
    KEYWORD_WEIGHT,
    misfit_share_penalty,
)


def name_of(route: Route) -> str | None:
    """The name of the skill a route matched, or None."""
    return route.matched.name if route.matched else None


DIM = 8


def at(similarity: float, side: int = 1) -> np.ndarray:
    """A unit vector with cosine ``similarity`` to the task vector e0."""
    vec = np.zeros(DIM, dtype=np.float32)
    vec[0] = similarity
    vec[side] = math.sqrt(max(0.0, 1.0 - similarity**2))
    return vec


class TaskEmbedder:
    """Every task is e0 unless told otherwise."""

    model_id = "task-embedder"
    dimension = DIM

    def __init__(self) -> None:
        self.batches: list[list[str]] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        raise AssertionError("the router never embeds documents")

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_queries([text])[0]

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        self.batches.append(list(texts))
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        out[:, 0] = 1.0
        return out


class FakeIndex:
    def __init__(self) -> None:
        self.embedder = TaskEmbedder()
        self.docs: dict[str, tuple[str, str, np.ndarray]] = {}
        self.misfits: dict[str, tuple[str, str, np.ndarray]] = {}
        self.asked: list[int] = []
        self.asked_misfits: list[int] = []

    def put(self, skill: str, similarity: float, *, example: str | None = None) -> None:
        doc_id = f"{skill}::ex::{example}" if example else skill
        self.docs[doc_id] = (skill, "example" if example else "skill", at(similarity))

    def put_misfit(self, skill: str, similarity: float, task: str) -> None:
        self.misfits[f"{skill}::misfit::{task}"] = (skill, "misfit", at(similarity, side=2))

    def level0_similarities(self, vector: np.ndarray, skills: list[str]) -> dict[str, float]:
        return {s: round(float(self.docs[s][2] @ vector), 6) for s in skills if s in self.docs}

    def query(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        self.asked.append(n)
        return self._nearest(self.docs, vectors, n)

    def query_misfits(self, vectors: np.ndarray, n: int) -> list[list[Hit]]:
        self.asked_misfits.append(n)
        return self._nearest(self.misfits, vectors, n)

    @staticmethod
    def _nearest(
        docs: dict[str, tuple[str, str, np.ndarray]], vectors: np.ndarray, n: int
    ) -> list[list[Hit]]:
        out = []
        for query in vectors:
            hits = [
                Hit(i, skill, kind, round(float(vec @ query), 6)) for i, (skill, kind, vec) in docs.items()
            ]
            hits.sort(key=lambda h: (-h.similarity, h.id))
            out.append(hits[:n])
        return out


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "store")


@pytest.fixture
def index() -> FakeIndex:
    return FakeIndex()


def add(
    store: Store,
    index: FakeIndex,
    name: str,
    similarity: float,
    *,
    uses: int = 0,
    avg: float = 0.0,
    task_type: str = "general",
    tags: Sequence[str] = (),
) -> None:
    store.add(
        Skill.create(name, f"Skill {name}.", task_type=task_type, tags=tags),
        provenance=Provenance(use_count=uses, avg_score=avg) if uses else None,
    )
    index.put(name, similarity)


def router(store: Store, index: FakeIndex, *, lexical: LexicalIndex | None = None, **settings: Any) -> Router:
    return Router(store, index, lexical=lexical, settings=RoutingSettings(**settings))  # type: ignore[arg-type]


# ---------------------------------------------------------------- relevance gate


def test_no_eligible_skill_means_no_match(store: Store, index: FakeIndex) -> None:
    add(store, index, "close-but-not-enough", 0.29, uses=40, avg=10.0)
    add(store, index, "far-away", 0.05)
    route = router(store, index, threshold=0.3).route("a task")
    assert route.matched is None
    assert [c.name for c in route.candidates] == ["close-but-not-enough", "far-away"]  # still shown
    assert route.reason.startswith(
        "no skill fits: best candidate close-but-not-enough has relevance 0.290 < 0.30 (p_fit 0."
    )


def test_the_threshold_itself_is_eligible(store: Store, index: FakeIndex) -> None:
    add(store, index, "on-the-line", 0.3)
    route = router(store, index, threshold=0.3).route("a task")
    assert route.matched is not None and route.matched.name == "on-the-line"
    assert route.reason == (
        "on-the-line: relevance 0.300 >= 0.30, p_fit 0.49 (similarity 0.300 via description, keyword "
        "coverage 0.00), quality 6.0 (0 uses)"
    )


def test_quality_never_lifts_a_skill_over_the_gate(store: Store, index: FakeIndex) -> None:
    add(store, index, "proven-but-off-topic", 0.29, uses=100, avg=10.0)
    add(store, index, "unproven-on-topic", 0.31, uses=100, avg=1.0)
    route = router(store, index, threshold=0.3).route("a task")
    # the track record ranks the proven skill first, but its relevance is under the gate: the
    # router abstains rather than route to either
    assert [c.name for c in route.candidates] == ["proven-but-off-topic", "unproven-on-topic"]
    assert route.matched is None and "proven-but-off-topic has relevance 0.290" in route.reason


def test_empty_index(store: Store, index: FakeIndex) -> None:
    route = router(store, index).route("a task")
    assert (route.matched, route.candidates) == (None, ())
    assert route.reason == "no skill fits: the index holds no eligible skill"


def test_default_threshold(store: Store, index: FakeIndex) -> None:
    assert router(store, index).route("a task").threshold == DEFAULT_THRESHOLD


# ---------------------------------------------------------------- quality weighting


def test_forty_nines_beat_one_ten_at_equal_similarity(store: Store, index: FakeIndex) -> None:
    add(store, index, "a-lucky-once", 0.6, uses=1, avg=10.0)  # sorts first by name: a tie would pick it
    add(store, index, "b-proven", 0.6, uses=40, avg=9.0)
    route = router(store, index).route("a task")
    assert route.matched is not None and route.matched.name == "b-proven"
    assert [c.name for c in route.candidates] == ["b-proven", "a-lucky-once"]
    assert route.candidates[0].quality == pytest.approx((6 * 5 + 360) / 45)
    # the shrinkage decides: by raw average the lucky one wins, without weighting the name does
    assert name_of(router(store, index, policy="raw").route("a task")) == "a-lucky-once"
    assert name_of(router(store, index, quality_weight=0.0).route("a task")) == "a-lucky-once"


def test_overfetch_lets_reranking_promote_from_below_k(store: Store, index: FakeIndex) -> None:
    # nine skills a little closer to the task but with poor records, then a proven one
    for i in range(9):
        add(store, index, f"poor-{i}", 0.70 - i * 0.001, uses=40, avg=2.0)
    add(store, index, "proven", 0.68, uses=40, avg=10.0)
    route = router(store, index).route("a task", k=3)
    assert route.matched is not None and route.matched.name == "proven"
    assert route.candidates[0].name == "proven" and len(route.candidates) == 3
    assert index.asked[-1] >= 10  # asked for more than k documents


def test_overfetch_is_a_multiple_of_k(store: Store, index: FakeIndex) -> None:
    add(store, index, "one", 0.5)
    router(store, index, overfetch=4).route("a task", k=10)
    assert index.asked[-1] == 40
    router(store, index, overfetch=4).route("a task", k=1)
    assert index.asked[-1] == 20  # never fewer than 20


def test_k_limits_the_candidates(store: Store, index: FakeIndex) -> None:
    for i in range(8):
        add(store, index, f"skill-{i}", 0.5 + i * 0.01)
    assert len(router(store, index).route("a task").candidates) == DEFAULT_K
    assert [c.name for c in router(store, index).route("a task", k=2).candidates] == ["skill-7", "skill-6"]


def test_explore_policy_tries_the_rarely_used(store: Store, index: FakeIndex) -> None:
    add(store, index, "a-workhorse", 0.6, uses=60, avg=6.0)
    add(store, index, "b-newcomer", 0.6, uses=1, avg=6.0)
    assert name_of(router(store, index).route("a task")) == "a-workhorse"
    assert name_of(router(store, index, policy="explore").route("a task")) == "b-newcomer"


def test_bad_quality_weight(store: Store, index: FakeIndex) -> None:
    with pytest.raises(ValueError, match="from 0 to 1"):
        router(store, index, quality_weight=1.5)


# ---------------------------------------------------------------- status


@pytest.mark.parametrize("status", ["quarantined", "retired"])
def test_quarantined_and_retired_skills_are_never_returned(
    store: Store, index: FakeIndex, status: str
) -> None:
    add(store, index, "best-but-blocked", 0.9, uses=40, avg=10.0)
    add(store, index, "second", 0.5)
    store.set_status("best-but-blocked", status)  # type: ignore[arg-type]
    route = router(store, index).route("a task")
    assert route.matched is not None and route.matched.name == "second"
    assert "best-but-blocked" not in [c.name for c in route.candidates]
    store.set_status("second", status)  # type: ignore[arg-type]
    route = router(store, index).route("a task")
    assert route.matched is None and route.candidates == ()


def test_documents_of_skills_gone_from_the_store_are_ignored(store: Store, index: FakeIndex) -> None:
    add(store, index, "kept", 0.5)
    index.put("deleted-meanwhile", 0.9)
    assert [c.name for c in router(store, index).route("a task").candidates] == ["kept"]


# ---------------------------------------------------------------- determinism and batches


def test_ties_break_by_name_and_routes_repeat(store: Store, index: FakeIndex) -> None:
    for name in ("charlie", "alpha", "bravo"):
        add(store, index, name, 0.5)
    first = router(store, index).route("a task")
    assert [c.name for c in first.candidates] == ["alpha", "bravo", "charlie"]
    assert router(store, index).route("a task") == first


def test_route_many_matches_route_and_embeds_once(store: Store, index: FakeIndex) -> None:
    add(store, index, "one", 0.5, uses=3, avg=7.0)
    add(store, index, "two", 0.45)
    tasks = ["first task", "second task", "third task"]
    r = router(store, index)
    many = r.route_many(tasks, k=2)
    assert index.embedder.batches[-1] == tasks
    assert many == [r.route(t, k=2) for t in tasks]
    assert [m.task for m in many] == tasks


def test_rank_candidates_is_the_routers_ordering(store: Store, index: FakeIndex) -> None:
    add(store, index, "one", 0.5, uses=10, avg=9.0)
    add(store, index, "two", 0.52, uses=10, avg=2.0)
    route = router(store, index).route("a task")
    shuffled = list(reversed(route.candidates))
    assert tuple(rank_candidates(shuffled)) == route.candidates
    assert [c.name for c in rank_candidates(shuffled, quality_weight=0.0)] == ["two", "one"]
    assert rank_candidates(shuffled, top=1) == [route.candidates[0]]  # the same, cut after ranking
    assert rank_candidates(shuffled, quality_weight=0.0, top=1)[0].name == "two"


@pytest.mark.parametrize("task", ["", "   ", None])
def test_tasks_must_be_text(store: Store, index: FakeIndex, task: object) -> None:
    with pytest.raises(ValueError, match="non-empty"):
        router(store, index).route(task)  # type: ignore[arg-type]


def test_k_must_be_positive(store: Store, index: FakeIndex) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        router(store, index).route("a task", k=0)


# ---------------------------------------------------------------- filters


def test_task_type_filter(store: Store, index: FakeIndex) -> None:
    add(store, index, "closest-coding", 0.8, task_type="coding")
    add(store, index, "writing", 0.5, task_type="writing")
    route = router(store, index).route("a task", task_type="writing")
    assert route.matched is not None and route.matched.name == "writing"
    assert [c.name for c in route.candidates] == ["writing"]
    assert index.asked[-1] == 200  # a filter fetches ten times as many
    assert router(store, index).route("a task", task_type="cooking").matched is None


def test_tags_filter_matches_any_tag(store: Store, index: FakeIndex) -> None:
    add(store, index, "python-thing", 0.8, tags=["python", "lint"])
    add(store, index, "sql-thing", 0.6, tags=["sql"])
    add(store, index, "untagged", 0.9)
    r = router(store, index)
    assert [c.name for c in r.route("a task", tags=["sql", "nothing"]).candidates] == ["sql-thing"]
    assert [c.name for c in r.route("a task", tags=["lint", "sql"]).candidates] == [
        "python-thing",
        "sql-thing",
    ]
    assert r.route("a task", tags=[]).candidates == ()
    # an iterator of tags works for every task of a batch, not just the first
    routes = r.route_many(["one", "two"], tags=(t for t in ["sql"]))
    assert [[c.name for c in x.candidates] for x in routes] == [["sql-thing"], ["sql-thing"]]


# ---------------------------------------------------------------- examples


def test_a_skill_takes_its_best_document_example_or_description(store: Store, index: FakeIndex) -> None:
    add(store, index, "learned", 0.35)
    index.put("learned", 0.85, example="a task it served well")
    add(store, index, "described", 0.6)
    route = router(store, index).route("a task")
    assert route.matched is not None and route.matched.name == "learned"
    assert (route.candidates[0].similarity, route.candidates[0].via) == (0.85, "example")
    assert [c.name for c in route.candidates] == ["learned", "described"]  # one candidate per skill
    plain = router(store, index, use_examples=False).route("a task")
    assert name_of(plain) == "described"
    assert [(c.name, c.similarity, c.via) for c in plain.candidates] == [
        ("described", 0.6, "description"),
        ("learned", 0.35, "description"),
    ]


# ---------------------------------------------------------------- what a route says


def test_route_to_dict_shape(store: Store, index: FakeIndex) -> None:
    add(store, index, "one", 0.612345678, uses=2, avg=8.0)
    route = router(store, index).route("a task", k=1)
    assert isinstance(route, Route)
    data = route.to_dict()
    assert list(data) == [
        "task",
        "matched",
        "p_fit",
        "threshold",
        "threshold_source",
        "candidates",
        "reason",
        "context_used",
        "engine",
        "keyword_weight",
    ]
    assert data["p_fit"] == round(route.candidates[0].p_fit, 4) == data["candidates"][0]["p_fit"]
    assert data["keyword_weight"] == 0.3  # the default engine's default ranking: no fit in this store
    assert data["task"] == "a task" and data["matched"] == "one" and data["threshold"] == DEFAULT_THRESHOLD
    assert data["threshold_source"] == "default"
    assert router(store, index, threshold=0.5).route("a task").to_dict()["threshold_source"] == "given"
    cand = data["candidates"][0]
    assert cand == {
        "name": "one",
        "similarity": 0.6123,
        "keyword": 0.0,
        "coverage": 0.0,
        "relevance": 0.6123,
        "quality": round((30 + 16) / 7, 4),
        "score": round(route.candidates[0].score, 4),
        "via": "description",
        "misfit": None,
        "misfits": 0,
        "p_fit": round(route.candidates[0].p_fit, 4),
        "passes_gate": True,
    }
    assert route.matched is not None and route.matched.use_count == 2 and route.matched.avg_score == 8.0


# ---------------------------------------------------------------- keywords


def lexical_for(store: Store, texts: dict[str, str]) -> LexicalIndex:
    lexical = LexicalIndex()
    lexical.sync({name: (name, text, text) for name, text in texts.items()})
    return lexical


def test_keywords_lift_a_skill_that_shares_the_tasks_rare_words(store: Store, index: FakeIndex) -> None:
    add(store, index, "generic-notes", 0.50)
    add(store, index, "bibtex-cleaner", 0.46)
    lexical = lexical_for(
        store,
        {
            "generic-notes": "take notes about papers you read",
            "bibtex-cleaner": "fix broken bibtex entries and citation keys",
        },
    )
    task = "my bibtex file has broken entries"
    assert name_of(router(store, index, lexical=lexical, keyword_weight=0.0).route(task)) == "generic-notes"
    route = router(store, index, lexical=lexical).route(task)
    assert name_of(route) == "bibtex-cleaner"
    best = route.candidates[0]
    assert best.keyword == 1.0 and best.score == pytest.approx((0.46 + KEYWORD_WEIGHT) * (0.7 + 0.3 * 5 / 9))
    assert route.candidates[1].keyword == 0.0


def test_a_skill_found_by_keywords_alone_joins_with_its_level0_similarity(
    store: Store, index: FakeIndex
) -> None:
    for i in range(25):  # fill the dense candidate list
        add(store, index, f"dense-{i:02d}", 0.60 - i * 0.001)
    add(store, index, "himalaya", 0.55)  # just below all 25, so the vector query (n=20) misses it
    lexical = lexical_for(store, {"himalaya": "read and send email with the himalaya command line client"})
    route = router(store, index, lexical=lexical).route("set up himalaya for my mailbox")
    assert name_of(route) == "himalaya"
    assert (route.candidates[0].via, route.candidates[0].similarity) == ("keywords", 0.55)


@pytest.mark.parametrize("beside", [False, True])
def test_keywords_scored_beside_the_embedding_give_the_same_routes_and_its_errors(
    store: Store, index: FakeIndex, monkeypatch: pytest.MonkeyPatch, beside: bool
) -> None:
    import threading

    from skillrouter.routing import router as router_module

    monkeypatch.setattr(router_module, "KEYWORDS_BESIDE_FROM", 0 if beside else 10**9)
    for i in range(25):
        add(store, index, f"dense-{i:02d}", 0.60 - i * 0.001)
    add(store, index, "himalaya", 0.55)
    lexical = lexical_for(store, {"himalaya": "read and send email with the himalaya command line client"})
    scored_on: list[str] = []
    score = lexical.score
    monkeypatch.setattr(
        lexical, "score", lambda task: scored_on.append(threading.current_thread().name) or score(task)
    )
    routes = router(store, index, lexical=lexical).route_many(
        ["set up himalaya for my mailbox", "dense work"]
    )
    assert [name_of(r) for r in routes] == ["himalaya", "dense-00"]
    assert routes[0].candidates[0].via == "keywords"
    assert all(name.startswith("route-keywords") == beside for name in scored_on) and len(scored_on) == 2

    def broken(task: str) -> None:
        raise RuntimeError("keyword index broke")

    monkeypatch.setattr(lexical, "score", broken)
    with pytest.raises(RuntimeError, match="keyword index broke"):  # the route says so, beside or not
        router(store, index, lexical=lexical).route("set up himalaya")


def test_coverage_counts_in_the_gate_not_in_the_ranking(store: Store, index: FakeIndex) -> None:
    add(store, index, "disk-cleanup", 0.2)
    lexical = lexical_for(store, {"disk-cleanup": "free disk space docker images volumes"})
    off = router(store, index, lexical=lexical, coverage_weight=0.0).route("prune docker volumes and images")
    assert off.matched is None
    on = router(store, index, lexical=lexical).route("prune docker volumes and images")
    pick = on.candidates[0]
    assert 0.3 < pick.coverage < 1.0  # "prune" is in no skill's text: it weighs most
    assert pick.relevance == pytest.approx(0.2 + 0.4 * pick.coverage)
    assert name_of(on) == "disk-cleanup"


def test_weights_and_threshold_are_checked(store: Store, index: FakeIndex) -> None:
    for kw in ({"keyword_weight": -0.1}, {"coverage_weight": float("nan")}, {"threshold": float("nan")}):
        with pytest.raises(ValueError):
            router(store, index, **kw)


# ---------------------------------------------------------------- misfits


def test_a_task_nearer_a_misfit_than_the_skills_texts_demotes_the_skill(
    store: Store, index: FakeIndex
) -> None:
    add(store, index, "misrouted", 0.6)
    add(store, index, "right", 0.5)
    index.put_misfit("misrouted", 0.8, "an earlier task it did not fit")
    route = router(store, index, misfit_weight=1.0).route("a task")
    assert name_of(route) == "right"
    demoted = next(c for c in route.candidates if c.name == "misrouted")
    assert (demoted.similarity, demoted.misfit, demoted.relevance) == (0.6, 0.8, pytest.approx(0.4))
    assert name_of(router(store, index, misfit_weight=0.0).route("a task")) == "misrouted"
    assert index.asked_misfits == [20]  # one lookup per batch of tasks; none when misfits are ignored


def test_a_misfit_farther_than_the_skills_texts_changes_nothing(store: Store, index: FakeIndex) -> None:
    add(store, index, "fine", 0.6)
    index.put_misfit("fine", 0.55, "a task nearby that it did not fit")
    route = router(store, index).route("a task")
    assert (
        name_of(route) == "fine"
        and route.candidates[0].relevance == 0.6
        and route.candidates[0].misfit == 0.55
    )


def test_a_demoted_skill_can_fall_under_the_gate(store: Store, index: FakeIndex) -> None:
    add(store, index, "only-one", 0.5)
    index.put_misfit("only-one", 0.9, "this very task, judged a misfit before")
    route = router(store, index, threshold=0.34, misfit_weight=1.0).route("a task")
    assert route.matched is None and route.candidates[0].relevance == pytest.approx(0.1)


def test_a_skill_most_of_whose_judged_routes_were_misfits_is_gated_more_strictly(
    store: Store, index: FakeIndex
) -> None:
    add(store, index, "broad", 0.4, uses=1, avg=9.0)
    for n in range(3):  # three tasks of other kinds, all far from this one
        store.record_misfit("broad", f"an unrelated task {n}")
        index.put_misfit("broad", 0.05, f"an unrelated task {n}")
    route = router(store, index, threshold=0.3).route("a task")
    broad = route.candidates[0]
    assert broad.misfit == 0.05 and broad.misfits == 3  # no misfit near the task: the similarity stands
    assert broad.relevance == pytest.approx(0.4 - 0.2 * 3 / 4) and route.matched is None  # 0.25 < 0.30
    assert name_of(router(store, index, threshold=0.3, misfit_share_weight=0.0).route("a task")) == "broad"
    assert name_of(router(store, index, threshold=0.3, misfit_weight=0.0).route("a task")) == "broad"


def test_the_misfit_share_counts_from_three_judged_routes(store: Store, index: FakeIndex) -> None:
    assert [misfit_share_penalty(0, m) for m in (0, 1, 2)] == [0.0, 0.0, 0.0]  # too few to judge
    assert misfit_share_penalty(1, 2) == pytest.approx(0.2 * 2 / 3)
    assert misfit_share_penalty(30, 0) == 0.0 and misfit_share_penalty(97, 3) == pytest.approx(0.006)
    assert misfit_share_penalty(0, 5, weight=0.5) == 0.5
    with pytest.raises(ValueError, match="misfit_share_weight"):
        router(store, index, misfit_share_weight=-1.0)


def test_misfits_of_a_skill_that_is_not_a_candidate_are_ignored(store: Store, index: FakeIndex) -> None:
    add(store, index, "candidate", 0.6)
    index.put_misfit("gone-from-the-store", 0.95, "a task")
    route = router(store, index).route("a task")
    assert name_of(route) == "candidate" and route.candidates[0].misfit is None


def test_the_model_is_given_the_start_of_a_huge_task_only(store: Store, index: FakeIndex) -> None:
    """A pasted 4 MB log: every model reads its first 256-512 tokens, so tokenising the rest
    only cost time (2.7 s); the route still finds the skill the request names."""
    add(store, index, "grep-logs", 0.9)
    task = "find the failing request in this log: " + "GET /health 200 ok\n" * 200_000
    route = router(store, index).route(task)
    assert name_of(route) == "grep-logs"
    assert index.embedder.batches == [[task[:EMBED_CHARS]]]


# ---------------------------------------------------------------- the multilingual engine's two gates


def multilingual_router(store: Store, index: FakeIndex, **settings: Any) -> Router:
    """A router whose multilingual index is ``index`` (a Chinese task is routed over it)."""
    return Router(store, FakeIndex(), settings=RoutingSettings(**settings), multilingual=lambda: index)  # type: ignore[arg-type]


def test_a_chinese_task_meets_a_skill_described_in_chinese_at_the_higher_gate(
    store: Store, index: FakeIndex
) -> None:
    store.add(Skill.create("weekly-report", "整理本周工作，写成一份周报。"))
    index.put("weekly-report", 0.86)  # between the two default gates
    route = multilingual_router(store, index).route("帮我写周报")
    assert route.engine == "multilingual"
    assert route.matched is None and not route.candidates[0].passes_gate
    assert route.threshold == DEFAULT_MULTILINGUAL_CJK_THRESHOLD == 0.88
    assert "relevance 0.860 < 0.88" in route.reason


def test_a_chinese_task_meets_a_skill_described_in_english_at_the_lower_gate(
    store: Store, index: FakeIndex
) -> None:
    store.add(Skill.create("weekly-report", "Turn the week's work into a weekly report."))
    index.put("weekly-report", 0.86)
    route = multilingual_router(store, index).route("帮我写周报")
    assert name_of(route) == "weekly-report"
    assert route.threshold == DEFAULT_MULTILINGUAL_THRESHOLD == 0.84


def test_each_candidate_is_gated_by_its_own_description(store: Store, index: FakeIndex) -> None:
    store.add(Skill.create("zh-report", "写周报。"))
    store.add(Skill.create("en-report", "Write the weekly report."))
    index.put("zh-report", 0.87)  # ranked first, under its gate: nothing matches
    index.put("en-report", 0.85)
    route = multilingual_router(store, index).route("周报")
    assert [(c.name, c.passes_gate) for c in route.candidates] == [("zh-report", False), ("en-report", True)]
    assert route.matched is None  # the best candidate decides; the others' verdicts are for the loop


def test_a_given_multilingual_threshold_is_every_skills_gate(store: Store, index: FakeIndex) -> None:
    store.add(Skill.create("zh-report", "写周报。"))
    index.put("zh-report", 0.86)
    route = multilingual_router(store, index, multilingual_threshold=0.85).route("周报")
    assert name_of(route) == "zh-report" and route.threshold == 0.85
    assert route.threshold_source == "given"
