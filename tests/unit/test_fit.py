"""The library fit's pure parts: pseudo-tasks, the held-out evidence, the choice, its JSON."""

from __future__ import annotations

import numpy as np
import pytest
from skillrouter.embeddings import HashEmbedder
from skillrouter.embeddings.base import embed_queries
from skillrouter.embeddings.script import has_cjk

from skillrouter.routing.fit import (
    DEFAULT_RANKINGS,
    FORMS,
    KEYWORD_WEIGHTS,
    EngineFit,
    LibraryFit,
    PseudoTask,
    Ranking,
    SkillText,
    choose,
    description_parts,
    fit_engine,
    gather,
    pseudo_tasks,
    replay,
    sampled,
    self_checks,
    when_to_use,
)
from skillrouter.routing.fitted import check_pin, due

BODY = """# Convert PDFs

## When to Use
- The user asks to turn a scanned PDF into Markdown
- 用户想把扫描的PDF转成文字
- **OCR** a [receipt](https://example.com) photo into text
- ok

## Do not use this skill when
- the user wants to edit a Word document by hand

## 使用场景
1. 把会议录音整理成纪要

## Steps
- open the file
"""


def test_when_to_use_reads_the_items_under_when_to_use_headings_in_any_language() -> None:
    assert when_to_use(BODY) == [
        "The user asks to turn a scanned PDF into Markdown",
        "用户想把扫描的PDF转成文字",
        "OCR a receipt photo into text",
        "把会议录音整理成纪要",
    ]  # "ok" says too little; "do not use" and "Steps" are not when to use it


def test_description_parts_need_two_sentences_or_a_service_and_an_intent() -> None:
    assert description_parts(
        "Extract text from PDFs. Use when the user asks for OCR of a scanned receipt."
    ) == [
        "Extract text from PDFs",
        "OCR of a scanned receipt",  # "Use when the user asks for" is how skills talk, not users
    ]
    assert description_parts("Book bus journeys across the country: Buy tickets for a bus journey.") == [
        "Book bus journeys across the country",
        "Buy tickets for a bus journey",
    ]
    assert description_parts("Extract text from PDFs and scans with OCR.") == []


def skills() -> list[SkillText]:
    return [
        SkillText(
            "pdf-ocr", "Extract text from PDFs. Turn scans into Markdown.", BODY, lexical="pdf ocr " + BODY
        ),
        SkillText("bus-tickets", "Find buses: Buy tickets for a bus journey.", lexical="bus tickets"),
        SkillText("weather", "Forecasts for a city.", triggers=("will it rain in Lisbon tomorrow",)),
    ]


def test_pseudo_tasks_are_capped_per_skill_and_in_all_and_always_the_same() -> None:
    tasks = pseudo_tasks(skills())
    assert tasks == pseudo_tasks(skills())
    by_skill = [sum(t.skill == i for t in tasks) for i in range(3)]
    # two at most; "Find buses" says too little, and the weather skill has one trigger and one sentence
    assert by_skill == [2, 1, 1]
    assert {t.source for t in tasks if t.skill == 2} == {"trigger"}
    assert len(pseudo_tasks(skills(), most=3)) == 3


def test_the_tasks_own_text_is_held_out_of_its_skill() -> None:
    s = [SkillText("a", "Alpha beta gamma. Delta epsilon zeta."), SkillText("b", "Something else entirely.")]
    task = PseudoTask(0, "Delta epsilon zeta", "description")
    evidence = gather(s, [task], HashEmbedder(dimension=64))
    embedder = HashEmbedder(dimension=64)
    query = embed_queries(embedder, ["Delta epsilon zeta"])[0]
    whole = embedder.embed_documents(["Alpha beta gamma. Delta epsilon zeta."])[0]
    held = embedder.embed_documents(["Alpha beta gamma.  ."])[0]
    assert evidence.dense["description"][0, 0] == pytest.approx(float(query @ held), abs=1e-5)
    assert evidence.dense["description"][0, 0] != pytest.approx(float(query @ whole), abs=1e-5)
    assert evidence.bm25[0, 0] == 0.0  # none of its words are left in its own text


