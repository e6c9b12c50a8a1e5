"""The ONNX path against the torch path, with the real default model: the same vectors, the
same routes (hermes-agent's library and the built-in benchmark), and a one-shot
``skillrouter route`` that imports neither torch nor Chroma yet answers what the library does.
Timings are in benchmarks/cold_route.py, never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, OnnxEmbedder, SentenceTransformerEmbedder
from skillrouter.eval.datasets import load_queries_jsonl
from skillrouter.eval.loading import builtin_queries, builtin_skills
from skillrouter.eval.routing import EmbedderSpec, RoutingConfig, RoutingSetup, evaluate_routing
from test_core_hermes import COVERED, UNCOVERED
from tokenizers import Tokenizer

from skillrouter import SkillLibrary, Store

EDGE_TEXTS = [
    "",
    " ",
    "a",
    "  padded with spaces  ",
    "ÜNÏCÖDÉ café 東京 😀",
    "x" * 3000,
    "word " * 600,
    "\n\n\t",
    "SELECT * FROM orders WHERE id = 42;",
]


def test_the_copy_records_what_it_was_checked_against(onnx_embedder: OnnxEmbedder) -> None:
    manifest = onnx_embedder.manifest
    assert manifest["dimension"] == onnx_embedder.dimension == 384
    assert manifest["max_length"] == 256 and manifest["probe_min_cosine"] >= 0.9999
    assert manifest["inputs"] == ["input_ids", "attention_mask", "token_type_ids"]
    assert len(manifest["weights_sha256"]) == 64
    assert onnx_embedder.model_id == SentenceTransformerEmbedder().model_id  # one cache entry for both


def test_vectors_agree_with_torch_on_short_and_truncated_texts(
    onnx_embedder: OnnxEmbedder, st_embedder: SentenceTransformerEmbedder, hermes_library: SkillLibrary
) -> None:
    # (the hermes routing test below embeds all 177 Level 0 texts again; here a sample of them)
    level0 = list(hermes_library.store.ledger.level0_texts().values())[::4]
    whole_files = [
        (hermes_library.store.skills_dir / n / "SKILL.md").read_text("utf-8")
        for n in sorted(hermes_library.store.names())[::18]
    ]
    queries = [q.query for q in load_queries_jsonl(builtin_queries())][::3]
    texts = level0 + whole_files + queries + EDGE_TEXTS
    counter = Tokenizer.from_file(str(onnx_embedder.folder / "tokenizer.json"))
    counter.no_truncation()
    counter.no_padding()
    truncated = sum(len(e.ids) > 256 for e in counter.encode_batch(texts))
    assert truncated >= 10  # the whole SKILL.md files and the long edge texts are cut at 256 tokens

    torch_docs, onnx_docs = st_embedder.embed_documents(texts), onnx_embedder.embed_documents(texts)
    assert onnx_docs.dtype == np.float32 and np.allclose(np.linalg.norm(onnx_docs, axis=1), 1.0, atol=1e-5)
    assert float((torch_docs * onnx_docs).sum(axis=1).min()) >= 0.999
    alone = np.stack([onnx_embedder.embed_query(t) for t in queries[:20] + EDGE_TEXTS])
    assert float((st_embedder.embed_queries(queries[:20] + EDGE_TEXTS) * alone).sum(axis=1).min()) >= 0.999


def test_routes_agree_on_hermes_tasks(
    onnx_embedder: OnnxEmbedder, hermes_library: SkillLibrary, tmp_path: Path
) -> None:
    """Everything embedded again by ONNX (documents and tasks), routed over the cache, against the
    library's route with torch and Chroma."""
    tasks = [t for t, _ in COVERED] + UNCOVERED
    warm = hermes_library.route_many(tasks)
    store = Store(hermes_library.store.path, create=False)
    cold_lib = SkillLibrary(store, CachedEmbedder(onnx_embedder, EmbeddingCache(tmp_path / "onnx-only.db")))
    try:
        for task, expected in zip(tasks, warm):
            got = cold_lib.route(task, exact=True)
            assert (got.matched.name if got.matched else None) == (
                expected.matched.name if expected.matched else None
            )
            assert [c.name for c in got.candidates] == [c.name for c in expected.candidates], task
            assert (
                max(abs(a.similarity - b.similarity) for a, b in zip(got.candidates, expected.candidates))
                < 2e-3
            )
    finally:
        store.close()


