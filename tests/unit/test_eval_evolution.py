"""The skill-evolution simulation (eval/evolution.py) with the meaning-free HashEmbedder."""

from __future__ import annotations

import dataclasses

import pytest
from skillrouter.embeddings import HashEmbedder
from skillrouter.eval import evolution
from skillrouter.eval.datasets import Query
from skillrouter.eval.evolution import EvolutionConfig, TaskStream, make_stream, simulate


def labelled(kinds: int = 4, per_kind: int = 30) -> list[Query]:
    vocab = [
        ["red", "blue", "green", "pink", "gold", "gray"],
        ["cat", "dog", "cow", "pig", "hen", "elk"],
        ["oak", "elm", "fir", "ash", "yew", "box"],
        ["sun", "moon", "star", "comet", "orbit", "nova"],
    ]
    out = []
    for k in range(kinds):
        words = vocab[k]
        for i in range(per_kind):
            out.append(
                Query(f"{words[i % 6]} {words[(i + 1) % 6]} {words[(i + 2) % 6]} job {i}", (f"kind-{k}",))
            )
    return out


def stream_of(
    tasks: list[Query],
    *,
    steps: int = 5,
    variants: list[tuple[str, str, float]] | None = None,
    quality: float = 0.8,
    fit_draw: float = 0.5,
) -> TaskStream:
    return TaskStream(
        tasks=tasks,
        kinds=[q.gold[0] for q in tasks],
        probes=[],
        variants=variants or [],
        steps=[steps] * len(tasks),
        noise=[0.0] * len(tasks),
        new_quality=[quality] * len(tasks),
        fit_draw=[fit_draw] * len(tasks),
    )


def test_stream_is_deterministic_and_keeps_probes_apart() -> None:
    config = EvolutionConfig(tasks=60, kinds=3, probe_per_kind=2, variant_kinds=2, seed=5)
    a, b = make_stream(labelled(), config), make_stream(labelled(), config)
    assert a == b
    assert make_stream(labelled(), dataclasses.replace(config, seed=6)).tasks != a.tasks
    assert len(a.tasks) == 60 and len(set(a.kinds)) == 3 and len(a.probes) == 6
    assert len(a.variants) == 2 * len(config.variant_qualities)
    task_texts, probe_texts = {q.query for q in a.tasks}, {q.query for q in a.probes}
    assert not task_texts & probe_texts and not task_texts & {t for _, t, _ in a.variants}
    assert all(0.3 <= q <= 0.95 for q in a.new_quality) and all(1 <= s <= 8 for s in a.steps)


def test_a_good_run_without_a_skill_becomes_one_unless_too_short() -> None:
    tasks = labelled(kinds=1, per_kind=3)
    # offer_threshold 1.0: no draft is offered to a skill for being similar, so each becomes one
    config = EvolutionConfig.of(
        tasks=3, kinds=1, no_skill_mean=8.0, threshold=0.99, every=10, offer_threshold=1.0
    )
    stream = dataclasses.replace(stream_of(tasks), steps=[1, 5, 5])
    run = simulate(stream, config, HashEmbedder(), "shrunk")
    created = [e.get("created") for e in run.events]
    assert created[0] is None and created[1] is not None and created[2] is not None  # 1 step: too trivial
    assert run.summary["created"] == 2 and run.summary["created_duplicates"] == 1
    assert run.checkpoints[-1].library_size == 2 and run.checkpoints[-1].skills_per_kind == 2.0
    # the draft is named and described from the task text, not from any gold description
    assert created[1].startswith(tasks[1].query.split()[0])
    # by default the third draft, sharing words with the second skill, is offered to it and merged
    run = simulate(
        stream, config.replace(offer_threshold=evolution.rules.OFFER_THRESHOLD), HashEmbedder(), "shrunk"
    )
    assert run.summary["created"] == 1 and run.events[2].get("merged_into") == created[1]
    assert (run.summary["merge_offers"], run.summary["merge_offers_other_kind"]) == (1, 0)
    assert run.summary["merged_other_kind"] == 0


