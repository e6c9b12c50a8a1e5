"""The routing benchmark's engine (eval/routing.py) with the meaning-free HashEmbedder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from skillrouter.embeddings import HashEmbedder
from skillrouter.eval import routing
from skillrouter.eval.datasets import Query, split
from skillrouter.eval.metrics import RankedResult
from skillrouter.eval.report import fitting_note
from skillrouter.eval.routing import (
    EmbedderSpec,
    Routed,
    RoutingConfig,
    RoutingSetup,
    by_split,
    evaluate_routing,
)

from skillrouter import SkillRouterError
from skillrouter.routing.router import Candidate
from skillrouter.routing.scoring import DEFAULT_THRESHOLD, KEYWORD_WEIGHT
from skillrouter.skill import SkillSummary

# Three skills; each kind of task uses words that its description does not, so only learning
# (the tasks as examples) can route them. "plain" queries share the description's words.
SKILLS = {
    "alpha-skill": "zebra yak quokka",
    "beta-skill": "walrus ibis narwhal",
    "gamma-skill": "lemur okapi tapir",
}
TASK_WORDS = {
    "alpha-skill": ["orange", "pear", "fig", "plum", "kiwi", "lime"],
    "beta-skill": ["copper", "nickel", "zinc", "tin", "lead", "iron"],
    "gamma-skill": ["violin", "cello", "oboe", "harp", "flute", "tuba"],
}


def write_skills(path: Path, skills: dict[str, str] = SKILLS) -> Path:
    path.write_text(
        "".join(json.dumps({"name": n, "description": d}) + "\n" for n, d in skills.items()), "utf-8"
    )
    return path


def learnable_queries() -> list[Query]:
    queries = []
    for gold, words in TASK_WORDS.items():
        for i in range(len(words)):
            picked = [words[(i + j) % len(words)] for j in range(4)]
            queries.append(Query(" ".join(picked), (gold,)))
    queries += [Query(f"unrelated request number {w}", ()) for w in ("one", "two", "three", "four")]
    return queries


def plain_queries() -> list[Query]:
    return [Query(f"{d} please", (n,)) for n, d in SKILLS.items()] + [Query("something else entirely", ())]


def run(tmp_path: Path, queries: list[Query], config: RoutingConfig, **setup: object):  # type: ignore[no-untyped-def]
    skills = write_skills(tmp_path / "skills.jsonl")
    return evaluate_routing(
        RoutingSetup(queries=queries, skills=[skills], **setup),  # type: ignore[arg-type]
        EmbedderSpec("hash"),
        config,
        embedder=HashEmbedder(256),
    )


def test_without_a_split_nothing_is_fitted(tmp_path: Path) -> None:
    result = run(tmp_path, plain_queries(), RoutingConfig(latency_sample=3))
    assert result.metrics["n_queries"] == 4 and result.metrics["n_answerable"] == 3
    assert result.metrics["p_at_1"] == 1.0
    assert result.threshold == DEFAULT_THRESHOLD and result.threshold_source == "default"
    assert result.keyword_weight == KEYWORD_WEIGHT
    assert result.fitted["on"] is None and not result.fitted["threshold"]
    assert "Nothing was fitted" in fitting_note(result)
    assert result.metrics["latency_ms_p50"] is not None and result.metrics["latency_ms_p95"] >= 0
    data = result.to_json()
    for key in (
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
    ):
        assert key in data
    assert list(data)[:3] == ["n_queries", "n_answerable", "k"]


def test_threshold_is_fitted_on_train_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    queries = learnable_queries()
    seen: list[list[RankedResult]] = []
    real_fit = routing.fit_threshold
    monkeypatch.setattr(
        routing, "fit_threshold", lambda results: seen.append(list(results)) or real_fit(results)
    )
    result = run(tmp_path, queries, RoutingConfig(train_frac=0.5, seed=3, latency_sample=0))
    train, test = split(queries, 0.5, seed=3)
    assert result.metrics["n_queries"] == len(test) and result.train_size == len(train)
    assert len(seen) == 1
    assert {r.query for r in seen[0]} == {q.query for q in train}
    assert not {r.query for r in seen[0]} & {r.query for r in result.results}
    assert result.fitted["threshold"] and "train part" in fitting_note(result)


def test_learning_routes_tasks_the_descriptions_cannot(tmp_path: Path) -> None:
    queries = learnable_queries()
    cold = run(tmp_path, queries, RoutingConfig(train_frac=0.5, seed=1, latency_sample=0))
    learned = run(tmp_path, queries, RoutingConfig(train_frac=0.5, seed=1, learn=True, latency_sample=0))
    assert learned.metrics["p_at_1"] == 1.0 > cold.metrics["p_at_1"]
    train, test = split(queries, 0.5, seed=1)
    # every answerable train query was learned (some before fitting, the rest after), no test query
    assert learned.fitted["learned"] == learned.library["examples"] == sum(1 for q in train if q.gold)
    assert "calibration part of train" in learned.fitted["on"]
    assert learned.metrics["n_queries"] == len(test)
    assert any(c.via == "example" for r in learned.routed for c in r.candidates)
    assert not any(c.via == "example" for r in cold.routed for c in r.candidates)


def test_max_examples_caps_what_is_learned(tmp_path: Path) -> None:
    result = run(
        tmp_path,
        learnable_queries(),
        RoutingConfig(train_frac=0.5, learn=True, max_examples=1, latency_sample=0),
    )
    assert result.library["examples"] == len(SKILLS)


def test_keyword_weight_auto_is_fitted(tmp_path: Path) -> None:
    result = run(
        tmp_path, learnable_queries(), RoutingConfig(train_frac=0.5, keyword_weight="auto", latency_sample=0)
    )
    assert result.fitted["keyword_weight"] and result.keyword_weight in routing.KEYWORD_GRID
    assert any(c.keyword > 0 for r in result.routed for c in r.candidates) or result.keyword_weight == 0.0


def cand(
    name: str, similarity: float, quality: float, keyword: float = 0.0, relevance: float = 0.0
) -> Candidate:
    return Candidate(
        SkillSummary(name, "d", "general", ()),
        similarity,
        quality,
        0.0,
        "description",
        keyword,
        0.0,
        relevance,
    )


def test_ranking_follows_the_router() -> None:
    q = Query("task", ("b",))
    routed = Routed(
        q,
        (
            cand("a", 0.50, 6.0, relevance=0.5),
            cand("b", 0.45, 6.0, keyword=1.0, relevance=0.3),
            cand("c", 0.35, 10.0, relevance=0.9),
        ),
    )
    assert [c.name for c in routed.ranked(0.0, 0.3)] == ["a", "b", "c"]
    assert [c.name for c in routed.ranked(0.2, 0.3)] == ["b", "a", "c"]  # keyword fusion
    assert [c.name for c in routed.ranked(0.0, 1.0)] == ["c", "a", "b"]  # quality weight 1: c's 10/10 wins
    result = routed.result(0.2, 0.3)
    assert result.ranked[0] == "b" and result.top_similarity == 0.3  # the gate value: relevance of the pick
    assert result.abstains(0.34) and not result.abstains(0.3)


def test_without_a_split_the_decisions_are_the_routers_own(tmp_path: Path) -> None:
    """No fitting: every decision the metrics count is the one the shipped router made."""
    result = run(tmp_path, learnable_queries() + plain_queries(), RoutingConfig(latency_sample=0))
    assert result.threshold == DEFAULT_THRESHOLD
    for routed, ranked in zip(result.routed, result.results):
        assert ranked.abstains(result.threshold) == (routed.matched is None)
        if routed.matched is not None:
            assert ranked.ranked[0] == routed.matched
    assert any(r.matched is None for r in result.routed) and any(r.matched for r in result.routed)


def test_gold_outside_the_library_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(SkillRouterError, match="not in the library: nope"):
        run(tmp_path, [Query("x", ("nope",))], RoutingConfig(latency_sample=0))


def test_distractors_are_counted_and_never_replace_a_skill(tmp_path: Path) -> None:
    extra = write_skills(
        tmp_path / "extra.jsonl",
        {"alpha-skill": "a clash that must be skipped", "delta-skill": "zebra yak quokka and more"},
    )
    result = run(tmp_path, plain_queries(), RoutingConfig(latency_sample=0), distractors=[extra])
    assert result.library["skills"] == 4 and result.library["distractors"] == 1
    assert result.library["skipped"] == 1


def test_config_is_checked() -> None:
    with pytest.raises(ValueError, match="--learn needs"):
        RoutingConfig(learn=True)
    with pytest.raises(ValueError, match="auto"):
        RoutingConfig(keyword_weight="auto")
    with pytest.raises(ValueError, match="train-frac"):
        RoutingConfig(train_frac=1.0)


def test_metrics_by_split(tmp_path: Path) -> None:
    queries = [
        Query(q.query, q.gold, {"split": "in" if i % 2 else "out"}) for i, q in enumerate(plain_queries())
    ]
    result = run(tmp_path, queries, RoutingConfig(latency_sample=0))
    groups = by_split(result)
    assert set(groups) == {"in", "out"}
    assert sum(m["n_queries"] for m in groups.values()) == len(queries)
    assert "by_split" in result.to_json()
