"""ExactIndex and route(exact=True): the one-shot route over the embedding cache answers what the
library's route over Chroma answers (HashEmbedder and real embedded Chroma; the real model is
compared in tests/integration/test_core_onnx.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import Skill, SkillLibrary, Store
from skillrouter.routing.exact import ExactIndex

SKILLS = [
    Skill.create(
        "fix-flaky-test", "Find why a test fails sometimes and make it pass every run.", tags=["ci"]
    ),
    Skill.create("bake-bread", "Bake a sourdough loaf at home with a crispy crust.", task_type="cooking"),
    Skill.create("write-cover-letter", "Write a cover letter for a job application.", task_type="writing"),
    Skill.create("review-pull-request", "Review a Python pull request before it is merged.", tags=["code"]),
    Skill.create("tune-postgres", "Tune a slow PostgreSQL query with indexes and EXPLAIN."),
    Skill.create("retired-one", "Find why a test fails sometimes, the old way."),
]
TASKS = [
    "the login test fails one run in ten",
    "bake bread with a crispy crust",
    "apply for a job",
    "review my pull request",
    "my SQL query is slow",
    "what is the capital of Peru",
    "test fails sometimes",
]


class Fixed:
    """Documents get the vectors given by hand; counts what it embeds."""

    model_id = "fixed"
    dimension = 2

    def __init__(self, vectors: dict[str, list[float]]) -> None:
        self.vectors = vectors
        self.embedded: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded += texts
        return np.array([self.vectors[t] for t in texts], dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return np.array([1.0, 0.0], dtype=np.float32)


def test_nearest_first_ties_by_id_at_most_n() -> None:
    docs = {
        "b": ("b", "skill", "B"),
        "a": ("a", "skill", "A"),
        "c": ("c", "skill", "C"),
        "c::ex::1": ("c", "example", "C1"),
    }
    emb = Fixed({"A": [0.6, 0.8], "B": [0.6, -0.8], "C": [1.0, 0.0], "C1": [0.0, 1.0]})
    index = ExactIndex(docs, emb)
    assert sorted(emb.embedded) == ["A", "B", "C", "C1"] and index.count() == 4
    query = np.array([[1.0, 0.0]], dtype=np.float32)
    assert [(h.id, h.skill, h.kind, h.similarity) for h in index.query(query, 3)[0]] == [
        ("c", "c", "skill", 1.0),
        ("a", "a", "skill", 0.6),
        ("b", "b", "skill", 0.6),
    ]
    # the cut falls between two tied documents: the one with the smaller id stays
    assert [h.id for h in index.query(query, 2)[0]] == ["c", "a"]
    assert [h.id for h in index.query(query, 10)[0]] == ["c", "a", "b", "c::ex::1"]
    assert ExactIndex({}, emb).query(query, 5) == [[]]
    assert index.query(np.zeros((0, 2), dtype=np.float32), 5) == []


@pytest.fixture
def lib(tmp_path: Path) -> SkillLibrary:
    store = Store(tmp_path / "store")
    lib = SkillLibrary(store, CachedEmbedder(HashEmbedder(), EmbeddingCache(tmp_path / "cache.db")))
    for skill in SKILLS:
        lib.add(skill)
    lib.store.set_status("retired-one", "retired")
    lib.record_outcome("bake-bread", 9, task="make a loaf of sourdough")
    lib.record_outcome("fix-flaky-test", 3)
    lib.sync()
    return lib


def test_exact_route_answers_what_the_library_answers(lib: SkillLibrary) -> None:
    for task in TASKS:
        for kwargs in ({}, {"k": 2}, {"task_type": "cooking"}, {"tags": ["ci", "code"]}):
            assert lib.route(task, exact=True, **kwargs) == lib.route(task, **kwargs), (task, kwargs)  # type: ignore[arg-type]
    lib.configure(threshold=0.0)
    assert lib.route(TASKS[0], exact=True) == lib.route(TASKS[0])


def test_exact_route_reads_the_store_not_chroma(lib: SkillLibrary) -> None:
    # a skill written by hand into the store's folder counts at once, and its vector goes to the cache
    folder = lib.store.path / "skills" / "knit-scarf"
    folder.mkdir()
    (folder / "SKILL.md").write_text(
        "---\nname: knit-scarf\ndescription: Knit a wool scarf for a beginner.\n---\n"
    )
    before, indexed = lib.embedder.cache.count(), lib.index.count()  # type: ignore[attr-defined]
    assert lib.route("knit a wool scarf", exact=True).matched.name == "knit-scarf"  # type: ignore[union-attr]
    assert lib.embedder.cache.count() == before + 2  # type: ignore[attr-defined]  # the new skill and the query
    assert lib.index.count() == indexed  # Chroma untouched: the next sync brings it up to date
    assert lib.route("knit a wool scarf") == lib.route("knit a wool scarf", exact=True)
