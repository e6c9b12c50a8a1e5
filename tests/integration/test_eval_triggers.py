"""``skillrouter eval triggers``: a skill's trigger set routed by the real router (real model,
real store), against the example library, a copy of a store, and through the CLI."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import Embedder
from skillrouter.eval.cli import eval_group
from skillrouter.eval.triggers import (
    Bench,
    TriggerQuery,
    evaluate_skill,
    load_queries,
    run_triggers,
    suggest,
    why_lost,
)

from skillrouter import SkillLibrary

EXAMPLES = Path(__file__).resolve().parents[2] / "skillrouter" / "examples" / "skills"
CSV = EXAMPLES / "clean-csv-with-pandas"

SET = [
    {
        "query": "my csv has duplicate rows and weird date formats, clean it up with pandas",
        "should_trigger": True,
    },
    {"query": "这个CSV文件有很多重复行和空值，用pandas清洗一下", "should_trigger": True},
    {"query": "scrub the junk out of my exported contacts file before import", "should_trigger": True},
    {"query": "normalize column names and drop empty rows in data.csv", "should_trigger": True},
    {"query": "write a SQL migration that adds an index without downtime", "should_trigger": False},
    {"query": "make a budget spreadsheet for my household", "should_trigger": False},
    {"query": "analyze the nginx access logs for 500 errors", "should_trigger": False},
    {"query": "summarize the columns of this dataset for a report", "should_trigger": False},
]


@pytest.fixture
def trigger_set(tmp_path: Path) -> Path:
    path = tmp_path / "set.json"
    path.write_text(json.dumps(SET, ensure_ascii=False), "utf-8")
    return path


def test_a_skill_among_the_example_library_is_scored_and_its_losses_explained(
    trigger_set: Path, cli_uses: Callable[[Embedder], None], st_embedder: Embedder
) -> None:
    cli_uses(st_embedder)
    (report,) = run_triggers([CSV], libraries=[EXAMPLES], queries_file=trigger_set)
    assert report.name == "clean-csv-with-pandas" and report.status == "active"
    c = report.counts
    assert c["tp"] + c["fn"] == 4 and c["fp"] + c["tn"] == 4
    assert report.recall == c["tp"] / 4
    assert report.f1 == pytest.approx(2 * c["tp"] / (2 * c["tp"] + c["fp"] + c["fn"]))
    for q in report.lost:  # every loss says what to act on
        assert q.why is not None and q.why["lost_to"] in ("none", q.routed)
        assert q.why["uncovered"], q  # words of the query the description lacks
    for q in report.stolen:
        assert q.routed == "clean-csv-with-pandas" and not q.should_trigger
    for q in report.queries:  # the margin: the skill's relevance against the best other candidate
        assert q.margin is None or (q.margin > 0) == (q.routed == report.name) or q.routed is None
    scrub = next(q for q in report.queries if q.query.startswith("scrub"))
    if not scrub.triggered:
        assert {"scrub", "junk"} <= set(scrub.why["uncovered"])  # type: ignore[index]


def test_a_chinese_query_against_an_english_description_says_so(
    tmp_path: Path, cli_uses: Callable[[Embedder], None], st_embedder: Embedder
) -> None:
    cli_uses(st_embedder)
    skill = tmp_path / "invoice-ocr"
    skill.mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: invoice-ocr\n"
        "description: Read scanned invoices and pull out totals, dates and vendors.\n---\n# Invoice OCR\n",
        "utf-8",
    )
    queries = [TriggerQuery("帮我识别这张扫描发票上的金额和日期", True), TriggerQuery("write a haiku", False)]
    with Bench.of_paths([EXAMPLES]) as bench:
        name = bench.add(skill).name
        report = evaluate_skill(bench, name, queries)
        routes = bench.route([queries[0].query])
        why = why_lost(bench, bench.skills[name], report.queries[0], routes[0])
    assert "CJK" in why["language"] and "description_zh" in why["language"]
    assert why["engine"] == "multilingual"


def test_suggestions_are_only_measured_improvements(
    trigger_set: Path, cli_uses: Callable[[Embedder], None], st_embedder: Embedder
) -> None:
    cli_uses(st_embedder)
    queries = load_queries(trigger_set)
    with Bench.of_paths([EXAMPLES]) as bench:
        name = bench.add(CSV).name
        report = evaluate_skill(bench, name, queries)
        kept = suggest(bench, report, queries)
        after = evaluate_skill(bench, name, queries)  # the skill is put back as it was
    assert [q.triggered for q in after.queries] == [q.triggered for q in report.queries]
    for s in kept:
        assert s.f1_fit > s.base_fit and s.f1_held_out >= s.base_held_out


def test_the_cli_against_a_copy_of_a_store_leaves_the_store_alone(
    tmp_path: Path, trigger_set: Path, cli_uses: Callable[[Embedder], None], st_embedder: Embedder
) -> None:
    cli_uses(st_embedder)
    store = tmp_path / "store"
    with SkillLibrary.open(store) as lib:
        lib.import_skills([EXAMPLES])
        before = sorted(lib.store.names())
    edited = store / "skills" / "plan-trip-itinerary" / "SKILL.md"  # a hand edit the store has not seen
    edited.write_text(edited.read_text("utf-8") + "\nAlso plans road trips.\n", "utf-8")
    folder = edited.parent
    before_files = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    skill = tmp_path / "clean-csv-with-pandas"
    shutil.copytree(CSV, skill)
    text = (skill / "SKILL.md").read_text("utf-8")
    (skill / "SKILL.md").write_text(
        text.replace("description:", "description: Deduplicate and tidy tables.", 1)
    )
    out = tmp_path / "r.json"
    result = CliRunner().invoke(
        eval_group,
        ["triggers", str(skill), "--queries", str(trigger_set), "--store", str(store), "--json", str(out)],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    assert "clean-csv-with-pandas: recall" in result.output
    data = json.loads(out.read_text("utf-8"))
    (row,) = data["skills"]
    assert {"recall", "precision", "f1", "lost", "stolen", "queries"} <= set(row)
    assert len(row["queries"]) == len(SET)
    after_files = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert after_files == before_files  # the copy's refresh judged the edit in a copy of the folder
    with SkillLibrary.open(store) as lib:  # the author's version went into a copy only
        assert sorted(lib.store.names()) == before
        assert not lib.get("clean-csv-with-pandas").description.startswith("Deduplicate")
    low = CliRunner().invoke(
        eval_group,
        ["triggers", str(skill), "--queries", str(trigger_set), "--store", str(store), "--min-f1", "1.0"],
    )
    if row["f1"] < 1.0:
        assert low.exit_code == 1 and "F1 under 1.0" in low.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[]", "non-empty list"),
        ('[{"query": "x"}]', "[0]: 'should_trigger' must be true or false"),
        ('[{"query": "", "should_trigger": true}]', "[0]: 'query' must be non-empty text"),
        ("{not json", "not valid JSON"),
    ],
)
def test_a_bad_trigger_set_is_one_line_naming_the_file(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, "utf-8")
    result = CliRunner().invoke(eval_group, ["triggers", str(CSV), "--queries", str(bad)])
    assert result.exit_code == 1
    assert result.output.startswith("error: ") and "bad.json" in result.output and message in result.output
    assert result.output.count("\n") == 1


def test_a_folder_of_sets_gives_each_skill_its_own(tmp_path: Path) -> None:
    sets = tmp_path / "sets"
    sets.mkdir()
    result = CliRunner().invoke(eval_group, ["triggers", str(CSV), "--queries", str(sets)])
    assert result.exit_code == 1 and "clean-csv-with-pandas.json" in result.output


def test_a_models_rewrites_are_kept_only_when_measured_better(
    trigger_set: Path, tmp_path: Path, cli_uses: Callable[[Embedder], None], st_embedder: Embedder
) -> None:
    from skillrouter.agent.fakes import ScriptedChatModel

    cli_uses(st_embedder)
    good = (
        "Clean messy CSV files and spreadsheet exports with pandas: scrub junk rows, remove duplicates, "
        "fix date formats, trim whitespace, fill blanks, tidy exported contacts files before import."
    )
    bad = "Write poems about autumn leaves."
    prompts: list[str] = []

    def answer(call: object) -> str:
        prompts.append(str(getattr(call, "prompt", call)))
        return json.dumps({"descriptions": [good, bad]})

    factory_calls: list[tuple[str, str | None]] = []

    def factory(spec: str, base_url: str | None) -> ScriptedChatModel:
        factory_calls.append((spec, base_url))
        return ScriptedChatModel(responder=answer)

    out = tmp_path / "r.json"
    args = ["triggers", str(CSV), "--queries", str(trigger_set), "--with", str(EXAMPLES), "--json", str(out)]
    result = CliRunner().invoke(
        eval_group,
        [*args, "--suggest", "--model", "openai:gpt-4o-mini", "--base-url", "http://x/v1"],
        obj={"chat_model_factory": factory},
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.output
    (row,) = json.loads(out.read_text("utf-8"))["skills"]
    rewrites = [s for s in row["suggestions"] if s["kind"] == "description"]
    if row["lost"] or row["stolen"]:
        assert factory_calls == [("openai:gpt-4o-mini", "http://x/v1")] and prompts
        assert [s["phrase"] for s in rewrites] == [good]  # the poem loses every request: never shown
        for s in rewrites:
            assert s["f1_fit"] > s["base_fit"] and s["f1_held_out"] >= s["base_held_out"]
        held_out = [q["query"] for i, q in enumerate(SET) if i % 2]  # never shown to the model
        assert not any(q in p for p in prompts for q in held_out[:1])
    usage = CliRunner().invoke(eval_group, [*args, "--model", "openai:gpt-4o-mini"])
    assert usage.exit_code == 2 and "--suggest" in usage.output
