"""The rule book (skillrouter.rules): each rule, and proof that the agent and the evolution
simulation run it rather than copies of it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import HashEmbedder
from skillrouter.eval.datasets import Query
from skillrouter.eval.evolution import EvolutionConfig, TaskStream, simulate
from skillrouter.eval.evolution.agent import run_agent

from skillrouter import Skill, SkillNotFoundError, SkillRouterError, Store, rules
from skillrouter.agent import AgentConfig
from skillrouter.learning import offers
from skillrouter.library import SkillLibrary
from skillrouter.routing.scoring import shrunk_quality
from skillrouter.rules import LoopRules, plan
from skillrouter.skill import NAME_MAX, free_name

# ---------------------------------------------------------------- what one run does


def test_a_misfit_is_a_routing_miss_not_the_skills_failure() -> None:
    p = plan("csv-to-json", 2.0, fits=False, steps=5)
    assert (p.record_outcome, p.keep_example, p.record_misfit, p.revise) == (False, False, True, False)
    assert not p.create  # a bad run becomes nothing
    good = plan("csv-to-json", 9.0, fits=False, steps=5, lessons=True)
    assert good.record_misfit and good.create and not good.revise  # the task may get a skill of its own


def test_a_fitted_run_is_recorded_and_a_low_score_or_a_lesson_revises() -> None:
    low = plan("csv-to-json", 4.0, fits=True, steps=5)
    assert (low.record_outcome, low.keep_example, low.record_misfit, low.revise, low.create) == (
        True,
        False,
        False,
        True,
        False,
    )
    good = plan("csv-to-json", 9.0, fits=True, steps=5)
    assert good.record_outcome and good.keep_example and not good.revise and not good.create
    assert plan("csv-to-json", 9.0, fits=True, steps=5, lessons=True).revise


def test_one_score_far_below_a_proven_record_is_recorded_but_does_not_rewrite_the_skill() -> None:
    r = LoopRules()
    assert (r.outlier_margin, rules.OUTLIER_MIN_USES) == (3.0, 3)
    proven = {"use_count": 5, "avg_score": 9.0}
    outlier = plan("csv-to-json", 5.9, fits=True, steps=5, **proven)
    assert outlier.record_outcome and not outlier.revise  # the average falls; the method stays
    assert plan("csv-to-json", 6.0, fits=True, steps=5, **proven).revise  # within the margin: revised
    assert plan(
        "csv-to-json", 2.0, fits=True, steps=5, lessons=True, **proven
    ).revise  # lessons always revise
    assert plan(
        "csv-to-json", 2.0, fits=True, steps=5, use_count=2, avg_score=9.0
    ).revise  # too few uses to judge
    assert plan("csv-to-json", 2.0, fits=True, steps=5, use_count=8, avg_score=4.5).revise  # it keeps failing
    assert plan("csv-to-json", 2.0, fits=True, steps=5).revise  # no record: the run alone decides
    assert rules.should_revise(
        5.9, fits=True, use_count=5, avg_score=9.0, rules=LoopRules(outlier_margin=4.0)
    )
    with pytest.raises(ValueError, match="outlier_margin"):
        LoopRules(outlier_margin=0)


@pytest.mark.parametrize(("score", "steps", "created"), [(9.0, 3, True), (6.9, 8, False), (9.0, 2, False)])
def test_a_good_non_trivial_run_without_a_skill_becomes_one(score: float, steps: int, created: bool) -> None:
    p = plan(None, score, fits=False, steps=steps)  # fits means nothing without a skill
    assert p.create is created and not (p.record_outcome or p.record_misfit or p.revise)


def test_retirement_judges_fitted_uses_by_the_routers_shrunk_average() -> None:
    r = LoopRules()
    assert shrunk_quality(5, 2.9) < r.retire_floor <= shrunk_quality(5, 3.0)
    assert rules.should_retire(5, 2.9, 2.0, rules=r)
    assert not rules.should_retire(5, 3.0, 2.0, rules=r)  # shrunk average at the floor
    assert not rules.should_retire(4, 1.0, 1.0, rules=r)  # too few uses
    assert not rules.should_retire(5, 2.9, 4.5, rules=r)  # a run at the floor never retires its skill
    assert not rules.should_retire(5, 2.9, 2.0, fits=False, rules=r)  # a misfit is never the skill's fault
    assert rules.should_retire(5, 4.0, 2.0, rules=r, prior_weight=0.5)  # the router's prior decides


def test_the_duplicate_gate_proposes_a_merge_from_the_threshold_on() -> None:
    assert rules.should_merge(0.80) and not rules.should_merge(0.79)
    assert rules.should_merge(0.7, LoopRules(duplicate_threshold=0.7))


def test_loop_rules_are_checked() -> None:
    for bad in (
        {"skill_threshold": 11},
        {"min_steps": -1},
        {"duplicate_threshold": 0},
        {"retire_min_uses": 0},
        {"revise_below": 0.5},
        {"retire_floor": 12},
    ):
        with pytest.raises(ValueError):
            LoopRules(**bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- free names


def test_free_name_is_the_name_or_the_first_free_numbered_one() -> None:
    assert free_name("csv-to-json", set()) == "csv-to-json"
    assert free_name("csv-to-json", {"csv-to-json", "csv-to-json-2"}) == "csv-to-json-3"
    assert free_name("a", lambda n: n in {"a", "a-2", "a-3"}) == "a-4"
    long = "x" * NAME_MAX
    assert free_name(long, {long}) == "x" * (NAME_MAX - 2) + "-2"
    assert free_name("ab-" + "c" * 59 + "-d", {"ab-" + "c" * 59 + "-d"}).endswith("c-2")  # no '--'


# ---------------------------------------------------------------- one copy: the agent and the simulation


def test_every_surface_takes_its_defaults_from_the_rule_book() -> None:
    from skillrouter.cli.agent import run_cmd

    assert AgentConfig().rules == EvolutionConfig().rules == LoopRules()
    defaults = {p.name: p.default for p in run_cmd.params}
    assert (defaults["skill_threshold"], defaults["min_steps"], defaults["nudge_interval"]) == (
        rules.SKILL_THRESHOLD,
        rules.MIN_STEPS,
        rules.NUDGE_INTERVAL,
    )
    assert "--skill-threshold" in CliRunner().invoke(run_cmd, ["--help"]).output


def test_every_threshold_a_surface_sets_reaches_the_rule_book() -> None:
    changed = {
        "skill_threshold": 8.0,
        "min_steps": 2,
        "duplicate_threshold": 0.7,
        "offer_threshold": 0.5,
        "max_offers": 2,
        "revise_below": 6.0,
        "outlier_margin": 2.0,
        "retire_floor": 4.0,
        "retire_min_uses": 3,
        "fold_threshold": 0.5,
        "fold_votes": 3,
        "multilingual_duplicate_threshold": 0.9,
        "multilingual_offer_threshold": 0.85,
        "multilingual_fold_threshold": 0.8,
    }
    assert {f.name for f in dataclasses.fields(LoopRules)} == set(changed)  # a new rule joins this test
    assert AgentConfig.of(**changed).rules == EvolutionConfig.of(**changed).rules == LoopRules(**changed)
    assert AgentConfig(rules=LoopRules(**changed)) == AgentConfig.of(**changed)  # the sugar builds the same
    assert EvolutionConfig().replace(**changed).rules == LoopRules(**changed)
    with pytest.raises(ValueError, match="retire_min_uses"):
        AgentConfig.of(retire_min_uses=0)
    with pytest.raises(ValueError, match="unknown setting 'skil_threshold'"):
        EvolutionConfig.of(skil_threshold=8.0)


def test_the_agent_factory_takes_the_rules_or_their_fields(tmp_path: Path) -> None:
    from skillrouter.agent import create_self_improving_agent
    from skillrouter.agent.fakes import ScriptedChatModel

    llm = ScriptedChatModel(responder=lambda call: None)
    with create_self_improving_agent(
        llm, tmp_path / "a", embedder=HashEmbedder(), skill_threshold=8.0, fold_votes=3
    ) as agent:
        assert agent.config.rules == LoopRules(skill_threshold=8.0, revise_below=8.0, fold_votes=3)
    given = LoopRules(min_steps=1)
    with create_self_improving_agent(
        llm, tmp_path / "b", embedder=HashEmbedder(), rules=given, router_threshold=0.5
    ) as agent:
        assert agent.config.rules == given and agent.library.routing.gate == 0.5
    with pytest.raises(TypeError, match="'nudge'"):  # each rule is a keyword of its own
        create_self_improving_agent(llm, tmp_path / "c", embedder=HashEmbedder(), nudge=3)  # type: ignore[call-arg]


def _stream() -> TaskStream:
    """A seeded skill of kind k with a poor hidden quality, and tasks of its kind routed to it."""
    tasks = [Query(f"alpha beta gamma delta task {i}", ("k",)) for i in range(8)]
    return TaskStream(
        tasks=tasks,
        kinds=["k"] * 8,
        probes=[],
        variants=[("k", "alpha beta gamma delta plain", 0.3)],
        steps=[5] * 8,
        noise=[0.0] * 8,
        new_quality=[0.8] * 8,
        fit_draw=[0.5] * 8,
    )


def _both(tmp_path: Path) -> tuple[dict[str, object], dict[str, object]]:
    config = EvolutionConfig(tasks=8, kinds=1, threshold=0.0, every=8, fit_error=0.0, revise_gain=0.0)
    embedder = HashEmbedder()
    sim = simulate(_stream(), config, embedder, "shrunk").summary
    agent = run_agent(_stream(), config, embedder).summary
    return sim, agent


def test_patching_one_rule_changes_the_agent_and_the_simulation_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sim, agent = _both(tmp_path)
    assert sim["revisions"] == agent["revisions"] == 8  # every run scores 3.7 < 7: each revises

    monkeypatch.setattr(rules, "should_revise", lambda score, **kw: False)
    sim, agent = _both(tmp_path)
    assert sim["revisions"] == agent["revisions"] == 0


def test_the_agent_and_the_simulation_live_the_same_life(tmp_path: Path) -> None:
    """One stream with misroutes, fit errors, creations and retirement: the agent's summary is
    the simulation's."""
    words = [["red", "blue", "green", "pink", "gold", "gray"], ["cat", "dog", "cow", "pig", "hen", "elk"]]
    tasks = [
        Query(f"{words[k][i % 6]} {words[k][(i + 1) % 6]} {words[k][(i + 2) % 6]} job {i}", (f"kind-{k}",))
        for i in range(12)
        for k in range(2)
    ]
    stream = TaskStream(
        tasks=tasks,
        kinds=[q.gold[0] for q in tasks],
        probes=tasks[:4],
        variants=[("kind-0", "red blue green job", 0.1), ("kind-0", "red blue green pink", 0.9)],
        steps=[(3 * i) % 8 + 1 for i in range(24)],
        noise=[((7 * i) % 5 - 2) / 2 for i in range(24)],
        new_quality=[0.3 + 0.025 * i for i in range(24)],
        fit_draw=[(i * 0.37) % 1 for i in range(24)],
    )
    config = EvolutionConfig.of(
        tasks=24, kinds=2, threshold=0.45, every=12, fit_error=0.2, retire_min_uses=2, no_skill_mean=7.0
    )
    sim = simulate(stream, config, HashEmbedder(), "shrunk")
    agent = run_agent(stream, config, HashEmbedder())
    s = (
        sim.summary
    )  # the stream exercises the rules: misfits (real and misjudged), creation, merges, revisions
    assert (
        s["misfits_recorded"] > s["misfits_recorded_real"] > 0
        and s["created"]
        and s["merged"]
        and s["revisions"]
    )
    assert agent.summary == sim.summary
    assert [e["skill"] for e in agent.events] == [e["skill"] for e in sim.events]
    assert dataclasses.asdict(agent.checkpoints[-1]) == dataclasses.asdict(sim.checkpoints[-1])


