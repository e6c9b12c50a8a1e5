"""The index over real embedded Chroma: sync by content hash, reindex, doctor, the writer lock.

These tests are about plumbing, so they embed with HashEmbedder; meaning is tested with the
real model in test_core_router.py and test_core_hermes.py.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, HashEmbedder

from skillrouter import Route, Skill, SkillIndex, SkillLibrary, Store, StoreLockedError
from skillrouter.routing.documents import example_id
from skillrouter.routing.index import collection_name


def name_of(route: Route) -> str | None:
    """The name of the skill a route matched, or None."""
    return route.matched.name if route.matched else None


def docs(**texts: str) -> dict[str, tuple[str, str, str]]:
    return {name.replace("_", "-"): (name.replace("_", "-"), "skill", text) for name, text in texts.items()}


@pytest.fixture
def index(tmp_path: Path) -> Iterator[SkillIndex]:
    idx = SkillIndex(tmp_path / "store", HashEmbedder(), scope="unit")
    yield idx
    idx.close()


def test_sync_embeds_only_what_changed_and_deletes_what_is_gone(index: SkillIndex) -> None:
    emb: HashEmbedder = index.embedder  # type: ignore[assignment]
    first = index.sync(docs(alpha="fix flaky tests", beta="bake bread", gamma="write letters"))
    assert (first.embedded, first.deleted, first.unchanged) == (3, 0, 0) and emb.calls == 3
    assert index.count() == 3 and set(index.hashes()) == {"alpha", "beta", "gamma"}

    again = index.sync(docs(alpha="fix flaky tests", beta="bake bread", gamma="write letters"))
    assert (again.embedded, again.deleted, again.unchanged) == (0, 0, 3) and emb.calls == 3

    changed = index.sync(docs(alpha="fix flaky tests", beta="bake rye bread", delta="new one"))
    assert changed.ids_embedded == ["beta", "delta"] and changed.deleted == 1 and changed.unchanged == 1
    assert emb.calls == 5 and index.count() == 3 and set(index.hashes()) == {"alpha", "beta", "delta"}
    hit = index.query(emb.embed_documents(["bake rye bread"]), 1)[0][0]
    assert (hit.id, hit.skill, hit.kind, hit.similarity) == (
        "beta",
        "beta",
        "skill",
        pytest.approx(1.0, abs=1e-5),
    )


def test_dry_run_reports_without_writing(index: SkillIndex) -> None:
    index.sync(docs(alpha="one"))
    plan = index.sync(docs(alpha="changed", beta="two"), dry_run=True)
    assert (plan.embedded, plan.deleted) == (2, 0)
    assert index.count() == 1 and index.embedder.calls == 1  # type: ignore[attr-defined]


def test_queries_are_exact_and_deterministic(index: SkillIndex) -> None:
    index.sync(
        {
            "b-twin": ("b-twin", "skill", "same words"),
            "a-twin": ("a-twin", "skill", "same words"),
            "other": ("other", "skill", "different entirely"),
            example_id("other", "same words here"): ("other", "example", "same words here"),
        }
    )
    query = index.embedder.embed_documents(["same words"])
    first = index.query(query, 10)[0]
    assert [h.id for h in first[:2]] == ["a-twin", "b-twin"]  # a tie goes to the smaller id
    assert first[0].similarity == first[1].similarity == pytest.approx(1.0, abs=1e-5)
    assert {h.kind for h in first} == {"skill", "example"}
    assert index.query(query, 10) == [first]
    assert len(index.query(np.vstack([query, query]), 2)) == 2 and len(index.query(query, 2)[0]) == 2
    assert index.query(query[:0], 5) == []


def test_a_query_finds_the_exact_nearest_documents_among_many(index: SkillIndex) -> None:
    """The search is exact at any size (Chroma's graph missed true neighbours at 4,800 skills)."""
    rng = np.random.default_rng(0)
    words = [f"w{i}" for i in range(300)]
    texts = {f"s{i:04d}": " ".join(rng.choice(words, 6)) for i in range(1500)}
    index.sync({n: (n, "skill", t) for n, t in texts.items()})
    vectors = index.embedder.embed_documents(list(texts.values()))
    names = list(texts)
    for query in index.embedder.embed_documents([" ".join(rng.choice(words, 4)) for _ in range(20)]):
        sims = vectors @ query
        best = sorted(range(len(names)), key=lambda r: (-round(float(sims[r]), 6), names[r]))[:20]
        hits = index.query(query[None, :], 20)[0]
        assert [h.id for h in hits] == [names[r] for r in best]
        assert [h.similarity for h in hits] == pytest.approx([float(sims[r]) for r in best], abs=1e-5)


def test_a_new_process_reads_the_vectors_back_from_chroma(tmp_path: Path) -> None:
    store = tmp_path / "store"
    writer = SkillIndex(store, HashEmbedder(), scope="unit")
    writer.sync(docs(alpha="fix flaky tests", beta="bake bread", gamma="write letters"))
    query = HashEmbedder().embed_documents(["bake some bread"])
    expected = writer.query(query, 3)
    writer.close()
    reader = SkillIndex(store, HashEmbedder(), scope="unit")
    assert reader.query(query, 3) == expected and reader.embedder.calls == 0  # type: ignore[attr-defined]
    assert reader.sync(docs(alpha="fix flaky tests", beta="bake bread", gamma="write letters")).embedded == 0
    reader.close()


def test_collection_names_are_valid_and_scoped() -> None:
    name = collection_name("sentence-transformers/all-MiniLM-L6-v2", "store-a")
    assert name.startswith("skills-all-minilm-l6-v2-") and len(name) <= 63
    assert name == collection_name("sentence-transformers/all-MiniLM-L6-v2", "store-a")
    assert name != collection_name("sentence-transformers/all-MiniLM-L6-v2", "store-b")
    assert name != collection_name("BAAI/bge-small-en-v1.5", "store-a")


# ---------------------------------------------------------------- through the library


def skill(name: str, description: str) -> Skill:
    return Skill.create(name, description)


@pytest.fixture
def lib(tmp_path: Path) -> Iterator[SkillLibrary]:
    path = tmp_path / "store"
    library = SkillLibrary(
        Store(path), CachedEmbedder(HashEmbedder(), EmbeddingCache(path / "cache" / "embeddings.db"))
    )
    library.add(skill("fix-flaky-test", "Find why a test fails sometimes."))
    library.add(skill("bake-bread", "Bake a sourdough loaf."))
    library.add(skill("write-letter", "Write a cover letter."))
    yield library
    library.close()


def test_reindex_rebuilds_from_the_store_and_the_cache(lib: SkillLibrary) -> None:
    inner: HashEmbedder = lib.embedder.inner  # type: ignore[attr-defined]
    lib.record_outcome("bake-bread", 9, task="make a loaf of rye")
    before = lib.route("bake a loaf").to_dict()
    calls = inner.calls
    lib.index.reset()  # the collection is gone
    assert lib.index.count() == 0
    report = lib.reindex()
    assert report.embedded == 4 and lib.index.count() == 4  # three skills and one example
    assert inner.calls == calls  # every vector came from the cache
    assert lib.route("bake a loaf").to_dict() == before


def test_the_index_follows_store_edits(lib: SkillLibrary) -> None:
    path = lib.store.files.folder("write-letter") / "SKILL.md"
    path.write_text(path.read_text().replace("Write a cover letter.", "Tune a guitar by ear."))
    route = lib.route("tune a guitar by ear")  # a live library sees a hand edit
    assert route.matched is not None and route.matched.name == "write-letter"
    lib.delete("bake-bread")
    assert set(lib.index.hashes()) == {"fix-flaky-test", "write-letter"}


def test_doctor_reports_and_repairs_drift(lib: SkillLibrary) -> None:
    report = lib.doctor().to_dict()
    fit = report.pop("fit")  # three skills: too few pseudo-tasks, each engine keeps its default
    assert fit["stale"] is False and fit["pins"] == {}
    assert fit["engines"]["default"]["source"] == "default"
    assert "fewer than 20" in fit["engines"]["default"]["why"]
    assert report == {
        "skills": 3,
        "unreadable": [],
        "ledger": {"rebuilt": False},
        "sidecars_out_of_step": [],
        "index_missing": 0,
        "index_stale": 0,
        "index_orphans": 0,
        "derived": [],
        "repaired": False,
        "unrepaired": [],
        "ok": True,
    }
    col = lib.index._connect()
    col.delete(ids=["bake-bread"])  # deleted from Chroma behind the library's back
    col.upsert(
        ids=["ghost"],
        embeddings=np.ones((1, lib.embedder.dimension), dtype=np.float32),
        metadatas=[{"skill": "ghost", "kind": "skill", "hash": "0"}],
    )
    path = lib.store.files.folder("write-letter") / "SKILL.md"
    path.write_text(path.read_text().replace("Write a cover letter.", "Tune a guitar."))  # edited by hand

    found = lib.doctor(repair=False)
    assert (found.index_missing, found.index_stale, found.index_orphans, found.ok, found.repaired) == (
        1,
        1,
        1,
        False,
        False,
    )
    assert found.sidecars == ["write-letter"]  # its sidecar vouches for the text before the hand edit
    assert "ghost" in lib.index.hashes()

    fixed = lib.doctor()
    assert fixed.repaired and (fixed.index_missing, fixed.index_stale, fixed.index_orphans) == (1, 1, 1)
    assert lib.doctor().ok
    assert set(lib.index.hashes()) == {"fix-flaky-test", "bake-bread", "write-letter"}
    assert name_of(lib.route("tune a guitar")) == "write-letter"


def test_doctor_names_unreadable_files(lib: SkillLibrary) -> None:
    path = lib.store.files.folder("write-letter") / "SKILL.md"
    path.write_text("---\nname: write-letter\n---\nthe description is gone\n")
    report = lib.doctor()
    assert [n for n, _ in report.unreadable] == ["write-letter"]
    assert str(path) in report.unreadable[0][1] and "description" in report.unreadable[0][1]
    assert not report.ok
    assert name_of(lib.route("write a cover letter")) == "write-letter"


# ---------------------------------------------------------------- one writer at a time


def test_a_second_library_on_the_same_store_cannot_write(lib: SkillLibrary) -> None:
    other = SkillLibrary(Store(lib.store.path), lib.embedder)
    other.index.lock_timeout = 0.1
    assert name_of(other.route("bake a loaf")) == "bake-bread"  # reading is fine
    with pytest.raises(StoreLockedError) as err:
        other.add(skill("tune-guitar", "Tune a guitar by ear."))
    message = str(err.value)
    assert "--chroma-url" in message and "chroma run" in message and "SKILLROUTER_CHROMA_URL" in message
    lib.close()  # the first writer leaves
    other.sync()
    assert name_of(other.route("tune a guitar by ear")) == "tune-guitar"
    other.close()


def test_a_second_process_cannot_write(tmp_path: Path) -> None:
    path = tmp_path / "store"
    Store(path).add(skill("fix-flaky-test", "Find why a test fails sometimes."))
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
            import sys
            from skillrouter.embeddings import HashEmbedder
            from skillrouter import SkillLibrary
            lib = SkillLibrary.open({str(path)!r}, embedder=HashEmbedder())
            lib.sync()
            print("ready", flush=True)
            sys.stdin.read()
            lib.close()
        """),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
        lib = SkillLibrary.open(path, embedder=HashEmbedder())
        lib.index.lock_timeout = 0.1
        assert name_of(lib.route("a test fails sometimes")) == "fix-flaky-test"
        with pytest.raises(StoreLockedError, match="--chroma-url"):
            lib.add(skill("bake-bread", "Bake a sourdough loaf."))
    finally:
        holder.communicate("", timeout=60)
    assert holder.returncode == 0
    lib.sync()  # the holder is gone: this process may write now
    assert name_of(lib.route("bake a sourdough loaf")) == "bake-bread"
    lib.close()


# ---------------------------------------------------------------- a process that stays open (the MCP server)


def _other_process(path: Path, name: str, text: str, *, hold: bool) -> subprocess.Popen[str]:
    """Another process adding a skill through the library; with ``hold`` it stays open
    (holding the writer lock, as a CLI command does until it ends) until its stdin closes."""
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
            import sys
            from skillrouter.embeddings import HashEmbedder
            from skillrouter import Skill, SkillLibrary
            lib = SkillLibrary.open({str(path)!r}, embedder=HashEmbedder())
            lib.add(Skill.create({name!r}, {text!r}))
            print("ready", flush=True)
            if {hold!r}:
                sys.stdin.read()
            lib.close()
        """),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def _finish(proc: subprocess.Popen[str]) -> None:
    assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    proc.communicate("", timeout=60)
    assert proc.returncode == 0


