"""The keyword index (skillrouter/routing/lexical.py): words, BM25, coverage, incremental sync,
persistence."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from skillrouter.routing import lexical
from skillrouter.routing.lexical import K1, B, LexicalIndex, tokenize


def test_tokenize_drops_stop_words_and_stems_lightly() -> None:
    assert tokenize("The papers I am booking, and CI_builds!") == ["paper", "book", "ci", "build"]
    assert tokenize("a I to") == []
    assert tokenize("PM2.5 levels") == ["pm2", "level"]


def docs(**texts: str) -> dict[str, tuple[str, str]]:
    return {name.replace("_", "-"): (name.replace("_", "-"), text, text) for name, text in texts.items()}


def test_bm25_by_hand() -> None:
    ix = LexicalIndex()
    ix.sync(docs(alpha="zebra zebra yak", beta="yak quokka lemur okapi"))
    scores = ix.score("zebra")
    # zebra: n=1 of N=2 documents; alpha has it twice in 3 words, average length 3.5
    idf = math.log(1 + (2 - 1 + 0.5) / (1 + 0.5))
    tf = 2 * (K1 + 1) / (2 + K1 * (1 - B + B * 3 / 3.5))
    assert scores.score_of("alpha") == pytest.approx(idf * tf)
    assert scores.score_of("beta") == 0.0 and scores.normalised("alpha") == 1.0
    assert scores.top(5) == ["alpha"]


def test_coverage_weighs_words_by_idf_and_unknown_words_most() -> None:
    ix = LexicalIndex()
    ix.sync(docs(alpha="docker images volumes", beta="docker compose files", gamma="python wheels"))
    scores = ix.score("docker volumes")
    assert scores.coverage_of("alpha") == pytest.approx(1.0)
    assert 0 < scores.coverage_of("beta") < 0.5  # shares only the commoner word
    assert scores.coverage_of("gamma") == 0.0
    unknown = ix.score("docker volumes kubernetes")  # a word no skill has lowers every coverage
    assert unknown.coverage_of("alpha") < 0.7


def test_a_skill_scores_its_best_document_and_coverage_spans_all_of_them() -> None:
    ix = LexicalIndex()
    ix.sync(
        {
            "alpha": ("alpha", "zebra yak", "zebra yak"),
            "alpha::ex::1": ("alpha", "orange pear", "orange pear"),
            "beta": ("beta", "orange lemur okapi tapir", "orange lemur okapi tapir"),
        }
    )
    scores = ix.score("orange pear zebra")
    assert scores.coverage_of("alpha") == pytest.approx(1.0)
    assert scores.top(2) == ["alpha", "beta"]


def test_sync_is_incremental_and_by_content() -> None:
    ix = LexicalIndex()
    assert ix.sync(docs(alpha="zebra", beta="yak")) == (2, 0)
    assert ix.sync(docs(alpha="zebra", beta="yak")) == (0, 0)
    assert ix.sync(docs(alpha="zebra", beta="quokka", gamma="lemur")) == (2, 0)
    assert ix.score("yak").top(3) == [] and ix.score("quokka").top(3) == ["beta"]
    assert ix.sync(docs(gamma="lemur")) == (0, 2)
    assert len(ix) == 1 and ix.score("zebra").top(3) == [] and ix.score("lemur").top(3) == ["gamma"]


def test_tombstones_are_swept_without_changing_scores() -> None:
    ix = LexicalIndex()
    many = {f"s{i:03d}": f"common word{i} text{i % 7}" for i in range(100)}
    ix.sync({n: (n, t, t) for n, t in many.items()})
    before = ix.score("common text3 word43")
    keep = {n: t for i, (n, t) in enumerate(sorted(many.items())) if i % 3 == 0}
    ix.sync({n: (n, t, t) for n, t in keep.items()})
    fresh = LexicalIndex()
    fresh.sync({n: (n, t, t) for n, t in keep.items()})
    after, expected = ix.score("common text3 word43"), fresh.score("common text3 word43")
    assert len(ix._slot_doc) == len(keep)  # swept: no tombstones left
    assert {n: after.score_of(n) for n in keep} == pytest.approx({n: expected.score_of(n) for n in keep})
    assert before.score_of("s043") > 0 and after.score_of("s043") == 0.0  # removed with its skill


def test_token_counts_persist_and_load_in_a_new_process(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "lexical.db"
    ix = LexicalIndex(path)
    ix.sync(docs(alpha="zebra zebra yak", beta="yak quokka"))
    expected = ix.score("zebra yak")
    ix.close()
    again = LexicalIndex(path)
    assert again.hashes() == ix.hashes()
    got = again.score("zebra yak")
    assert (got.score_of("alpha"), got.coverage_of("beta")) == (
        expected.score_of("alpha"),
        expected.coverage_of("beta"),
    )
    assert again.sync(docs(alpha="zebra zebra yak", beta="yak quokka")) == (0, 0)  # nothing re-tokenised
    again.sync(docs(alpha="zebra zebra yak"))
    again.close()
    assert LexicalIndex(path).hashes().keys() == {"alpha"}


def test_an_empty_index_or_a_task_of_stop_words_scores_nothing() -> None:
    ix = LexicalIndex()
    assert ix.score("zebra").top(3) == [] and ix.score("zebra").best == 0.0
    ix.sync(docs(alpha="zebra"))
    nothing = ix.score("the and of")
    assert nothing.top(3) == [] and nothing.coverage_of("alpha") == 0.0 and nothing.normalised("alpha") == 0.0


def test_only_the_coverage_text_counts_for_coverage() -> None:
    ix = LexicalIndex()
    ix.sync(
        {
            "market": (
                "market",
                "prediction markets: odds\nplace an order on the order book",
                "prediction markets: odds",
            ),
            "cafe": ("cafe", "find a cafe", "find a cafe"),
        }
    )
    scores = ix.score("book a table")
    assert scores.score_of("market") > 0  # the body counts for BM25 ...
    assert scores.coverage_of("market") == 0.0  # ... but "book" in a body is no sign the task fits


def test_reset_forgets_everything_on_disk_too(tmp_path: Path) -> None:
    ix = LexicalIndex(tmp_path / "lexical.db")
    ix.sync(docs(alpha="zebra"))
    ix.reset()
    assert len(ix) == 0 and ix.score("zebra").top(1) == []
    ix.close()
    assert LexicalIndex(tmp_path / "lexical.db").hashes() == {}


def test_top_is_the_first_n_of_every_hit_sorted_by_score_then_name() -> None:
    import random

    import numpy as np

    from skillrouter.routing.lexical import LexicalScores

    rng = random.Random(3)
    names = [f"s{i:04d}" for i in range(500)]
    rng.shuffle(names)
    for _ in range(50):
        bm25 = np.array([rng.choice([0.0, 0.0, 1.0, 2.5, 2.5, rng.random() * 3]) for _ in names])
        scores = LexicalScores({n: c for c, n in enumerate(names)}, bm25, np.zeros(len(names)), names)
        every = sorted((c for c in range(len(names)) if bm25[c] > 0), key=lambda c: (-bm25[c], names[c]))
        for n in (1, 5, 20, 80, 1000):
            assert scores.top(n) == [names[c] for c in every[:n]]


def test_scores_after_changes_equal_a_fresh_index_exactly() -> None:
    """Cached per-word arrays (lengths, the average length, dead slots) follow every change."""
    first = {f"s{i}": f"zebra yak {'lemur ' * (i % 4)}okapi{i % 3}" for i in range(12)}
    ix = LexicalIndex()
    ix.sync({n: (n, t, t) for n, t in first.items()})
    ix.score("zebra lemur okapi1")  # fills the caches
    later = {n: t for n, t in first.items() if n not in ("s1", "s2")} | {"s99": "zebra " * 9 + "tapir"}
    ix.sync({n: (n, t, t) for n, t in later.items()})
    fresh = LexicalIndex()
    fresh.sync({n: (n, t, t) for n, t in later.items()})
    for task in ("zebra lemur okapi1", "tapir yak", "okapi2 zebra"):
        got, want = ix.score(task), fresh.score(task)
        assert {n: (got.score_of(n), got.coverage_of(n)) for n in later} == {
            n: (want.score_of(n), want.coverage_of(n)) for n in later
        }
        assert got.top(5) == want.top(5)


def test_a_huge_task_is_read_for_keywords_from_its_head_and_tail() -> None:
    """A pasted log around the request: the request typed first, or the message a conversation's
    joined text ends with, still scores; the middle megabytes are not tokenised (a 3.9 MB task
    took 11 s)."""
    ix = LexicalIndex()
    ix.sync(docs(alpha="zebra grooming", beta="quokka feeding", gamma="lemur naming"))
    filler = "log line 42 ok\n" * 300_000  # 4.5 MB
    head, tail = ix.score("zebra " + filler), ix.score(filler + " quokka")
    assert head.top(3) == ["alpha"] and tail.top(3) == ["beta"]
    assert ix.score(filler[:4000] + " lemur " + filler[:4000] + filler).top(3) == []  # its middle: unread
    assert lexical.task_words(filler) == f"{filler[:4000]}\n{filler[-4000:]}"
    assert lexical.task_words("short task") == "short task"


def reference_scores(
    documents: dict[str, tuple[str, str, str]], task: str
) -> tuple[dict[str, float], dict[str, float]]:
    """BM25 (a skill's best document) and coverage of ``task`` for each skill, computed the plain
    way, one document and one word at a time."""
    tokens = {i: tokenize(text) for i, (_, text, _) in documents.items()}
    covers = {i: set(tokenize(cover)) for i, (_, _, cover) in documents.items()}
    n_docs, average = len(documents), sum(map(len, tokens.values())) / len(documents)
    words = sorted(set(tokenize(task)))

    def idf(n: int) -> float:
        return math.log(1 + (n_docs - n + 0.5) / (n + 0.5))

    bm25: dict[str, float] = {}
    covered: dict[str, set[str]] = {}
    for i, (skill, _, _) in documents.items():
        score = 0.0
        for word in words:
            tf = tokens[i].count(word)
            if tf:
                df = sum(word in t for t in tokens.values())
                score += idf(df) * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(tokens[i]) / average))
        bm25[skill] = max(bm25.get(skill, 0.0), score)
        covered.setdefault(skill, set()).update(covers[i] & set(words))
    weight = {w: idf(sum(w in c for c in covers.values())) for w in words}
    total = sum(weight.values())
    coverage = {s: sum(weight[w] for w in ws) / total for s, ws in covered.items()}
    return bm25, coverage


@pytest.mark.parametrize("several", [True, False])
@pytest.mark.parametrize("seed", range(4))
def test_scores_match_the_plain_computation_on_every_path(seed: int, several: bool) -> None:
    """Words in most documents (added as one dense array), rare ones (scattered), skills with
    several documents (their maximum taken per run of slots or one by one) or each with one (its
    document's score as it is), and the top cut (narrowed by a share of the best first) all give
    the plain computation's numbers."""
    import random

    rng = random.Random(seed)
    common, rare = ["common", "shared"], [f"word{i}" for i in range(40)]
    documents: dict[str, tuple[str, str, str]] = {}
    for s in range(60):
        for d in range(rng.choice([1, 1, 2, 3]) if several else 1):
            text = " ".join(rng.sample(common, rng.choice([1, 2])) + rng.sample(rare, rng.randint(1, 6)))
            doc_id = f"skill{s}" if d == 0 else f"skill{s}::ex::{d}"
            documents[doc_id] = (f"skill{s}", text, text if d == 0 else text.split()[0])
    ix = LexicalIndex()
    ix.sync(documents)
    for task in ["common word3", "word7 word9 shared", "word1", "common shared word2 word5 unseen", "zzz"]:
        scores = ix.score(task)
        bm25, coverage = reference_scores(documents, task)
        for skill in bm25:
            assert scores.score_of(skill) == pytest.approx(bm25[skill], rel=1e-12, abs=1e-12), (task, skill)
        many = scores.coverage_many([*bm25, "no-such-skill"])
        assert many.pop("no-such-skill") == 0.0
        assert many == pytest.approx(coverage, rel=1e-12, abs=1e-12)
        assert list(scores.coverage) == pytest.approx([coverage[n] for n in scores.names], abs=1e-12)
        for n in (1, 3, 10, 100):
            ranked = sorted((-v, s) for s, v in bm25.items() if v > 0)
            assert scores.top(n) == [s for _, s in ranked[:n]], (task, n)


def test_distinct_is_numpys_unique_without_loading_numpy_ma() -> None:
    import numpy as np

    rng = np.random.default_rng(0)
    for size in (0, 1, 2, 7, 500):
        values = rng.integers(0, 40, size=size).astype(np.int64)
        assert lexical._distinct(values).tolist() == np.unique(values).tolist()