# ---------------------------------------------------------------- the merge offers


def _library(tmp_path: Path) -> SkillLibrary:
    lib = SkillLibrary(Store(tmp_path / "store"), HashEmbedder(), threshold=0.0)
    for name, text in [
        ("csv-to-json", "convert csv rows into json objects"),
        ("csv-to-json-fast", "convert csv rows into json objects quickly"),
        ("csv-cleaner", "clean csv rows with pandas"),
        ("bake-bread", "bake sourdough bread with a levain"),
    ]:
        lib.store.add(Skill.create(name, text))
    return lib


def test_a_draft_is_offered_to_the_skill_judged_a_misfit_then_to_the_nearest_above_the_offer_threshold(
    tmp_path: Path,
) -> None:
    lib = _library(tmp_path)
    draft = Skill.create("csv-to-json-records", "convert csv rows into json objects").summary_text()
    try:
        offered = offers.merge_offers(lib, draft)
        names = [n for n, _ in offered]
        assert names[:2] == ["csv-to-json", "csv-to-json-fast"] and "bake-bread" not in names
        assert all(s >= rules.OFFER_THRESHOLD for _, s in offered) and len(offered) <= rules.MAX_OFFERS
        assert [s for _, s in offered] == sorted((s for _, s in offered), reverse=True)  # nearest first
        misfit = offers.merge_offers(lib, draft, misfit="bake-bread")
        assert [n for n, _ in misfit][:3] == [
            "bake-bread",
            "csv-to-json",
            "csv-to-json-fast",
        ]  # the misfit first
        assert len(offers.merge_offers(lib, draft, LoopRules(max_offers=1))) == 1
        assert offers.merge_offers(lib, draft, LoopRules(offer_threshold=1.0)) == []
        lib.retire("csv-to-json")
        assert "csv-to-json" not in [n for n, _ in offers.merge_offers(lib, draft, misfit="csv-to-json")]
    finally:
        lib.close()


