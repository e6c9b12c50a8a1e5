"""``skillrouter eval`` through click's CliRunner, with the meaning-free HashEmbedder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import HashEmbedder
from skillrouter.eval.cli import eval_group
from skillrouter.eval.datasets import load_queries_jsonl
from skillrouter.eval.loading import builtin_queries, builtin_skills
from skillrouter.eval.routing import EmbedderSpec, RoutingConfig, RoutingSetup, evaluate_routing

KEYS = (
    "n_queries",
    "n_answerable",
    "k",
    "p_at_1",
    "recall_at_k",
    "mrr",
    "ndcg_at_k",
    "abstain_precision",
    "abstain_recall",
    "abstain_f1",
    "decision_accuracy",
    "threshold",
    "latency_ms_p50",
    "latency_ms_p95",
)


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLROUTER_CACHE_DIR", str(tmp_path / "cache"))


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(eval_group, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_builtin_benchmark_json_and_report(tmp_path: Path) -> None:
    code, out, err = invoke(
        "routing",
        "--embedder",
        "hash",
        "--latency-sample",
        "5",
        "--json",
        "-",
        "--report",
        str(tmp_path / "rep"),
        "--quiet",
    )
    assert code == 0, err
    data = json.loads(out)  # with --json -, stdout is the JSON alone; the table goes to stderr
    assert all(key in data for key in KEYS)
    assert data["n_queries"] == 134 and data["n_answerable"] == 102 and data["k"] == 5
    assert "built-in benchmark" in err and "Nothing was fitted" in err
    files = {p.name for p in (tmp_path / "rep").iterdir()}
    assert files == {"report.md", "metrics.json", "errors.jsonl", "precision_coverage.png", "gold_rank.png"}
    assert (tmp_path / "rep" / "precision_coverage.png").read_bytes()[:4] == b"\x89PNG"
    errors = [json.loads(line) for line in (tmp_path / "rep" / "errors.jsonl").read_text().splitlines()]
    assert errors and all(e["error"] in {"wrong_skill", "false_abstain", "false_route"} for e in errors)
    assert all(e["candidates"] and {"name", "similarity", "score"} <= set(e["candidates"][0]) for e in errors)
    report = (tmp_path / "rep" / "report.md").read_text()
    assert "Nothing was fitted" in report and "![precision vs coverage](precision_coverage.png)" in report


def test_cli_agrees_with_the_library(tmp_path: Path) -> None:
    code, _, err = invoke(
        "routing",
        "--embedder",
        "hash",
        "--train-frac",
        "0.5",
        "--seed",
        "4",
        "--latency-sample",
        "0",
        "--json",
        str(tmp_path / "m.json"),
        "--quiet",
    )
    assert code == 0, err
    cli = json.loads((tmp_path / "m.json").read_text())
    setup = RoutingSetup(queries=load_queries_jsonl(builtin_queries()), skills=[builtin_skills()])
    lib = evaluate_routing(
        setup,
        EmbedderSpec("hash"),
        RoutingConfig(train_frac=0.5, seed=4, latency_sample=0),
        embedder=HashEmbedder(256),
    )
    assert {k: cli[k] for k in KEYS} == {k: lib.to_json()[k] for k in KEYS}
    assert cli["fitted"]["threshold"] is True


def test_several_embedders_side_by_side(tmp_path: Path) -> None:
    (tmp_path / "skills.jsonl").write_text(
        json.dumps({"name": "alpha", "description": "zebra yak"})
        + "\n"
        + json.dumps({"name": "beta", "description": "walrus ibis"})
        + "\n"
    )
    (tmp_path / "q.jsonl").write_text(
        json.dumps({"query": "zebra yak please", "gold": ["alpha"]})
        + "\n"
        + json.dumps({"query": "walrus ibis please", "gold": ["beta"]})
        + "\n"
    )
    code, out, err = invoke(
        "routing",
        "--skills",
        str(tmp_path / "skills.jsonl"),
        "--queries",
        str(tmp_path / "q.jsonl"),
        "--embedder",
        "hash",
        "--embedder",
        "hash",
        "--query-prompt",
        "q: ",
        "--latency-sample",
        "0",
        "--json",
        str(tmp_path / "m.json"),
    )
    assert code == 0, err
    header = out.splitlines()[1]
    assert header.count("plain dense (hash") == 2 and header.count("hash") == 4  # each with its baseline
    data = json.loads((tmp_path / "m.json").read_text())
    assert isinstance(data, list) and len(data) == 2 and all(d["p_at_1"] == 1.0 for d in data)
    assert all(d["baseline"]["p_at_1"] == 1.0 for d in data)


def test_routing_prints_the_plain_dense_baseline_beside_the_router(tmp_path: Path) -> None:
    (tmp_path / "skills.jsonl").write_text(
        json.dumps({"name": "alpha", "description": "zebra yak"})
        + "\n"
        + json.dumps({"name": "beta", "description": "walrus ibis"})
        + "\n"
    )
    (tmp_path / "q.jsonl").write_text(
        json.dumps({"query": "zebra yak please", "gold": ["alpha"]})
        + "\n"
        + json.dumps({"query": "haiku", "gold": []})
        + "\n"
    )
    code, out, err = invoke(
        "routing",
        "--skills",
        str(tmp_path / "skills.jsonl"),
        "--queries",
        str(tmp_path / "q.jsonl"),
        "--embedder",
        "hash",
        "--latency-sample",
        "0",
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].split()[-2:] == ["plain", "dense"]
    threshold = next(line for line in lines if line.startswith("threshold"))
    assert threshold.split()[-1] == "0.280"  # the baseline's own fixed threshold, beside the router's


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("routing", "--embedder", "hash", "--learn"), "error: --learn needs a split"),
        (("routing", "--embedder", "hash", "--keyword-weight", "auto"), "error: --keyword-weight auto"),
        (
            ("routing", "--skills", "nowhere", "--queries", "missing.jsonl"),
            "error: missing.jsonl: file not found",
        ),
        (("routing", "--dataset", "nothing:here"), "error: unknown dataset spec"),
        (("evolution", "--dataset", "metatool:/no/such/dir"), "error: /no/such/dir/plugin_des.json"),
    ],
)
def test_errors_are_one_line(args: tuple[str, ...], message: str) -> None:
    code, _, err = invoke(*args)
    assert code == 1
    assert err.startswith(message) and len(err.strip().splitlines()) == 1


def test_usage_errors() -> None:
    result = CliRunner().invoke(eval_group, ["routing", "--skills", "x"])
    assert result.exit_code == 2 and "--skills and --queries go together" in result.stderr
    result = CliRunner().invoke(eval_group, ["routing", "--keyword-weight", "heavy"])
    assert result.exit_code == 2


def test_the_evolution_runs_on_the_blind_chinese_stream(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        eval_group,
        [
            "evolution",
            "--dataset",
            "blind-zh",
            "--tasks",
            "40",
            "--policy",
            "shrunk",
            "--agent-tasks",
            "0",
            "--embedder",
            "hash",
            "--json",
            str(tmp_path / "zh.json"),
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert "skill evolution: 40 tasks over" in result.stdout
    config = json.loads((tmp_path / "zh.json").read_text())["config"]
    assert (config["probe_per_kind"], config["variant_kinds"], config["min_per_kind"]) == (0, 0, 2)
    assert "merge offers put to the judge" in result.stdout


def test_reachable_from_the_skillrouter_command(tmp_path: Path) -> None:
    from skillrouter.cli import cli

    result = CliRunner().invoke(
        cli,
        [
            "eval",
            "evolution",
            "--dataset",
            "builtin",
            "--tasks",
            "30",
            "--kinds",
            "8",
            "--probes",
            "1",
            "--variant-kinds",
            "0",
            "--every",
            "10",
            "--policy",
            "similarity",
            "--policy",
            "shrunk",
            "--embedder",
            "hash",
            "--report",
            str(tmp_path / "evo"),
            "--quiet",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert "skill evolution: 30 tasks over 8 kinds" in result.stdout
    assert {"similarity", "shrunk"} <= set(result.stdout.splitlines()[1].split())
    assert {p.name for p in (tmp_path / "evo").iterdir()} == {
        "summary.md",
        "metrics.json",
        "learning_curves.png",
    }
    data = json.loads((tmp_path / "evo" / "metrics.json").read_text())
    # the two policies, then the first tasks (all 30 here) replayed by the simulation and the agent itself
    assert [r["policy"] for r in data["runs"]] == [
        "similarity",
        "shrunk",
        "simulation, 30 tasks",
        "agent, 30 tasks",
    ]
    assert [c["tasks"] for c in data["runs"][0]["checkpoints"]] == [0, 10, 20, 30]