def test_routes_agree_on_the_builtin_benchmark(
    onnx_embedder: OnnxEmbedder, st_embedder: SentenceTransformerEmbedder
) -> None:
    setup = RoutingSetup(queries=load_queries_jsonl(builtin_queries()), skills=[builtin_skills()])
    config = RoutingConfig(latency_sample=0)
    runs = [
        evaluate_routing(setup, EmbedderSpec(), config, embedder=emb) for emb in (st_embedder, onnx_embedder)
    ]
    torch_run, onnx_run = runs
    assert [r.ranked for r in onnx_run.results] == [r.ranked for r in torch_run.results]
    for key in ("p_at_1", "recall_at_k", "mrr", "abstain_recall", "decision_accuracy"):
        assert onnx_run.metrics[key] == torch_run.metrics[key], key


def test_a_session_opened_without_prepacking_embeds_the_same(onnx_embedder: OnnxEmbedder) -> None:
    """What a one-shot route opens (``prepack=False``) gives the vectors every other process gives."""
    unpacked = OnnxEmbedder(cache_dir=onnx_embedder.folder.parents[1], prepack=False)
    assert unpacked.folder == onnx_embedder.folder
    texts = EDGE_TEXTS + [q.query for q in load_queries_jsonl(builtin_queries())][:40]
    np.testing.assert_allclose(unpacked.embed_queries(texts), onnx_embedder.embed_queries(texts), atol=1e-5)


def test_only_a_one_shot_library_opens_its_session_unpacked(tmp_path: Path) -> None:
    for one_shot in (False, True):
        with SkillLibrary.open(tmp_path / f"store-{one_shot}", backend="onnx", one_shot=one_shot) as lib:
            assert isinstance(lib.embedder, CachedEmbedder)
            inner = lib.embedder.inner
            assert isinstance(inner, OnnxEmbedder) and inner.prepack is not one_shot


def test_one_shot_cli_route_needs_neither_torch_nor_chroma(
    onnx_embedder: OnnxEmbedder, hermes_library: SkillLibrary
) -> None:
    """A fresh process, as a hook would run it: the default backend, a task no cache has seen."""
    task = "Show me the current price of Tesla stock"
    child = subprocess.run(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
            import io, json, sys
            from contextlib import redirect_stdout
            from skillrouter.cli import cli
            out = io.StringIO()
            with redirect_stdout(out):
                cli(["route", {task!r}, "--store", {str(hermes_library.store.path)!r}, "--json"],
                    standalone_mode=False)
            heavy = [m for m in ("torch", "sentence_transformers", "transformers", "chromadb",
                                 # nor what only other commands need (each costs a fresh route ms)
                                 "yaml", "numpy.ma", "skillrouter.doctor",
                                 "skillrouter.routing.conversation", "skillrouter.security.gate",
                                 # nor a lock it never takes, or a limit the CLI set at the start
                                 "filelock", "threadpoolctl", "skillrouter.frontmatter_repair")
                     if m in sys.modules]
            print(json.dumps({{"route": json.loads(out.getvalue()), "heavy": heavy,
                               "onnx": "onnxruntime" in sys.modules}}))
        """),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    out = json.loads(child.stdout.splitlines()[-1])
    assert out["heavy"] == [] and out["onnx"] is True
    assert out["route"] == hermes_library.route(task).to_dict()
    assert out["route"]["matched"] == "stocks"