def test_a_merge_into_the_skill_judged_a_misfit_overrules_the_evaluator(tmp_path: Path) -> None:
    lib = _library(tmp_path)
    task = "turn data.csv into JSON"
    try:
        lib.record_misfit("csv-to-json", task)
        offers.accept_merge(lib, "csv-to-json", task, 9.0, misfit="csv-to-json")
        assert lib.misfits("csv-to-json") == [] and lib.track_record("csv-to-json").use_count == 1
        assert lib.store.ledger.examples("csv-to-json") == [("csv-to-json", task)]
        # into another skill: an example only; its record and the misfit skill's stay as they are
        lib.record_misfit("bake-bread", task)
        offers.accept_merge(lib, "csv-to-json-fast", task, 8.0, misfit="bake-bread")
        assert lib.track_record("csv-to-json-fast").use_count == 0
        assert lib.store.ledger.examples("csv-to-json-fast") == [("csv-to-json-fast", task)]
        assert lib.misfits("bake-bread") == [("bake-bread", task)]
    finally:
        lib.close()


def test_the_offer_rules_are_checked() -> None:
    for bad in ({"offer_threshold": 0.0}, {"offer_threshold": 1.5}, {"max_offers": 0}, {"max_offers": True}):
        with pytest.raises(ValueError):
            LoopRules(**bad)  # type: ignore[arg-type]


