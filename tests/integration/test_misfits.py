"""Misfits (negative examples) and second chances, through the facade, the ledger and real
embedded Chroma. Plumbing and the routing rule: HashEmbedder (words shared = similar)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import Provenance, Skill, SkillLibrary, SkillNotFoundError, Store
from skillrouter.routing.documents import misfit_id
from skillrouter.routing.scoring import MISFIT_WEIGHT


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[SkillLibrary]:
    path = tmp_path / "store"
    library = SkillLibrary(
        Store(path), CachedEmbedder(HashEmbedder(), EmbeddingCache(path / "cache" / "embeddings.db"))
    )
    library.add(Skill.create("convert-csv-to-json", "convert csv rows into json records"))
    library.add(Skill.create("convert-json-to-csv", "write json records out as csv rows"))
    yield library
    library.close()


def test_a_misfit_is_kept_apart_from_the_skills_record_and_examples(lib: SkillLibrary) -> None:
    task = "convert the json records in orders into csv rows"
    lib.record_outcome("convert-csv-to-json", 9, task=task)  # first judged a fit ...
    assert lib.store.ledger.examples("convert-csv-to-json") == [("convert-csv-to-json", task)]
    assert lib.record_misfit("convert-csv-to-json", task) == 1  # ... then a misfit: the latest verdict wins
    assert lib.store.ledger.examples("convert-csv-to-json") == [] and lib.misfits() == [
        ("convert-csv-to-json", task)
    ]
    assert lib.get("convert-csv-to-json").use_count == 1  # the misfit itself counts no use
    lib.record_outcome("convert-csv-to-json", 9, task=task)  # and back
    assert lib.misfits() == [] and lib.store.ledger.examples("convert-csv-to-json") == [
        ("convert-csv-to-json", task)
    ]
    with pytest.raises(SkillNotFoundError):
        lib.record_misfit("no-such-skill", task)


def test_only_the_newest_misfits_are_kept(lib: SkillLibrary) -> None:
    lib.max_examples = 3
    for i in range(5):
        lib.record_misfit("convert-csv-to-json", f"task number {i}")
    assert [t for _, t in lib.misfits("convert-csv-to-json")] == [
        "task number 2",
        "task number 3",
        "task number 4",
    ]


def test_misfits_live_in_their_own_collection_and_never_in_the_keyword_index(lib: SkillLibrary) -> None:
    lib.sync()
    assert lib.index._misfit_collection(create=False) is None  # made only when a misfit arrives
    assert lib.index.query_misfits(lib.embedder.embed_documents(["x"]), 5) == [[]]
    task = "convert the json records in orders into csv rows"
    lib.record_misfit("convert-csv-to-json", task)
    report = lib.sync()
    assert report.embedded == 1 and lib.index.count() == 3
    assert misfit_id("convert-csv-to-json", task) in lib.index.hashes()
    assert misfit_id("convert-csv-to-json", task) not in lib.lexical_documents()
    vector = lib.embedder.embed_documents([task])
    assert [h.kind for h in lib.index.query(vector, 10)[0]] == ["skill", "skill"]
    (hit,) = lib.index.query_misfits(vector, 10)[0]
    assert (hit.skill, hit.kind, hit.similarity) == (
        "convert-csv-to-json",
        "misfit",
        pytest.approx(1.0, abs=1e-5),
    )
    lib.reindex()
    assert lib.index.count() == 3 and lib.index.misfit_count() == 1
    lib.delete("convert-csv-to-json")
    assert lib.misfits() == [] and lib.index.misfit_count() == 0


def test_a_task_nearer_a_skills_misfit_than_its_texts_is_routed_elsewhere(lib: SkillLibrary) -> None:
    lib.add(Skill.create("sales-report", "summarise monthly sales figures in a report"))
    lib.add(Skill.create("sales-chart", "draw a chart of sales figures"))
    task = "draw the monthly sales figures as a report chart"
    before = lib.route(task)
    assert before.matched is not None and before.matched.name == "sales-chart"
    lib.record_misfit("sales-chart", task)  # the evaluator said: not a chart job
    after = lib.route(task)
    assert after.matched is not None and after.matched.name == "sales-report"
    demoted = next(c for c in after.candidates if c.name == "sales-chart")
    assert (demoted.similarity, demoted.misfit) == (
        before.candidates[0].similarity,
        pytest.approx(1.0, abs=1e-5),
    )
    assert demoted.relevance == pytest.approx(
        before.candidates[0].relevance - MISFIT_WEIGHT * (1.0 - demoted.similarity), abs=1e-4
    )
    # a task nearer the skill's own text than its misfit is untouched
    assert lib.route("draw a chart of sales figures").matched.name == "sales-chart"  # type: ignore[union-attr]
    with SkillLibrary(lib.store, lib.embedder, misfit_weight=0) as blind:
        assert blind.route(task).matched.name == "sales-chart"  # type: ignore[union-attr]


def test_restoring_or_trusting_a_retired_skill_starts_its_record_anew(lib: SkillLibrary) -> None:
    for score in (2, 3, 2):
        lib.record_outcome("convert-csv-to-json", score)
    lib.retire("convert-csv-to-json")
    restored = lib.restore("convert-csv-to-json", 1)
    assert restored.status == "active" and (restored.use_count, restored.avg_score) == (0, None)
    (earlier,) = lib.earlier_records("convert-csv-to-json")
    assert (earlier["use_count"], earlier["avg_score"]) == (3, pytest.approx(7 / 3))
    assert earlier["reason"] == "restored to version 1 after retirement"

    lib.record_outcome("convert-csv-to-json", 4)
    lib.retire("convert-csv-to-json")
    trusted = lib.trust("convert-csv-to-json")
    assert trusted.status == "active" and trusted.use_count == 0
    assert [r["use_count"] for r in lib.earlier_records("convert-csv-to-json")] == [3, 1]


def test_releasing_a_quarantine_or_restoring_an_active_skill_keeps_its_record(lib: SkillLibrary) -> None:
    lib.store.add(
        Skill.create("imported", "an imported skill with a record"),
        provenance=Provenance(
            findings=({"rule": "curl-pipe-shell", "line": 1},), use_count=10, avg_score=8.0
        ),
    )
    assert lib.get("imported").status == "quarantined"
    assert (lib.trust("imported").use_count, lib.earlier_records("imported")) == (10, [])
    lib.record_outcome("convert-json-to-csv", 9)
    assert lib.restore("convert-json-to-csv", 1).use_count == 1
