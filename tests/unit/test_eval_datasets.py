"""eval.datasets: readers on the real benchmark files, names, errors and train/test splits."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path

import pytest
from skillrouter.eval.datasets import (
    Dataset,
    DatasetFormatError,
    Query,
    load_dataset,
    load_metatool,
    load_queries_jsonl,
    load_seal_tools,
    slug,
    split,
    unique_slugs,
)

from skillrouter.errors import SkillRouterError

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(os.environ.get("SKILLROUTER_DATA", ROOT.parent / "shared" / "data"))
METATOOL = DATA / "metatool"
SEAL = DATA / "seal-tools"
NAME_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

needs_data = pytest.mark.skipif(
    not (METATOOL.is_dir() and SEAL.is_dir()), reason=f"benchmark data not in {DATA}"
)


@pytest.fixture(scope="module")
def metatool() -> Dataset:
    return load_metatool(METATOOL)


@pytest.fixture(scope="module")
def seal() -> Dataset:
    return load_seal_tools(SEAL)


def assert_valid_names(dataset: Dataset) -> None:
    names = dataset.tool_names
    assert len(set(names)) == len(names)
    assert all(NAME_RE.match(n) and len(n) <= 64 for n in names)
    known = set(names)
    assert all(g in known for q in dataset.queries for g in q.gold)


# ---------------------------------------------------------------- names


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("ResearchHelper", "research-helper"),
        ("getPostmodernTheory", "get-postmodern-theory"),
        ("SEOTool", "seo-tool"),
        ("PDF&URLTool", "pdf-url-tool"),
        ("getPM2.5Level", "get-pm2-5-level"),
        ("requestFirst Aid Assistance", "request-first-aid-assistance"),
        ("MixerBox_Translate_AI_language_tutor", "mixer-box-translate-ai-language-tutor"),
        ("createIn-AppMessage", "create-in-app-message"),
        ("timeport", "timeport"),
        ("&&&", "tool"),
    ],
)
def test_slug(source: str, expected: str) -> None:
    assert slug(source) == expected


def test_slug_cuts_to_64() -> None:
    long = slug("Word" * 30)
    assert len(long) <= 64 and NAME_RE.match(long)


def test_unique_slugs_disambiguates_deterministically() -> None:
    names = ["fooBar", "foo_bar", "foo-bar", "FooBar", "foo-bar-2"]
    mapping = unique_slugs(names)
    assert mapping == unique_slugs(reversed(names))
    assert len(set(mapping.values())) == len(names)
    assert all(NAME_RE.match(v) for v in mapping.values())
    assert mapping["foo-bar-2"] == "foo-bar-2"  # a natural slug is never taken by a suffix
    # sorted originals: "FooBar" < "foo-bar" < "fooBar" < "foo_bar"
    assert [mapping[n] for n in ["FooBar", "foo-bar", "fooBar", "foo_bar"]] == [
        "foo-bar",
        "foo-bar-3",
        "foo-bar-4",
        "foo-bar-5",
    ]
    long = unique_slugs(["A" + "b" * 70, "a" + "b" * 70])
    assert all(len(v) <= 64 and NAME_RE.match(v) for v in long.values()) and len(set(long.values())) == 2


# ---------------------------------------------------------------- MetaTool


@needs_data
def test_metatool_counts(metatool: Dataset) -> None:
    assert metatool.name == "metatool"
    assert len(metatool.tools) == 199
    splits = Counter(q.meta["split"] for q in metatool.queries)
    assert splits == {"single_tool": 20614, "no_tool": 520}
    assert all(len(q.gold) == 1 for q in metatool.queries if q.meta["split"] == "single_tool")
    assert all(q.gold == () for q in metatool.queries if q.meta["split"] == "no_tool")
    assert_valid_names(metatool)
    assert all(t.description and t.source_name for t in metatool.tools)
    used = {g for q in metatool.queries for g in q.gold}
    assert used == set(metatool.tool_names)  # every tool has queries


@needs_data
def test_metatool_names_map_back(metatool: Dataset) -> None:
    first = metatool.queries[0]
    assert first.query == "Can I find academic research papers on this topic?"
    assert first.gold == ("research-helper",)
    assert first.meta["source_tools"] == ("ResearchHelper",)
    assert first.meta["source"] == "all_clean_data.csv:2"
    mapping = metatool.source_names
    assert mapping["ResearchHelper"] == "research-helper"
    assert mapping["PDF&URLTool"] == "pdf-url-tool"
    assert mapping["timeport"] == "timeport"
    descriptions = json.loads((METATOOL / "plugin_des.json").read_text(encoding="utf-8"))
    by_name = {t.name: t for t in metatool.tools}
    for original, name in mapping.items():
        assert by_name[name].description == descriptions[original].strip()


@needs_data
def test_metatool_options() -> None:
    multi = load_metatool(METATOOL, include_no_tool=False, include_multi_tool=True)
    assert Counter(q.meta["split"] for q in multi.queries) == {"single_tool": 20614, "multi_tool": 497}
    assert all(len(q.gold) == 2 for q in multi.queries if q.meta["split"] == "multi_tool")
    assert_valid_names(multi)


def test_metatool_sampling_is_seeded_and_keeps_file_order(tmp_path: Path) -> None:
    rows = "".join(f"task {i}?,{'WeatherTool' if i % 2 else 'NewsTool'}\n" for i in range(60))
    root = write_metatool(tmp_path, {"WeatherTool": "Weather.", "NewsTool": "News."}, "Query,Tool\n" + rows)
    a = load_metatool(root, sample=20, seed=3)
    assert a.queries == load_metatool(root, sample=20, seed=3).queries
    assert a.queries != load_metatool(root, sample=20, seed=4).queries
    assert len(a.queries) == 20 and len(a.tools) == 2
    full = load_metatool(root)
    position = {q.meta["source"]: i for i, q in enumerate(full.queries)}
    positions = [position[q.meta["source"]] for q in a.queries]
    assert positions == sorted(positions)
    assert load_metatool(root, sample=1000).queries == full.queries
    with pytest.raises(ValueError, match="sample"):
        load_metatool(root, sample=0)


def write_metatool(tmp: Path, descriptions: dict[str, str], csv_text: str) -> Path:
    (tmp / "plugin_des.json").write_text(json.dumps(descriptions), encoding="utf-8")
    (tmp / "all_clean_data.csv").write_text(csv_text, encoding="utf-8")
    (tmp / "no_tool_queries.jsonl").write_text('{"query": "hello there"}\n', encoding="utf-8")
    return tmp


def test_metatool_tool_without_description_names_file_and_line(tmp_path: Path) -> None:
    root = write_metatool(
        tmp_path, {"WeatherTool": "Weather."}, "Query,Tool\nrain?,WeatherTool\nnews?,NewsTool\n"
    )
    with pytest.raises(DatasetFormatError) as caught:
        load_metatool(root)
    message = str(caught.value)
    assert f"{root / 'all_clean_data.csv'}:3" in message and "Tool" in message and "NewsTool" in message
    assert "\n" not in message
    assert isinstance(caught.value, SkillRouterError)  # the CLI's one-line error, like every error of ours


def test_metatool_case_insensitive_fallback(tmp_path: Path) -> None:
    root = write_metatool(tmp_path, {"weathertool": "Weather."}, "Query,Tool\nrain?,WeatherTool\n")
    dataset = load_metatool(root)
    assert [q.gold for q in dataset.queries] == [("weathertool",), ()]


# ---------------------------------------------------------------- Seal-Tools


@needs_data
def test_seal_tools_counts(seal: Dataset) -> None:
    assert seal.name == "seal-tools"
    assert len(seal.tools) == 4076
    assert_valid_names(seal)
    cells = Counter((q.meta["split"], q.meta["difficulty"]) for q in seal.queries)
    assert cells == {
        ("test_in_domain", "easy"): 200,
        ("test_in_domain", "difficult"): 500,
        ("test_out_domain", "easy"): 94,
        ("test_out_domain", "difficult"): 560,
    }
    assert all(len(q.gold) == 1 for q in seal.queries if q.meta["difficulty"] == "easy")
    assert all(len(q.gold) > 1 for q in seal.queries if q.meta["difficulty"] == "difficult")
    assert sum(len(q.gold) > 1 for q in seal.queries) == 1060
    assert all(len(set(q.gold)) == len(q.gold) for q in seal.queries)


@needs_data
def test_seal_tools_first_query_and_tool(seal: Dataset) -> None:
    first = seal.queries[0]
    assert first.query == "Retrieve information about postmodern theory."
    assert first.gold == ("get-postmodern-theory",)
    assert first.meta["id"] == "test_in_domain-easy-0" and first.meta["n_calls"] == 1
    tool = seal.tools[0]
    assert (tool.name, tool.source_name) == ("analyze-evidence", "analyzeEvidence")
    assert tool.description == "Analyze the chemical evidence collected from a crime scene"
    assert tool.tags == ("Chemical Engineering", "Forensic engineering")
    assert seal.source_names["getPM2.5Level"] == "get-pm2-5-level"


@needs_data
def test_seal_tools_splits() -> None:
    both = load_seal_tools(SEAL, splits=("dev", "test_out_domain"))
    assert Counter((q.meta["split"], q.meta["difficulty"]) for q in both.queries) == {
        ("dev", "easy"): 200,
        ("dev", "difficult"): 500,
        ("test_out_domain", "easy"): 94,
        ("test_out_domain", "difficult"): 560,
    }
    with pytest.raises(ValueError, match="train"):
        load_seal_tools(SEAL, splits=("train",))


def write_seal(tmp: Path, calls: list[list[str]]) -> Path:
    tool = {"api_name": "getX", "api_description": "Get X.", "field": "A/B"}
    (tmp / "tool.jsonl").write_text(json.dumps(tool) + "\n", encoding="utf-8")
    lines = [
        {"id": f"dev-easy-{i}", "query": f"q{i}?", "calling": [{"api": api} for api in apis]}
        for i, apis in enumerate(calls)
    ]
    (tmp / "dev.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return tmp


def test_seal_tools_unknown_api_names_file_line_and_field(tmp_path: Path) -> None:
    root = write_seal(tmp_path, [["getX"], ["getX", "getY"]])
    with pytest.raises(DatasetFormatError, match=r"dev\.jsonl:2: calling\[1\]\.api: 'getY'"):
        load_seal_tools(root, splits=("dev",))


# ---------------------------------------------------------------- dispatch


def test_load_dataset_dispatches(tmp_path: Path) -> None:
    meta_dir = tmp_path / "m"
    seal_dir = tmp_path / "s"
    meta_dir.mkdir()
    seal_dir.mkdir()
    write_metatool(meta_dir, {"WeatherTool": "Weather."}, "Query,Tool\nrain?,WeatherTool\n")
    write_seal(seal_dir, [["getX"], ["getX", "getX"]])
    metatool = load_dataset(f"metatool:{meta_dir}", include_no_tool=False)
    assert (metatool.name, [q.gold for q in metatool.queries]) == ("metatool", [("weather-tool",)])
    seal = load_dataset(f"seal-tools:{seal_dir}", splits=("dev",))
    assert (seal.name, [q.gold for q in seal.queries]) == ("seal-tools", [("get-x",), ("get-x",)])
    assert seal.queries[1].meta["n_calls"] == 2


@pytest.mark.parametrize("spec", ["toolbench:/x", "metatool", "metatool:", "/some/dir"])
def test_load_dataset_rejects_unknown_specs(spec: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(spec))):
        load_dataset(spec)


# ---------------------------------------------------------------- project JSONL


def test_load_queries_jsonl(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    lines = [
        {"query": "review my code", "gold": ["code-review", "code-review", "lint"]},
        {"query": "tell a joke", "gold": [], "meta": {"split": "neg"}},
    ]
    path.write_text(json.dumps(lines[0]) + "\n\n" + json.dumps(lines[1]) + "\n", encoding="utf-8")
    queries = load_queries_jsonl(path)
    assert queries == [Query("review my code", ("code-review", "lint")), Query("tell a joke", ())]
    assert queries[1].meta == {"split": "neg"}


@pytest.mark.parametrize(
    ("bad_line", "field"),
    [
        ('{"query": "x", "gold": ["a"]', "not valid JSON"),
        ('["x"]', "expected a JSON object"),
        ('{"gold": ["a"]}', "query:"),
        ('{"query": "  ", "gold": ["a"]}', "query:"),
        ('{"query": "x"}', "gold:"),
        ('{"query": "x", "gold": "a"}', "gold:"),
        ('{"query": "x", "gold": ["a", 3]}', "gold[1]:"),
        ('{"query": "x", "gold": [], "meta": 1}', "meta:"),
    ],
)
def test_load_queries_jsonl_bad_lines(tmp_path: Path, bad_line: str, field: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"query": "ok", "gold": ["a"]}\n\n' + bad_line + "\n", encoding="utf-8")
    with pytest.raises(DatasetFormatError) as caught:
        load_queries_jsonl(path)
    message = str(caught.value)
    assert message.startswith(f"{path}:3: ") and field in message
    assert "\n" not in message and caught.value.line == 3


def test_load_queries_jsonl_line_separators_inside_strings(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text('{"query": "a\u2028b", "gold": []}\r\n{"query": "c", "gold": ["x"]}\n', encoding="utf-8")
    assert [q.query for q in load_queries_jsonl(path)] == ["a\u2028b", "c"]
    path.write_bytes(b'{"query": "\xff", "gold": []}\n')
    with pytest.raises(DatasetFormatError, match="not UTF-8"):
        load_queries_jsonl(path)


def test_load_queries_jsonl_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetFormatError, match="not found"):
        load_queries_jsonl(tmp_path / "nope.jsonl")


# ---------------------------------------------------------------- split


def make_queries() -> list[Query]:
    queries = [
        Query(f"{tool} task {i}", (tool,))
        for tool, n in [("a", 10), ("b", 4), ("c", 2), ("d", 1)]
        for i in range(n)
    ]
    queries += [Query(f"chit-chat {i}", ()) for i in range(10)]
    queries += [Query("same text", ("a",)), Query("same text", ("b",)), Query("same text", ("a",))]
    return queries


def test_split_is_deterministic_disjoint_and_stratified() -> None:
    queries = make_queries()
    train, test = split(queries, 0.7, seed=1)
    assert (train, test) == split(queries, 0.7, seed=1)
    assert split(queries, 0.7, seed=2) != (train, test)
    assert sorted(map(id, train + test)) == sorted(map(id, queries))
    assert not {q.query for q in train} & {q.query for q in test}  # same text, same side
    for tool in "abc":  # every tool with >= 2 queries on both sides
        assert any(tool in q.gold for q in train) and any(tool in q.gold for q in test)
    assert sum(not q.gold for q in train) == 7 and sum(not q.gold for q in test) == 3
    position = {id(q): i for i, q in enumerate(queries)}
    assert [position[id(q)] for q in train] == sorted(position[id(q)] for q in train)
    with pytest.raises(ValueError, match="train_frac"):
        split(queries, 1.0, seed=0)


@pytest.mark.parametrize("train_frac", [0.05, 0.95])
def test_split_keeps_small_strata_on_both_sides(train_frac: float) -> None:
    queries = [Query(f"{tool} task {i}", (tool,)) for tool in "abcdefgh" for i in range(2)]
    for seed in range(5):
        train, test = split(queries, train_frac, seed=seed)
        for tool in "abcdefgh":
            assert any(tool in q.gold for q in train) and any(tool in q.gold for q in test)


def test_split_repairs_multi_gold_coverage() -> None:
    # x is never the rarest gold of its queries, so strata ignore it; each stratum {q_i, p_i}
    # splits 1-1 and x lands on one side only for some seeds. The final pass must swap q_i and p_i.
    queries = [Query(f"q{i}", ("x", f"r{i}")) for i in range(3)] + [
        Query(f"p{i}", (f"r{i}",)) for i in range(3)
    ]
    for seed in range(40):
        train, test = split(queries, 0.5, seed=seed)
        assert len(train) == len(test) == 3
        for tool in ["x", "r0", "r1", "r2"]:
            assert any(tool in q.gold for q in train) and any(tool in q.gold for q in test), (seed, tool)


@needs_data
def test_split_on_metatool(metatool: Dataset) -> None:
    train, test = split(metatool.queries, 0.2, seed=0)
    assert len(train) + len(test) == len(metatool.queries)
    assert abs(len(train) / len(metatool.queries) - 0.2) < 0.01
    assert sum(not q.gold for q in train) == 104 and sum(not q.gold for q in test) == 416
    assert {g for q in train for g in q.gold} == {g for q in test for g in q.gold} == set(metatool.tool_names)
    assert not {q.query for q in train} & {q.query for q in test}