def test_the_routers_other_plausible_skills_are_offered_after_the_misfit_skill(tmp_path: Path) -> None:
    candidates = [
        {"name": "bake-bread", "relevance": 0.9, "passes_gate": True},
        {"name": "csv-cleaner", "relevance": 0.31, "passes_gate": True},
        {"name": "csv-to-json-fast", "relevance": 0.29, "passes_gate": False},
    ]
    assert rules.route_alternatives(candidates, "bake-bread") == ["csv-cleaner"]
    assert rules.route_alternatives(candidates, None) == ["bake-bread", "csv-cleaner"]
    lib = _library(tmp_path)
    draft = Skill.create("csv-to-json-records", "convert csv rows into json objects").summary_text()
    try:
        offered = [
            n for n, _ in offers.merge_offers(lib, draft, misfit="bake-bread", alternatives=["csv-cleaner"])
        ]
        assert offered == ["bake-bread", "csv-cleaner", "csv-to-json"]  # max_offers 3, each skill once
        assert "gone" not in [
            n for n, _ in offers.merge_offers(lib, draft, alternatives=["gone"])
        ]  # active ones only
    finally:
        lib.close()


# ---------------------------------------------------------------- folding two skills into one


def _folding(tmp_path: Path) -> SkillLibrary:
    lib = _library(tmp_path)
    lib.store.ledger.add_examples(
        [
            ("csv-to-json", "turn orders.csv into json"),
            ("csv-to-json-fast", "turn big.csv into json"),
            ("csv-to-json-fast", "orders csv rows to json objects"),
        ]
    )
    return lib


