"""The evaluation harness with the real default model and real Chroma (small runs only;
the benchmark numbers come from ``benchmarks/eval_targets.py``, never from timed asserts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import CachedEmbedder, EmbeddingCache, SentenceTransformerEmbedder
from skillrouter.eval import routing
from skillrouter.eval.cli import eval_group
from skillrouter.eval.datasets import load_metatool
from skillrouter.eval.routing import EmbedderSpec, RoutingConfig, RoutingSetup, evaluate_routing

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
METATOOL = DATA / "metatool"


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One embedding cache for this module, so the tests share what they embedded."""
    return tmp_path_factory.mktemp("eval-cache")


@pytest.fixture
def cli_model(
    st_embedder: SentenceTransformerEmbedder, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The CLI builds its embedder by name: make it the session's model, behind the module cache."""
    monkeypatch.setattr(routing, "SentenceTransformerEmbedder", lambda *args, **kwargs: st_embedder)
    monkeypatch.setenv("SKILLROUTER_CACHE_DIR", str(cache_dir))


def test_builtin_benchmark_runs_with_no_arguments(cli_model: None, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        eval_group,
        [
            "routing",
            "--latency-sample",
            "20",
            "--json",
            str(tmp_path / "m.json"),
            "--report",
            str(tmp_path / "rep"),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads((tmp_path / "m.json").read_text())
    assert data["embedder"] == "all-MiniLM-L6-v2" and data["n_queries"] == 134
    assert data["p_at_1"] >= 0.95 and data["recall_at_k"] >= 0.99 and data["mrr"] >= 0.95
    assert data["abstain_recall"] >= 0.8 and data["decision_accuracy"] >= 0.8
    assert data["latency_ms_p50"] > 0
    assert (tmp_path / "rep" / "gold_rank.png").stat().st_size > 10_000
    assert "P@1" in result.stdout and "Nothing was fitted" in result.stdout


def test_split_on_the_builtin_benchmark_reports_the_test_part(
    st_embedder: SentenceTransformerEmbedder, cache_dir: Path
) -> None:
    from skillrouter.eval.datasets import load_queries_jsonl
    from skillrouter.eval.loading import builtin_queries, builtin_skills

    setup = RoutingSetup(queries=load_queries_jsonl(builtin_queries()), skills=[builtin_skills()])
    emb = CachedEmbedder(st_embedder, EmbeddingCache(cache_dir / "eval-embeddings.db"))
    run = evaluate_routing(
        setup, EmbedderSpec(), RoutingConfig(train_frac=0.5, seed=0, latency_sample=0), embedder=emb
    )
    assert run.metrics["n_queries"] + run.train_size == 134
    assert run.fitted["threshold"] and 0.1 < run.threshold < 0.5
    assert run.metrics["decision_accuracy"] >= 0.8


@pytest.mark.skipif(not METATOOL.is_dir(), reason=f"MetaTool not in {METATOOL}")
def test_metatool_sample_learning_beats_cold(
    st_embedder: SentenceTransformerEmbedder, cache_dir: Path
) -> None:
    data = load_metatool(METATOOL, sample=300, seed=0)
    assert len(data.tools) == 199 and len(data.queries) == 300
    setup = RoutingSetup(queries=data.queries, tools=data.tools, name="metatool")
    emb = CachedEmbedder(st_embedder, EmbeddingCache(cache_dir / "eval-embeddings.db"))
    cold = evaluate_routing(
        setup, EmbedderSpec(), RoutingConfig(train_frac=0.5, latency_sample=0), embedder=emb
    )
    learned = evaluate_routing(
        setup, EmbedderSpec(), RoutingConfig(train_frac=0.5, learn=True, latency_sample=0), embedder=emb
    )
    assert cold.library["skills"] == 199 and cold.metrics["n_queries"] == learned.metrics["n_queries"]
    assert 0.35 <= cold.metrics["p_at_1"] <= 0.8  # a dense retriever over 199 one-line descriptions
    assert cold.metrics["recall_at_k"] > cold.metrics["p_at_1"]
    assert learned.library["examples"] > 100
    assert learned.metrics["p_at_1"] >= cold.metrics["p_at_1"]
    assert learned.metrics["mrr"] > cold.metrics["mrr"]


def test_evolution_on_the_builtin_tasks(cli_model: None, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        eval_group,
        [
            "evolution",
            "--dataset",
            "builtin",
            "--tasks",
            "80",
            "--kinds",
            "16",
            "--probes",
            "1",
            "--variant-kinds",
            "0",
            "--every",
            "20",
            "--policy",
            "shrunk",
            "--json",
            str(tmp_path / "e.json"),
            "--quiet",
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.stderr
    run = json.loads((tmp_path / "e.json").read_text())["runs"][0]
    first, last = run["checkpoints"][0], run["checkpoints"][-1]
    assert first["library_size"] == 0 and last["library_size"] >= 5
    assert last["probe_p_at_1"] > first["probe_p_at_1"]
    assert run["summary"]["reuse_precision"] >= 0.6
