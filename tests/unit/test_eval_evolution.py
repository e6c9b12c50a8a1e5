"""The skill-evolution simulation (eval/evolution.py) with the meaning-free HashEmbedder."""

from __future__ import annotations

import dataclasses

import pytest
from skillrouter.embeddings import HashEmbedder
from skillrouter.eval import evolution
from skillrouter.eval.datasets import Query
from skillrouter.eval.evolution import EvolutionConfig, TaskStream, make_stream, simulate


def labelled(kinds: int = 4, per_kind: int = 30) -> list[Query]:
    vocab = [["red", "blue", "green", "pink", "gold", "gray"], ["cat", "dog", "cow", "pig", "hen", "elk"],
             ["oak", "elm", "fir", "ash", "yew", "box"], ["sun", "moon", "star", "comet", "orbit", "nova"]]
    out = []
    for k in range(kinds):
        words = vocab[k]
        for i in range(per_kind):
            out.append(Query(f"{words[i % 6]} {words[(i + 1) % 6]} {words[(i + 2) % 6]} job {i}", (f"kind-{k}",)))
    return out


def stream_of(tasks: list[Query], *, steps: int = 5, variants: list[tuple[str, str, float]] | None = None,
              quality: float = 0.8) -> TaskStream:
    return TaskStream(tasks=tasks, kinds=[q.gold[0] for q in tasks], probes=[], variants=variants or [],
                      steps=[steps] * len(tasks), noise=[0.0] * len(tasks), new_quality=[quality] * len(tasks))


def test_defaults_are_the_agent_loops() -> None:
    from skillrouter.agent import AgentConfig

    agent = AgentConfig()
    config = EvolutionConfig()
    assert (config.skill_threshold, config.min_steps, config.duplicate_threshold, config.revise_below,
            config.retire_floor, config.retire_min_uses) == (
        agent.skill_threshold, agent.min_steps, agent.duplicate_threshold, agent.revise_below, agent.retire_floor,
        agent.retire_min_uses)


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
    config = EvolutionConfig(tasks=3, kinds=1, no_skill_mean=8.0, threshold=0.99, every=10)
    stream = dataclasses.replace(stream_of(tasks), steps=[1, 5, 5])
    run = simulate(stream, config, HashEmbedder(), "shrunk")
    created = [e.get("created") for e in run.events]
    assert created[0] is None and created[1] is not None and created[2] is not None  # 1 step: too trivial
    assert run.summary["created"] == 2 and run.summary["created_duplicates"] == 1
    assert run.checkpoints[-1].library_size == 2 and run.checkpoints[-1].skills_per_kind == 2.0
    # the draft is named and described from the task text, not from any gold description
    assert created[1].startswith(tasks[1].query.split()[0])


def test_duplicate_gate_merges_a_draft_of_the_same_kind() -> None:
    tasks = [Query("red blue green job", ("k",)), Query("red blue green job", ("k",))]
    config = EvolutionConfig(tasks=2, kinds=1, no_skill_mean=8.0, threshold=2.0, duplicate_threshold=0.8)
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
    assert a.summary == b.summary and [c.to_dict() for c in a.checkpoints] == [c.to_dict() for c in b.checkpoints]
    assert [c.tasks for c in a.checkpoints] == [0, 25, 50]


def test_config_is_checked() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        EvolutionConfig(policies=("greedy",))  # type: ignore[arg-type]
    assert set(evolution.POLICIES) == {"similarity", "raw", "shrunk", "explore"}