def test_a_draft_merged_into_a_skill_of_another_kind_is_counted() -> None:
    tasks = [Query("red blue green job", ("a",)), Query("red blue green job", ("b",))]
    config = EvolutionConfig.of(tasks=2, kinds=2, no_skill_mean=8.0, threshold=2.0, fit_error=1.0)
    stream = dataclasses.replace(stream_of(tasks), same_draw=[0.0, 0.0])  # the judge always wrong
    run = simulate(stream, config, HashEmbedder(), "shrunk")
    assert run.summary["merge_offers_other_kind"] == 1 and run.summary["merged_other_kind"] == 1


def test_the_blind_streams_hold_one_language_each_and_every_kind_with_two_requests() -> None:
    from skillrouter.embeddings import has_cjk
    from skillrouter.eval.evolution.blind import blind_stream_queries

    zh, en, both = (blind_stream_queries(lang) for lang in ("zh", "en", "zh-en"))  # type: ignore[arg-type]
    assert all(has_cjk(q.query) for q in zh) and not any(has_cjk(q.query) for q in en)
    assert both == zh + en and all(len(q.gold) == 1 and ":" in q.gold[0] for q in both)
    assert {q.meta["form"] for q in zh} == {"zh", "mixed", "follow-up", "shift"}
    with pytest.raises(ValueError, match="unknown language"):
        blind_stream_queries("fr")  # type: ignore[arg-type]
    config = EvolutionConfig(tasks=1000, kinds=1000, probe_per_kind=0, variant_kinds=0, min_per_kind=2)
    stream = make_stream(zh, config)
    per_kind: dict[str, int] = {}
    for q in zh:
        per_kind[q.gold[0]] = per_kind.get(q.gold[0], 0) + 1
    assert set(stream.kinds) == {k for k, n in per_kind.items() if n >= 2} and not stream.probes
    assert len(stream.tasks) == sum(n for n in per_kind.values() if n >= 2)
    assert len(set(make_stream(zh, dataclasses.replace(config, min_per_kind=3)).kinds)) < len(
        set(stream.kinds)
    )


def test_duplicate_gate_merges_a_draft_of_the_same_kind() -> None:
    tasks = [Query("red blue green job", ("k",)), Query("red blue green job", ("k",))]
    config = EvolutionConfig.of(tasks=2, kinds=1, no_skill_mean=8.0, threshold=2.0, duplicate_threshold=0.8)
    run = simulate(stream_of(tasks), config, HashEmbedder(), "shrunk")
    assert run.summary["created"] == 1 and run.summary["merged"] == 1
    assert run.events[1]["merged_into"] == run.events[0]["created"]


def test_the_bad_variant_is_retired_and_the_best_one_wins() -> None:
    tasks = [Query(f"alpha beta gamma delta task {i}", ("k",)) for i in range(40)]
    variants = [("k", "alpha beta gamma delta plain", 0.9), ("k", "alpha beta gamma delta task", 0.05)]
    config = EvolutionConfig(tasks=40, kinds=1, threshold=0.0, every=10, revise_gain=0.0)
    run = simulate(stream_of(tasks, variants=variants), config, HashEmbedder(), "shrunk")
    retired = run.summary["retired_skills"]
    assert [r["quality"] for r in retired] == [0.05]
    good = next(e["skill"] for e in run.events if e["skill"] != retired[0]["name"])
    assert all(e["skill"] == good and e["score"] >= 9 for e in run.events[20:])
    assert run.summary["hidden_quality"]["active_mean_quality"] == 0.9
    assert run.checkpoints[-1].retired == 1


