"""The CLI end to end (real model behind the store's cache, embedded Chroma), and its
agreement with the library."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from skillrouter.embeddings import CachedEmbedder, Embedder, EmbeddingCache, SentenceTransformerEmbedder
from support import as_json, ok, run

from skillrouter import SkillLibrary, read_skill_md, skill_to_json
from skillrouter.routing.router import DEFAULT_THRESHOLD

EXAMPLES = Path(__file__).resolve().parents[2] / "skillrouter" / "examples" / "skills"
TASK = "Please review this Python PR before I merge it"


@pytest.fixture
def store(
    tmp_path: Path, cli_uses: Callable[[Embedder], None], st_embedder: SentenceTransformerEmbedder
) -> Iterator[Path]:
    """A store filled through the CLI: two example folders and one JSON skill."""
    cli_uses(st_embedder)
    path = tmp_path / "store"
    assert as_json("add", EXAMPLES / "review-python-pull-request", "--store", path) == {
        "added": "review-python-pull-request",
        "version": 1,
        "status": "active",
        "trust_level": "community",
        "findings": [],
    }
    assert ok("add", EXAMPLES / "analyze-web-server-logs" / "SKILL.md", "--store", path).stdout == (
        "added analyze-web-server-logs (version 1, community)\n"
    )
    letter = skill_to_json(read_skill_md(EXAMPLES / "write-cover-letter" / "SKILL.md"), stats=False)
    (tmp_path / "letter.json").write_text(json.dumps(letter))
    assert as_json("add", tmp_path / "letter.json", "--store", path)["added"] == "write-cover-letter"
    yield path


def library(path: Path, st_embedder: SentenceTransformerEmbedder) -> SkillLibrary:
    return SkillLibrary.open(
        path,
        create=False,
        embedder=CachedEmbedder(st_embedder, EmbeddingCache(path / "cache" / "embeddings.db")),
    )


def test_route_json_shape(store: Path) -> None:
    data = as_json("route", TASK, "--store", store)
    assert isinstance(data, dict)
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
    assert data["task"] == TASK and data["matched"] == "review-python-pull-request"
    assert 0.5 < data["p_fit"] <= 1 and data["p_fit"] == data["candidates"][0]["p_fit"]
    assert data["threshold"] == DEFAULT_THRESHOLD and isinstance(data["reason"], str)
    assert data["threshold_source"] == "default"
    assert data["candidates"][0]["name"] == "review-python-pull-request"
    for cand in data["candidates"]:
        assert {"name", "similarity", "keyword", "coverage", "relevance", "quality", "score"} <= set(cand)
        assert all(isinstance(cand[k], float) for k in ("similarity", "relevance", "quality", "score"))
    nothing = as_json("route", "How long should I boil an egg?", "--store", store)
    assert nothing["matched"] is None and nothing["reason"].startswith("no skill fits")  # type: ignore[index]
    strict = as_json("route", TASK, "--threshold", "1.9", "--store", store)
    assert strict["matched"] is None and strict["threshold_source"] == "given"  # type: ignore[index]
    assert len(as_json("route", TASK, "-k", "2", "--store", store)["candidates"]) == 2


def test_route_text(store: Path) -> None:
    lines = ok("route", TASK, "--store", store).stdout.splitlines()
    assert lines[0].startswith("matched: review-python-pull-request  [review-python-pull-request: relevance")
    assert lines[1].split()[0] == "review-python-pull-request" and "quality 6.00" in lines[1]
    assert ok("route", "How long should I boil an egg?", "--store", store).stdout.startswith(
        "matched: (none)  [no skill fits"
    )


def test_cli_agrees_with_the_library(store: Path, st_embedder: SentenceTransformerEmbedder) -> None:
    tasks = [TASK, "Which IPs hammer our nginx server with 404s?", "Apply for a marketing job", "Boil an egg"]
    from_cli = [as_json("route", t, "--store", store) for t in tasks]
    with library(store, st_embedder) as lib:
        assert [json.loads(json.dumps(r.to_dict())) for r in lib.route_many(tasks)] == from_cli
        assert [lib.route(t).to_dict() for t in tasks] == from_cli
    assert as_json("route", TASK, "--type", "coding", "--store", store) == as_json(
        "route", TASK, "--type", "coding", "--store", store
    )
    writing = as_json("route", TASK, "--type", "writing", "--store", store)
    assert [c["name"] for c in writing["candidates"]] == ["write-cover-letter"]
    tagged = as_json("route", TASK, "--tag", "logs", "--tag", "nothing", "--store", store)
    assert [c["name"] for c in tagged["candidates"]] == ["analyze-web-server-logs"]


def test_record_moves_the_route_score(store: Path) -> None:
    before = as_json("route", TASK, "--store", store)["candidates"][0]
    for _ in range(5):
        ok("record", "review-python-pull-request", "10", "--task", TASK, "--store", store)
    after = as_json("route", TASK, "--store", store)["candidates"][0]
    assert after["name"] == "review-python-pull-request" and after["via"] == "example"
    assert after["quality"] == 8.0 and after["score"] > before["score"]


def test_show_after_add(store: Path) -> None:
    files = as_json("show", "review-python-pull-request", "--level", "2", "--store", store)
    # its trigger set (evals/trigger/, for skill authors: docs/skill-authors.md) comes with it
    assert files == {
        "name": "review-python-pull-request",
        "files": ["evals/trigger/eval_queries.json", "references/checklist.md"],
    }
    assert (
        ok(
            "show", "review-python-pull-request", "--file", "references/checklist.md", "--store", store
        ).stdout.encode()
        == (EXAMPLES / "review-python-pull-request" / "references" / "checklist.md").read_bytes()
    )
    level1 = as_json("show", "write-cover-letter", "--store", store)
    original = read_skill_md(EXAMPLES / "write-cover-letter" / "SKILL.md")
    assert (level1["procedure"], level1["body"]) == (original.procedure, original.body)  # type: ignore[index]
    assert [s["name"] for s in as_json("list", "--store", store)] == [
        "analyze-web-server-logs",
        "review-python-pull-request",
        "write-cover-letter",
    ]


def test_add_replace_history_and_restore(store: Path, tmp_path: Path) -> None:
    result = run("add", EXAMPLES / "write-cover-letter", "--store", store)
    assert result.exit_code == 1 and "already exists" in result.stderr and result.stderr.count("\n") == 1
    edited = tmp_path / "edited" / "SKILL.md"
    edited.parent.mkdir()
    edited.write_text(
        (EXAMPLES / "write-cover-letter" / "SKILL.md")
        .read_text()
        .replace(
            "description: Write a tailored cover letter",
            "description: Tune a guitar by ear; formerly a cover letter",
        )
    )
    assert as_json("add", edited, "--replace", "--store", store) == {
        "added": "write-cover-letter",
        "version": 2,
        "status": "active",
        "trust_level": "community",
        "findings": [],
    }
    assert as_json("route", "tune my guitar", "--store", store)["matched"] == "write-cover-letter"

    history = as_json("history", "write-cover-letter", "--store", store)
    assert [(v["version"], v["reason"]) for v in history] == [(1, "add"), (2, "add")]
    assert as_json("restore", "write-cover-letter", "1", "--store", store) == {
        "name": "write-cover-letter",
        "restored": 1,
        "version": 3,
    }
    assert as_json("show", "write-cover-letter", "--level", "0", "--store", store)["description"].startswith(
        "Write a tailored cover letter"
    )
    assert as_json("route", "tune my guitar", "--store", store)["matched"] is None
    assert ok("restore", "write-cover-letter", "2", "--store", store).stdout == (
        "write-cover-letter: version 2 restored as version 4\n"
    )
    bad = run("restore", "write-cover-letter", "99", "--store", store)
    assert bad.exit_code == 1 and "no version 99" in bad.stderr and bad.stderr.count("\n") == 1


def test_reindex_and_doctor(store: Path, st_embedder: SentenceTransformerEmbedder) -> None:
    assert as_json("reindex", "--store", store) == {
        "embedded": 3,
        "deleted": 0,
        "unchanged": 0,
        "documents": 3,
    }
    assert ok("reindex", "--store", store).stdout == "reindexed 3 documents (3 embedded)\n"
    healthy = as_json("doctor", "--store", store)
    assert healthy["ok"] is True and healthy["repaired"] is False  # type: ignore[index]
    assert ok("doctor", "--store", store).stdout.splitlines()[-1] == "ok"

    with library(store, st_embedder) as lib:
        lib.index._connect().delete(ids=["write-cover-letter"])  # drift behind the CLI's back
    found = run("doctor", "--no-repair", "--json", "--store", store)
    report = json.loads(found.stdout)
    assert found.exit_code == 1  # drift found and left alone is not a clean bill of health
    assert (report["index_missing"], report["ok"], report["repaired"]) == (1, False, False)
    assert run("doctor", "--no-repair", "--store", store).stdout.splitlines()[-1] == "drift found"
    assert as_json("doctor", "--store", store)["repaired"] is True
    assert as_json("doctor", "--store", store)["ok"] is True

    (store / "skills" / "write-cover-letter" / "SKILL.md").write_text("---\nname: write-cover-letter\n---\n")
    broken = run("doctor", "--json", "--store", store)
    assert broken.exit_code == 1
    assert [u["name"] for u in json.loads(broken.stdout)["unreadable"]] == ["write-cover-letter"]


@pytest.mark.parametrize("value", ["nan", "-0.1", "inf", "3"])
def test_route_refuses_a_threshold_that_is_not_a_number_from_0_to_2(store: Path, value: str) -> None:
    result = run("route", TASK, "--threshold", value, "--store", store)
    assert result.exit_code == 2 and "--threshold" in result.stderr and "from 0 to 2" in result.stderr


def test_route_without_keywords_ranks_by_embeddings_alone(store: Path) -> None:
    data = as_json("route", TASK, "--keyword-weight", "0", "--store", store)
    assert data["matched"] == "review-python-pull-request"
    assert all(
        c["score"] == pytest.approx(c["similarity"] * (0.7 + 0.3 * (c["quality"] - 1) / 9), abs=1e-3)
        for c in data["candidates"]
    )