def test_a_fold_is_offered_for_plausible_skills_whose_documents_lie_near(tmp_path: Path) -> None:
    lib = _folding(tmp_path)
    try:
        lib.sync()
        centroid = lib.index.centroids(["csv-to-json", "csv-to-json-fast", "bake-bread"])
        near = float(centroid["csv-to-json"] @ centroid["csv-to-json-fast"])
        far = float(centroid["csv-to-json"] @ centroid["bake-bread"])
        assert far < rules.FOLD_THRESHOLD <= near
        offered = offers.fold_offers(lib, "csv-to-json", ["bake-bread", "csv-to-json-fast", "csv-to-json"])
        assert offered == [
            ("csv-to-json-fast", pytest.approx(near, abs=1e-5))
        ]  # only the near one; never itself
        assert offers.fold_offers(lib, "csv-to-json", []) == []  # nothing else was plausible for the task
        assert (
            offers.fold_offers(lib, "csv-to-json", ["csv-to-json-fast"], LoopRules(fold_threshold=1.01)) == []
        )
        assert not offers.vote_fold(lib, "csv-to-json", "csv-to-json-fast", True)  # one yes: not yet
        assert (
            offers.fold_offers(lib, "csv-to-json", ["csv-to-json-fast"]) == offered
        )  # asked again, another task
        assert not offers.vote_fold(lib, "csv-to-json-fast", "csv-to-json", False)  # one no: two skills
        assert offers.fold_offers(lib, "csv-to-json", ["csv-to-json-fast"]) == []  # for good
        assert not offers.vote_fold(
            lib, "csv-to-json", "csv-to-json-fast", True
        )  # a later yes changes nothing
        assert lib.judged_pairs("csv-to-json")[0] | {"judged_at": None} == {
            "a": "csv-to-json",
            "b": "csv-to-json-fast",
            "votes": 1,
            "same": False,
            "folded_into": None,
            "judged_at": None,
        }
        assert not offers.vote_fold(lib, "bake-bread", "csv-cleaner", True)
        assert offers.vote_fold(lib, "csv-cleaner", "bake-bread", True)  # the second yes: fold now
        assert not offers.vote_fold(lib, "csv-cleaner", "bake-bread", True, LoopRules(fold_votes=4))  # 3 of 4
        assert offers.vote_fold(lib, "csv-cleaner", "bake-bread", True, LoopRules(fold_votes=4))
        lib.retire("csv-cleaner")
        assert offers.fold_offers(lib, "csv-to-json", ["csv-cleaner"], LoopRules(fold_threshold=-1.0)) == []
        assert offers.fold_offers(lib, "csv-cleaner", ["csv-to-json"], LoopRules(fold_threshold=-1.0)) == []
    finally:
        lib.close()


def test_the_worse_record_is_folded_away_but_never_a_skill_the_user_vouched_for(tmp_path: Path) -> None:
    lib = _folding(tmp_path)
    try:
        assert offers.fold_pair(lib, "csv-to-json-fast", "csv-to-json") == (
            "csv-to-json",
            "csv-to-json-fast",
        )  # tie
        for score in (9.0, 9.0):
            lib.record_outcome("csv-to-json-fast", score)
        lib.record_outcome("csv-to-json", 5.0)
        assert offers.fold_pair(lib, "csv-to-json", "csv-to-json-fast") == ("csv-to-json-fast", "csv-to-json")
        lib.store.set_status("csv-to-json", "active", trust_level="trusted")
        assert offers.fold_pair(lib, "csv-to-json", "csv-to-json-fast") == ("csv-to-json", "csv-to-json-fast")
        lib.store.set_status("csv-to-json-fast", "active", trust_level="builtin")
        assert offers.fold_pair(lib, "csv-to-json", "csv-to-json-fast") is None
        assert offers.fold_offers(lib, "csv-to-json", ["csv-to-json-fast"]) == []  # neither may go
    finally:
        lib.close()


