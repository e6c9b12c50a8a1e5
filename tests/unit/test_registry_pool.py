"""benchmarks/registry_pool.py's pool: unique names across sources, gold skills in every pool,
each pool inside the next, synthetic padding only above the real count and labelled. A tiny data
folder written here (two libraries with a name in common, three Seal-Tools tools); nothing is
embedded."""

from __future__ import annotations

import importlib.util
import itertools
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "registry_pool.py"


@pytest.fixture(scope="module")
def rp() -> ModuleType:
    spec = importlib.util.spec_from_file_location("registry_pool", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["registry_pool"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _skill(root: Path, folder: str, name: str, description: str) -> None:
    (root / folder).mkdir(parents=True)
    (root / folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n---\n# {name}\n\nSteps for {description}\n",
        encoding="utf-8",
    )


@pytest.fixture
def data(tmp_path: Path) -> Path:
    libs = tmp_path / "skill-libraries"
    _skill(libs / "hermes-agent-0.19.0", "research/arxiv", "arxiv", "Search arXiv papers.")
    _skill(libs / "hermes-agent-0.19.0", "media/gif", "gif-search", "Find GIFs.")
    _skill(libs / "antigravity-awesome-skills", "skills/arxiv", "arxiv", "Fetch arXiv preprints.")
    _skill(libs / "antigravity-awesome-skills", "skills/pdf", "pdf-tools", "Merge and split PDF files.")
    _skill(libs / "clawhub-sample/en", "alice/arxiv", "arxiv", "Daily arXiv digest.")
    _skill(libs / "clawhub-sample/zh", "alice/arxiv", "arxiv", "每日 arXiv 摘要。")
    seal = tmp_path / "seal-tools"
    seal.mkdir()
    tools = [
        {
            "api_name": "getWeather",
            "api_description": "Weather for a city.",
            "field": "Weather",
            "parameters": {},
        },
        {
            "api_name": "arxiv",
            "api_description": "Search arXiv by keyword.",
            "field": "Science",
            "parameters": {},
        },
        {"api_name": "bookFlight", "api_description": "Book a flight.", "field": "Travel", "parameters": {}},
    ]
    (seal / "tool.jsonl").write_text("".join(json.dumps(t) + "\n" for t in tools), encoding="utf-8")
    for part, api in (("test_in_domain", "getWeather"), ("test_out_domain", "arxiv")):
        query = {"id": f"{part}-easy-0", "query": f"use {api}", "calling": [{"api": api, "param": {}}]}
        (seal / f"{part}.jsonl").write_text(json.dumps(query) + "\n", encoding="utf-8")
    return tmp_path


def test_names_are_unique_and_each_source_finds_its_own(rp: ModuleType, data: Path) -> None:
    real = rp.read_real(data)
    names = [s.name for s in real.skills]
    assert len(names) == len(set(names)) == 9
    arxivs = [(s.source, s.name) for s in real.skills if s.key.endswith("arxiv")]
    assert arxivs == [  # first come keeps the name, in the order the sources are read
        ("hermes", "arxiv"),
        ("antigravity", "arxiv-2"),
        ("clawhub-en", "arxiv-3"),
        ("clawhub-zh", "arxiv-4"),
        ("seal-tools", "arxiv-5"),
    ]
    assert real.by_name["hermes"]["arxiv"] == "arxiv"
    assert real.by_name["antigravity"]["arxiv"] == "arxiv-2"
    assert real.by_key["clawhub-en"]["alice/arxiv"] == "arxiv-3"
    assert real.by_key["clawhub-zh"]["alice/arxiv"] == "arxiv-4"
    seal_arxiv = real.by_key["seal-tools"]["arxiv"]
    records = {s.name: s.record for s in real.skills}
    assert all(r["name"] == n for n, r in records.items())  # the import reads the renamed record
    assert "Steps for" in records["arxiv-2"]["body"]  # SKILL.md bodies travel with the skill

    tasks = rp.read_tasks(data, real)
    assert tasks["seal-out"][0].gold == (seal_arxiv,)
    assert tasks["seal-in"][0].meta["pool_source"] == "seal-in"


def test_pools_nest_keep_gold_and_pad_only_above_the_real_count(rp: ModuleType, data: Path) -> None:
    real = rp.read_real(data)
    by_name = {s.name: s for s in real.skills}
    gold = [by_name["arxiv-2"], by_name["pdf-tools"]]
    pools = rp.nest(gold, real.skills, [3, 6, 9, 20], seed=1, padding=lambda n: rp.synthetic(n, by_name))
    sizes = sorted(pools)
    assert [len(pools[n]) for n in sizes] == sizes
    for small, large in itertools.pairwise(sizes):
        assert pools[large][:small] == pools[small]  # each pool inside the next
    for pool in pools.values():
        assert {"arxiv-2", "pdf-tools"} <= {s.name for s in pool}
        assert len({s.name for s in pool}) == len(pool)
    assert all(s.source != rp.SYNTHETIC for s in pools[9])  # every real skill before any padding
    padding = [s for s in pools[20] if s.source == rp.SYNTHETIC]
    assert len(padding) == 11 and not {s.name for s in padding} & set(by_name)
    assert rp.nest(gold, real.skills, [6], seed=1) == {6: pools[6]}  # seeded: the same draw
    assert rp.nest(gold, real.skills, [6], seed=2)[6] != pools[6]
    with pytest.raises(ValueError, match="gold"):
        rp.nest(gold, real.skills, [1])
    with pytest.raises(ValueError, match="real pool"):
        rp.nest(gold, real.skills, [20])  # no padding given


def test_sizes_label_the_padding(rp: ModuleType) -> None:
    assert rp._sizes(["1000", "real", "20000"], 6672) == [
        (1000, "1000"),
        (6672, "6672 (all real)"),
        (20000, "20000 (13328 synthetic)"),
    ]


def test_judged_p_at_1_counts_a_serving_top1_and_flags_the_unjudged(rp: ModuleType, tmp_path: Path) -> None:
    from skillrouter.eval.datasets import Query

    tasks = [
        Query("search arxiv", ("arxiv",), meta={"pool_source": "hermes"}),
        Query("weather in Paris", ("get-weather",), meta={"pool_source": "seal-in"}),
        Query("merge two pdfs", ("pdf-tools",), meta={"pool_source": "hermes"}),
    ]
    file = tmp_path / "judgements.jsonl"
    file.write_text(
        json.dumps({"query": "search arxiv", "skill": "arxiv-2", "serves": True, "why": "same"})
        + "\n"
        + json.dumps({"query": "weather in Paris", "skill": "get-forecast", "serves": False, "why": "x"})
        + "\n",
        encoding="utf-8",
    )
    judgements = rp.read_judgements(file)
    rows = [
        {
            "label": "1000",
            "top1": {"router": ["arxiv", "get-weather", "pdf-tools"], "dense": ["arxiv-2", None, "x"]},
        },
        {
            "label": "20000",
            "top1": {
                "router": ["arxiv-2", "get-forecast", "zip"],
                "dense": ["y", "get-weather", "pdf-tools"],
            },
        },
    ]
    out = rp.judged(rows, tasks, judgements)
    small, large = out["1000"], out["20000"]
    assert small["pooled"]["router"]["p_at_1"] == 1.0
    assert small["pooled"]["dense"] == {
        "n": 3,
        "right": 1,
        "unjudged": 1,
        "p_at_1": 0.3333,
    }  # None is no route
    assert large["pooled"]["router"] == {"n": 3, "right": 1, "unjudged": 1, "p_at_1": 0.3333}
    assert large["hermes"]["router"]["right"] == 1 and large["seal-in"]["router"]["right"] == 0
    table = rp.judged_table(out)
    assert "-0.667 / +0.333" in table  # pooled: router 1.0 -> 0.333, dense 0.333 -> 0.667


def test_a_broken_judgement_line_names_the_file_and_line(rp: ModuleType, tmp_path: Path) -> None:
    file = tmp_path / "judgements.jsonl"
    file.write_text('{"query": "a", "skill": "b", "serves": true}\n{"query": "a"}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"judgements\.jsonl:2: not a judgement"):
        rp.read_judgements(file)
    file.write_text('{"query": "a", "skill": "b", "serves": "no"}\n', encoding="utf-8")
    with pytest.raises(
        SystemExit, match=r"judgements\.jsonl:1: not a judgement \(serves must be true or false"
    ):
        rp.read_judgements(file)


def test_the_shipped_judgements_are_read_and_cover_gold_controls(rp: ModuleType) -> None:
    judgements = rp.read_judgements(rp.JUDGEMENTS)
    assert len(judgements) == 765
    assert sum(judgements.values()) == 293
