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
from skillrouter.routing.snapshot import DOCUMENTS

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


# ---------------------------------------------------------------- the one-shot snapshot


def one_shot(path: Path, **kwargs: object) -> SkillLibrary:
    embedder = CachedEmbedder(HashEmbedder(), EmbeddingCache(path / "cache" / "embeddings.db"))
    return SkillLibrary(Store(path, **kwargs), embedder, one_shot=True)  # type: ignore[arg-type]


def snapshots(path: Path) -> list[str]:
    return sorted(p.name for p in (path / "cache" / "oneshot").glob("*"))


def test_a_one_shot_route_from_the_snapshot_answers_what_a_fresh_build_answers(
    lib: SkillLibrary, tmp_path: Path
) -> None:
    """The first one-shot process builds its indexes and writes the snapshot; the next reads it
    (nothing embedded, no token counts loaded) and answers exactly the same, examples and
    misfits included; a change of the library moves the generation and the snapshot with it."""
    path = lib.store.path
    lib.record_outcome("bake-bread", 9.0, task="a loaf with an open crumb")
    lib.record_misfit("fix-flaky-test", "the test suite is too slow")
    lib.close()
    with one_shot(path) as first:
        built = [first.route(t, **kw) for t in TASKS for kw in ({}, {"k": 2}, {"tags": ["ci"]})]  # type: ignore[arg-type]
    written = snapshots(path)
    assert len(written) == 2  # the vectors (.npy) and the rest (.npz) of one generation
    with one_shot(path) as second:
        second.lexical.sync = None  # type: ignore[assignment,method-assign]  # must not be needed
        second.embedder.embed_documents = None  # type: ignore[method-assign]
        again = [second.route(t, **kw) for t in TASKS for kw in ({}, {"k": 2}, {"tags": ["ci"]})]  # type: ignore[arg-type]
        assert again == built
        assert second.lexical._adopted
    with one_shot(path) as third:
        third.add(Skill.create("knit-scarf", "Knit a wool scarf for a beginner."))
        assert third.route("knit a wool scarf").matched.name == "knit-scarf"  # type: ignore[union-attr]
    assert snapshots(path) != written and len(snapshots(path)) == 2  # the old generation removed


def test_a_damaged_snapshot_is_ignored_and_written_again(lib: SkillLibrary) -> None:
    path = lib.store.path
    lib.close()
    with one_shot(path) as first:
        expected = first.route(TASKS[0])
    for name in snapshots(path):
        (path / "cache" / "oneshot" / name).write_bytes(b"not numpy")
    with one_shot(path) as second:
        assert second.route(TASKS[0]) == expected
        assert not second.lexical._adopted
    with one_shot(path) as third:
        assert third.route(TASKS[0]) == expected and third.lexical._adopted  # rewritten whole


def test_a_read_only_store_writes_no_snapshot(lib: SkillLibrary) -> None:
    path = lib.store.path
    lib.close()
    with one_shot(path, read_only=True) as reader:
        assert reader.route(TASKS[1]).matched.name == "bake-bread"  # type: ignore[union-attr]
    assert snapshots(path) == []


def test_a_snapshot_of_an_older_documents_version_is_not_read_and_goes_with_the_next_write(
    lib: SkillLibrary,
) -> None:
    """A store upgraded from a version whose documents differed (before a description's own part
    was a document) holds a snapshot of its current generation under the old name: the route must
    build its indexes as documents() says now, not read it."""
    path = lib.store.path
    lib.close()
    with one_shot(path) as first:
        expected = first.route(TASKS[0])
    folder = path / "cache" / "oneshot"
    for name in snapshots(path):  # the same files as version 1 named them: <tag>-<generation>
        (folder / name).rename(folder / name.replace(f"-v{DOCUMENTS}-", "-"))
    old = snapshots(path)
    assert len(old) == 2 and not any(f"-v{DOCUMENTS}-" in n for n in old)
    with one_shot(path) as second:
        assert second.route(TASKS[0]) == expected
        assert not second.lexical._adopted  # built, not read
    assert len(snapshots(path)) == 2 and all(f"-v{DOCUMENTS}-" in n for n in snapshots(path))