def test_a_fold_gives_the_kept_skill_the_examples_retires_the_other_and_is_remembered(tmp_path: Path) -> None:
    lib = _folding(tmp_path)
    try:
        lib.record_misfit("csv-to-json", "turn big.csv into json")  # the fold says otherwise: withdrawn
        offers.accept_fold(lib, "csv-to-json", "csv-to-json-fast")
        assert sorted(t for _, t in lib.store.ledger.examples("csv-to-json")) == [
            "orders csv rows to json objects",
            "turn big.csv into json",
            "turn orders.csv into json",
        ]
        assert lib.misfits("csv-to-json") == []
        assert lib.get("csv-to-json-fast").status == "retired" and lib.get("csv-to-json").status == "active"
        assert [(p["votes"], p["same"], p["folded_into"]) for p in lib.judged_pairs()] == [
            (0, True, "csv-to-json")
        ]
        assert "csv-to-json-fast" not in [
            c.name for c in lib.route("orders csv rows to json objects").candidates
        ]
        offers.accept_fold(
            lib, "csv-to-json", "csv-to-json-fast"
        )  # again (a crash cut it short): nothing more
        assert len(lib.store.ledger.examples("csv-to-json")) == 3 and len(lib.judged_pairs()) == 1
        lib.trust("csv-to-json-fast")  # a second chance, its own examples with it
        assert len(lib.store.ledger.examples("csv-to-json-fast")) == 2
        with pytest.raises(SkillRouterError, match="itself"):
            lib.fold("csv-to-json", into="csv-to-json")
        lib.retire("bake-bread")
        with pytest.raises(SkillRouterError, match="retired, not active"):
            lib.fold("csv-cleaner", into="bake-bread")
        with pytest.raises(SkillNotFoundError):
            lib.fold("no-such-skill", into="csv-to-json")
        lib.store.ledger.forget(["csv-to-json-fast"])
        assert lib.judged_pairs() == []  # a skill gone takes its verdicts along
    finally:
        lib.close()


def test_fold_settings_are_checked() -> None:
    for bad in (-1.5, 1.5, float("nan")):
        with pytest.raises(ValueError, match="fold_threshold"):
            LoopRules(fold_threshold=bad)
    for votes in (0, True, 1.5):
        with pytest.raises(ValueError, match="fold_votes"):
            LoopRules(fold_votes=votes)  # type: ignore[arg-type]


def _twins() -> TaskStream:
    """Two seeded skills of one kind, worded alike, and good tasks of their kind."""
    tasks = [Query(f"red blue green job number {i}", ("k",)) for i in range(6)]
    return TaskStream(
        tasks=tasks,
        kinds=["k"] * 6,
        probes=tasks[:2],
        variants=[("k", "red blue green job", 0.9), ("k", "red blue green pink job", 0.6)],
        steps=[5] * 6,
        noise=[0.0] * 6,
        new_quality=[0.8] * 6,
        fit_draw=[0.5] * 6,
    )


def test_a_fold_happens_alike_in_the_agent_and_the_simulation_and_patching_the_rule_stops_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    config = EvolutionConfig(tasks=6, kinds=1, threshold=0.3, every=6, fit_error=0.0)
    sim = simulate(_twins(), config, HashEmbedder(), "shrunk")
    agent = run_agent(_twins(), config, HashEmbedder())
    assert sim.summary["folded"] == 1 and sim.summary["folded_other_kind"] == 0
    assert agent.summary == sim.summary and sim.summary["final_library_size"] == 1
    assert [e.get("folded") for e in agent.events] == [e.get("folded") for e in sim.events]

    monkeypatch.setattr(offers, "fold_offers", lambda *args, **kwargs: [])
    sim = simulate(_twins(), config, HashEmbedder(), "shrunk")
    agent = run_agent(_twins(), config, HashEmbedder())
    assert sim.summary["folded"] == agent.summary["folded"] == 0 and agent.summary == sim.summary