def test_the_same_seed_gives_the_same_life() -> None:
    config = EvolutionConfig(tasks=50, kinds=3, probe_per_kind=2, variant_kinds=1, every=25, seed=2)
    stream = make_stream(labelled(), config)
    a = simulate(stream, config, HashEmbedder(), "explore")
    b = simulate(stream, config, HashEmbedder(), "explore")
    assert a.summary == b.summary and [c.to_dict() for c in a.checkpoints] == [
        c.to_dict() for c in b.checkpoints
    ]
    assert [c.tasks for c in a.checkpoints] == [0, 25, 50]


def test_config_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        EvolutionConfig(policies=("greedy",))  # type: ignore[arg-type]
    assert set(evolution.POLICIES) == {"similarity", "raw", "shrunk", "explore"}


def misrouted(fit_error: float) -> tuple[dict[str, object], list[dict[str, object]]]:
    """Tasks of kind b routed to the one seeded skill, of kind a (a misfit takes it under the gate)."""
    tasks = [Query(f"alpha beta gamma job {i}", ("b",)) for i in range(12)]
    config = EvolutionConfig(tasks=12, kinds=1, threshold=0.8, every=12, fit_error=fit_error)
    run = simulate(
        stream_of(tasks, variants=[("a", "alpha beta gamma plain", 0.9)]), config, HashEmbedder(), "shrunk"
    )
    return run.summary, run.events


def test_a_misroute_judged_a_misfit_leaves_the_skill_alone_and_teaches_the_router() -> None:
    summary, events = misrouted(fit_error=0.0)
    assert (
        summary["misroutes"] >= 1
        and summary["misfits_recorded"] == summary["misfits_recorded_real"] == summary["misroutes"]
    )
    assert summary["revisions"] == 0 and summary["retired"] == 0
    assert summary["seeded_variants"][0]["uses"] == 0  # nothing reached its record
    # the misfits demote the skill for these tasks: later ones are no longer routed to it
    assert events[0]["skill"] is not None and events[-1]["skill"] is None


def test_the_evaluators_fit_errors_are_what_reaches_the_skill() -> None:
    summary, _ = misrouted(fit_error=1.0)  # every misroute taken for a fit
    assert summary["misfits_recorded"] == 0 and summary["fit_error"] == 1.0
    assert summary["revisions"] == summary["revisions_after_misroute"] == summary["misroutes"] > 0
    assert summary["revisions_after_misroute_share"] == 1.0
    assert summary["seeded_variants"][0]["uses"] == summary["misroutes"]


def test_the_summary_names_retired_skills_and_duplicates_per_kind() -> None:
    tasks = [Query(f"alpha beta gamma delta task {i}", ("k",)) for i in range(40)]
    variants = [
        ("k", "alpha beta gamma delta plain", 0.9),
        ("k", "alpha beta gamma delta task", 0.05),
        ("k", "alpha beta gamma delta other", 0.5),
    ]
    config = EvolutionConfig(tasks=40, kinds=1, threshold=0.0, every=10, revise_gain=0.0)
    summary = simulate(stream_of(tasks, variants=variants), config, HashEmbedder(), "shrunk").summary
    assert [(r["quality"], r["seeded"]) for r in summary["retired_skills"]] == [(0.05, True)]
    assert summary["retired_max_quality"] == 0.05
    assert summary["duplicates_per_kind"] == {"k": 1} and summary["max_duplicates_per_kind"] == 1
    assert summary["loop_duplicates_per_kind"] == {} and summary["max_loop_duplicates_per_kind"] == 0


def test_fit_error_is_checked_and_drawn_per_task() -> None:
    with pytest.raises(ValueError, match="fit_error"):
        EvolutionConfig(fit_error=1.5)
    config = EvolutionConfig(tasks=60, kinds=3, probe_per_kind=2, variant_kinds=2, seed=5)
    stream = make_stream(labelled(), config)
    assert len(stream.fit_draw) == 60 and all(0 <= x < 1 for x in stream.fit_draw)
    head = stream.head(10)
    assert (
        head.tasks == stream.tasks[:10]
        and head.fit_draw == stream.fit_draw[:10]
        and head.probes == stream.probes
    )