def test_an_open_index_sees_what_another_process_wrote(tmp_path: Path) -> None:
    path = tmp_path / "store"
    lib = SkillLibrary.open(path, embedder=HashEmbedder(), hold_index_lock=False)
    lib.add(skill("fix-flaky-test", "Find why a test fails sometimes."))
    vector = lib.embedder.embed_documents(["bake-bread: Bake a sourdough loaf."])
    assert [h.skill for h in lib.index.query(vector, 5)[0]] == ["fix-flaky-test"]
    _finish(_other_process(path, "bake-bread", "Bake a sourdough loaf.", hold=False))
    # no sync in between: the vectors come from disk, not from this process's memory
    assert lib.index.query(vector, 5)[0][0].skill == "bake-bread"
    lib.close()


def test_an_open_library_gives_the_writer_lock_back_after_each_write(tmp_path: Path) -> None:
    path = tmp_path / "store"
    lib = SkillLibrary.open(path, embedder=HashEmbedder(), hold_index_lock=False)
    lib.add(skill("fix-flaky-test", "Find why a test fails sometimes."))
    _finish(_other_process(path, "bake-bread", "Bake a sourdough loaf.", hold=False))  # would time out
    lib.record_outcome("fix-flaky-test", 9, task="the login test fails one run in ten")
    assert name_of(lib.route("the login test fails one run in ten")) == "fix-flaky-test"  # wrote the example
    _finish(_other_process(path, "write-letter", "Write a formal letter.", hold=False))
    assert name_of(lib.route("write a formal letter")) == "write-letter"
    lib.close()


def test_an_open_library_routes_while_another_process_holds_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "store"
    lib = SkillLibrary.open(path, embedder=HashEmbedder(), hold_index_lock=False)
    lib.add(skill("fix-flaky-test", "Find why a test fails sometimes."))
    lib.index.lock_timeout = 0.1
    holder = _other_process(path, "bake-bread", "Bake a sourdough loaf.", hold=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
        # the holder indexed its skill: nothing is left to write, so no lock is needed to route
        assert name_of(lib.route("bake a sourdough loaf")) == "bake-bread"
    finally:
        holder.communicate("", timeout=60)
    assert holder.returncode == 0
    lib.close()