def test_replay_and_self_checks_cover_every_candidate_ranking() -> None:
    s = skills()
    tasks = pseudo_tasks(s)
    evidence = gather(s, tasks, HashEmbedder(dimension=64))
    checks = self_checks(evidence)
    assert set(checks) == {Ranking(f, w) for f in FORMS for w in KEYWORD_WEIGHTS}
    assert all(0.0 <= v <= 1.0 for v in checks.values())
    assert replay(evidence, Ranking("description", 0.0)).shape == (len(tasks),)


def test_choose_takes_the_keyword_bias_off_and_prefers_the_default_on_ties() -> None:
    default = Ranking("description", 0.3)
    checks = {Ranking(f, w): 0.5 for f in FORMS for w in KEYWORD_WEIGHTS}
    assert choose(checks, default) == Ranking("description", 0.0)  # equal self-checks: the cheapest
    checks[Ranking("description", 0.45)] = 0.54  # +0.04 for 0.45 of keywords: under its cost (0.045)
    assert choose(checks, default) == Ranking("description", 0.0)
    checks[Ranking("description", 0.45)] = 0.6
    assert choose(checks, default) == Ranking("description", 0.45)
    checks[Ranking("name: description", 0.0)] = 0.58  # +0.08 over description at 0, less the form's cost
    assert choose(checks, default) == Ranking("description", 0.45)
    checks[Ranking("name: description", 0.0)] = 0.62
    assert choose(checks, default) == Ranking("name: description", 0.0)
    assert choose(checks, default, keyword_cost=0.0, form_cost=1.0) == Ranking("description", 0.45)


def test_an_engine_with_too_few_pseudo_tasks_keeps_its_default_and_embeds_nothing() -> None:
    class Refuses(HashEmbedder):
        def embed_documents(self, texts):  # type: ignore[no-untyped-def, override]
            raise AssertionError("nothing should be embedded")

    fitted = fit_engine("default", skills(), Refuses(dimension=8))
    assert fitted.ranking == DEFAULT_RANKINGS["default"] and fitted.source == "default"
    assert "fewer than" in fitted.why and fitted.tasks == 4
    chinese = fit_engine("multilingual", skills(), Refuses(dimension=8))  # only its CJK tasks count
    cjk = [t for t in pseudo_tasks(skills()) if has_cjk(t.text)]
    assert chinese.tasks == len(cjk) < fitted.tasks and chinese.ranking == DEFAULT_RANKINGS["multilingual"]


def test_a_fitted_engine_says_what_it_chose_from() -> None:
    many = [
        SkillText(f"skill-{i}", f"Does thing number {i} well. Handles request kind {i} for people.")
        for i in range(30)
    ]
    fitted = fit_engine("default", many, HashEmbedder(dimension=128), min_tasks=10)
    assert fitted.source == "fitted" and fitted.tasks == 60
    assert set(fitted.self_check) == {Ranking(f, w).label for f in FORMS for w in KEYWORD_WEIGHTS}
    assert fitted.self_check[fitted.ranking.label] >= 0.0 and "plain dense" in fitted.why


def test_a_library_fit_round_trips_through_json_and_takes_pins() -> None:
    fit = LibraryFit(
        {
            "default": EngineFit(
                "default", Ranking("name: description", 0.0), "fitted", "why", 40, {"description": 40}
            ),
            "multilingual": EngineFit("multilingual", Ranking("description", 0.1), "default", "few"),
        },
        12,
        "abc",
        {"default": "m"},
        "2026-12-06T00:00:00+00:00",
        1.5,
    )
    assert LibraryFit.from_json(fit.to_json()) == fit
    pinned = fit.pinned({"default": {"keyword_weight": 0.2}, "multilingual": {"form": "name: description"}})
    assert pinned.ranking("default") == Ranking("name: description", 0.2)
    assert (
        pinned.engines["default"].source == "pinned" and "keyword_weight=0.2" in pinned.engines["default"].why
    )
    assert pinned.ranking("multilingual") == Ranking("name: description", 0.1)
    with pytest.raises(ValueError, match="version"):
        LibraryFit.from_json('{"version": 99}')


def test_pins_are_checked_one_line_each() -> None:
    assert check_pin("default", "keyword_weight", "0.25") == 0.25
    assert check_pin("multilingual", "form", "name: description") == "name: description"
    for engine, key, value, said in [
        ("default", "keyword_weight", "lots", "keyword_weight must be a number"),
        ("default", "keyword_weight", "-1", "from 0 to 2"),
        ("default", "form", "body", "form must be one of"),
        ("default", "threshold", "1", "unknown pin 'threshold'"),
        ("french", "form", "description", "unknown engine 'french'"),
    ]:
        with pytest.raises(ValueError, match=said):
            check_pin(engine, key, value)


def test_a_refit_is_due_on_a_bulk_change_or_a_tenth_more_skills() -> None:
    fit = LibraryFit({}, 100, "print", {"default": "m"}, "now")
    models = {"default": "m"}
    assert due(None, 5, models, bulk=False, fingerprint=None)
    assert not due(None, 0, models, bulk=False, fingerprint=None)  # an empty store has nothing to fit
    assert due(fit, 100, {"default": "other"}, bulk=False, fingerprint=None)
    assert not due(fit, 109, models, bulk=False, fingerprint=None)
    assert due(fit, 110, models, bulk=False, fingerprint=None)
    assert not due(fit, 100, models, bulk=True, fingerprint="print")
    assert due(fit, 100, models, bulk=True, fingerprint="changed")


def test_replay_uses_the_keyword_pool_only_with_keywords() -> None:
    from skillrouter.routing.fit import Evidence

    dense = np.array([[0.9, 0.1, 0.5]] + [[0.0] * 3])
    bm25 = np.array([[0.0, 5.0, 0.0], [0.0, 0.0, 0.0]])
    evidence = Evidence(np.array([1, 0]), {"description": dense, "name: description": dense}, bm25)
    assert replay(evidence, Ranking("description", 0.0)).tolist()[0] == 0
    assert replay(evidence, Ranking("description", 1.0)).tolist()[0] == 1  # 0.1 + 1.0 > 0.9


def test_recorded_examples_come_first_and_misfits_count_against_their_skill() -> None:
    s = [
        SkillText(
            "pdf-ocr",
            "Extract text from PDFs. Turn scans into Markdown.",
            BODY,
            examples=("get the text out of this scanned invoice",),
            misfits=("translate this PDF into French",),
        ),
        SkillText("translate", "Translate documents between languages."),
    ]
    tasks = pseudo_tasks(s)
    own = [t for t in tasks if t.skill == 0]
    assert own[0] == PseudoTask(0, "get the text out of this scanned invoice", "example")
    assert PseudoTask(0, "translate this PDF into French", "misfit") in own
    assert len([t for t in own if t.source != "misfit"]) == 2  # the example and one of the skill's own
    evidence = gather(s, tasks, HashEmbedder(dimension=64))
    assert evidence.misfit.tolist() == [t.source == "misfit" for t in tasks]
    at = next(i for i, t in enumerate(tasks) if t.source == "misfit")
    picks = np.zeros(len(tasks), dtype=int)  # every task sent to pdf-ocr
    right = evidence.right(picks)
    assert not right[at]  # the misfit went back to the skill it did not fit
    picks[at] = 1
    assert evidence.right(picks)[at]  # anywhere else is right for a misfit


def test_a_registry_is_fitted_among_every_task_owner_and_a_fixed_sample_of_the_rest() -> None:
    skills = [
        SkillText(f"skill-{i:04d}", f"Does job number {i}. Use when you need job {i}.") for i in range(300)
    ]
    tasks = [t for t in pseudo_tasks(skills) if t.skill % 7 == 0]
    same, same_tasks = sampled(skills, tasks, most=300)
    assert same == skills and same_tasks == tasks  # a library within the bound: read whole
    read, renumbered = sampled(skills, tasks, most=100)
    assert len(read) == 100
    assert [read[t.skill].name for t in renumbered] == [skills[t.skill].name for t in tasks]
    assert {skills[t.skill].name for t in tasks} <= {s.name for s in read}
    assert sampled(skills, tasks, most=100)[0] == read  # the same sample every time
    fit = fit_engine("default", skills, HashEmbedder(), min_tasks=1)
    assert "routed among" not in fit.why  # 300 skills: under FIT_LIBRARY
