"""The CLI through click's CliRunner: commands that need no index, and the error contract.

Commands that embed or query (add, route, reindex, doctor, restore) run against the real
model and Chroma in tests/integration/test_core_cli.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from skillrouter.embeddings import Embedder, HashEmbedder
from support import as_json, ok, run

from skillrouter import Provenance, Skill, SkillLibrary, Store
from skillrouter.skillmd import render_skill_md, skill_to_json

CORE_COMMANDS = [
    "add",
    "doctor",
    "history",
    "list",
    "record",
    "refresh",
    "reindex",
    "restore",
    "route",
    "show",
    "trust",
]


@pytest.fixture(autouse=True)
def _no_model(cli_uses: Callable[[Embedder], None]) -> None:
    cli_uses(HashEmbedder())


@pytest.fixture
def store(tmp_path: Path) -> Store:
    st = Store(tmp_path / "store")
    st.add(
        Skill.create(
            "fix-flaky-test",
            "Find why a test fails sometimes.",
            task_type="debugging",
            procedure=["Run it 50 times"],
            tags=["ci"],
        ),
        files={"references/guide.md": b"# Guide\n", "scripts/run.sh": b"echo hi\n"},
    )
    st.add(
        Skill.create("risky-script", "Runs a script from the internet."),
        provenance=Provenance(
            findings=({"rule": "curl-pipe-shell", "path": "SKILL.md", "line": 3, "excerpt": "curl x | sh"},)
        ),
    )
    return st


def fails_in_one_line(result: Result, *fragments: str) -> str:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit)  # handled, not a crash
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr
    return result.stderr


def test_help_lists_the_core_commands() -> None:
    out = ok("--help").stdout
    for name in CORE_COMMANDS:
        assert f"  {name} " in out
    for name in CORE_COMMANDS:
        assert "--json" in ok(name, "--help").stdout and "--store" in ok(name, "--help").stdout


# ---------------------------------------------------------------- list


def test_list(store: Store) -> None:
    data = as_json("list", "--store", store.path)
    assert [d["name"] for d in data] == ["fix-flaky-test", "risky-script"]
    assert data[0] == store.records()["fix-flaky-test"].summary.to_dict()  # type: ignore[index]
    assert [d["name"] for d in as_json("list", "--status", "quarantined", "--store", store.path)] == [
        "risky-script"
    ]
    text = ok("list", "--store", store.path).stdout
    assert "fix-flaky-test" in text and "[quarantined]" in text and text.endswith("2 skills\n")


def test_the_store_comes_from_skillrouter_home(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SKILLROUTER_HOME", str(store.path))
    assert len(as_json("list")) == 2


# ---------------------------------------------------------------- show


def test_show_level0(store: Store) -> None:
    data = as_json("show", "fix-flaky-test", "--level", "0", "--store", store.path)
    assert data == store.get("fix-flaky-test").summary().to_dict() | {"findings": []}
    text = ok("show", "fix-flaky-test", "--level", "0", "--store", store.path).stdout
    assert text == (
        "fix-flaky-test [active, community] (debugging; 0 uses, avg -)\n  Find why a test fails sometimes.\n"
    )


def test_show_level1(store: Store) -> None:
    skill = store.get("fix-flaky-test")
    assert as_json("show", "fix-flaky-test", "--store", store.path) == skill_to_json(skill) | {
        "trust_level": "community",
        "findings": [],
    }
    text = ok("show", "fix-flaky-test", "--level", "1", "--store", store.path).stdout
    assert text.startswith(render_skill_md(skill))
    assert "## Procedure\n\n1. Run it 50 times" in text and "version 1, 0 uses" in text


def test_show_level2_and_one_file(store: Store) -> None:
    assert as_json("show", "fix-flaky-test", "--level", "2", "--store", store.path) == {
        "name": "fix-flaky-test",
        "files": ["references/guide.md", "scripts/run.sh"],
    }
    assert ok("show", "fix-flaky-test", "--level", "2", "--store", store.path).stdout == (
        "references/guide.md\nscripts/run.sh\n"
    )
    assert (
        ok("show", "fix-flaky-test", "--file", "scripts/run.sh", "--store", store.path).stdout == "echo hi\n"
    )
    assert as_json("show", "fix-flaky-test", "--file", "references/guide.md", "--store", store.path) == {
        "name": "fix-flaky-test",
        "path": "references/guide.md",
        "content": "# Guide\n",
    }


def test_show_refuses_paths_out_of_the_folder(store: Store) -> None:
    fails_in_one_line(
        run("show", "fix-flaky-test", "--file", "../risky-script/SKILL.md", "--store", store.path),
        "leaves the skill folder",
    )
    fails_in_one_line(run("show", "fix-flaky-test", "--file", "/etc/passwd", "--store", store.path))


def test_show_of_a_quarantined_skill_lists_its_findings(store: Store) -> None:
    result = ok("show", "risky-script", "--level", "0", "--store", store.path)
    assert "[quarantined, community]" in result.stdout
    assert "skillrouter trust risky-script" in result.stderr and "curl-pipe-shell" in result.stderr
    assert as_json("show", "risky-script", "--level", "0", "--store", store.path)["findings"][0]["line"] == 3


def test_show_of_a_folded_skill_says_into_which(store: Store) -> None:
    store.add(Skill.create("fix-flaky-tests", "Find why tests fail now and then."))
    with SkillLibrary.open(store.path, embedder=HashEmbedder()) as lib:
        lib.fold("fix-flaky-tests", into="fix-flaky-test")
    result = ok("show", "fix-flaky-tests", "--level", "0", "--store", store.path)
    assert "[retired, community]" in result.stdout
    assert (
        "folded into fix-flaky-test" in result.stderr and "skillrouter trust fix-flaky-tests" in result.stderr
    )
    assert "folded" not in ok("show", "fix-flaky-test", "--level", "0", "--store", store.path).stderr


# ---------------------------------------------------------------- record, history, trust


def test_record(store: Store) -> None:
    data = as_json("record", "fix-flaky-test", "9", "--task", "login test flakes", "--store", store.path)
    assert data == store.ledger.outcome("fix-flaky-test").to_dict()
    assert (data["use_count"], data["avg_score"]) == (1, 9.0)  # type: ignore[index]
    assert ok("record", "fix-flaky-test", "6", "--store", store.path).stdout == (
        "fix-flaky-test: 2 uses, avg score 7.50\n"
    )
    assert store.ledger.examples("fix-flaky-test") == [("fix-flaky-test", "login test flakes")]


def test_record_a_misfit_keeps_the_task_and_leaves_the_record_alone(store: Store) -> None:
    as_json("record", "fix-flaky-test", "9", "--store", store.path)
    data = as_json(
        "record", "fix-flaky-test", "2", "--misfit", "--task", "plan a trip to Lisbon", "--store", store.path
    )
    assert (data["use_count"], data["avg_score"], data["misfits"]) == (1, 9.0, 1)  # type: ignore[index]
    assert store.ledger.misfits("fix-flaky-test") == [("fix-flaky-test", "plan a trip to Lisbon")]
    assert store.ledger.examples("fix-flaky-test") == []
    refused = run("record", "fix-flaky-test", "2", "--misfit", "--store", store.path)
    assert refused.exit_code == 2 and "--misfit needs --task" in refused.output  # a usage error
    assert len(store.ledger.misfits("fix-flaky-test")) == 1


def test_record_refuses_scores_out_of_range(store: Store) -> None:
    fails_in_one_line(run("record", "fix-flaky-test", "11", "--store", store.path), "score", "1 to 10")
    assert store.ledger.outcome("fix-flaky-test").use_count == 0


def test_history(store: Store) -> None:
    store.update(Skill.create("fix-flaky-test", "Edited."), reason="refined")
    data = as_json("history", "fix-flaky-test", "--store", store.path)
    assert [(v["version"], v["reason"]) for v in data] == [(1, "add"), (2, "refined")]
    text = ok("history", "fix-flaky-test", "--store", store.path).stdout.splitlines()
    assert text[0].startswith("v1 ") and text[0].endswith("add") and text[1].endswith("refined")


def test_trust_releases_a_quarantined_skill(store: Store) -> None:
    assert as_json("trust", "risky-script", "--store", store.path) == {
        "name": "risky-script",
        "status": "active",
        "trust_level": "community",
    }
    assert store.get("risky-script").status == "active"


# ---------------------------------------------------------------- refresh


def test_refresh_reads_hand_edits_now(store: Store) -> None:
    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text(path.read_text().replace("Find why a test fails sometimes.", "Edited by hand."))
    data = as_json("refresh", "--store", store.path)
    assert data == {"embedded": 2, "deleted": 0, "unreadable": []}  # type: ignore[comparison-overlap]
    assert store.ledger.records()["fix-flaky-test"].summary.description == "Edited by hand."
    assert ok("refresh", "--store", store.path).stdout == "refreshed; index: 0 embedded, 0 removed\n"


@pytest.mark.slow  # waits out the index lock (30 s)
def test_refresh_while_another_process_writes_the_index_still_reads_the_files(store: Store) -> None:
    from filelock import FileLock

    path = store.files.folder("fix-flaky-test") / "SKILL.md"
    path.write_text(path.read_text().replace("Find why a test fails sometimes.", "Edited by hand."))
    with FileLock(str(store.path / "chroma.lock")):  # as a long-running process holds it
        result = ok("refresh", "--store", store.path)
    assert "left to the process that holds it" in result.stdout
    assert store.ledger.records()["fix-flaky-test"].summary.description == "Edited by hand."


# ---------------------------------------------------------------- errors: one line, exit 1


@pytest.mark.parametrize(
    "command",
    [
        ["list"],
        ["route", "a task"],
        ["show", "x"],
        ["history", "x"],
        ["record", "x", "5"],
        ["trust", "x"],
        ["doctor"],
        ["reindex"],
    ],
)
def test_missing_store(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "nowhere"
    fails_in_one_line(run(*command, "--store", missing), f"no skill store at {missing}", "--store")
    assert not missing.exists()


@pytest.mark.parametrize(
    "command",
    [
        ["show", "no-such-skill"],
        ["show", "no-such-skill", "--level", "2"],
        ["history", "no-such-skill"],
        ["record", "no-such-skill", "5"],
        ["trust", "no-such-skill"],
        ["restore", "no-such-skill", "1"],
    ],
)
def test_unknown_skill(store: Store, command: list[str]) -> None:
    fails_in_one_line(run(*command, "--store", store.path), "no skill named 'no-such-skill'")


def test_invalid_skill_md_names_file_and_field(store: Store, tmp_path: Path) -> None:
    bad = tmp_path / "bad" / "SKILL.md"
    bad.parent.mkdir()
    bad.write_text("---\nname: Bad Name\ndescription: d\n---\n")
    fails_in_one_line(run("add", bad, "--store", store.path), str(bad), "field 'name'", "try 'bad-name'")
    bad.write_text("---\nname: bad\n---\nbody\n")
    fails_in_one_line(run("add", bad.parent, "--store", store.path), str(bad), "field 'description'")
    bad.write_text("---\nname: [unclosed\n---\n")
    fails_in_one_line(run("add", bad, "--store", store.path), str(bad), "not valid YAML")
    assert store.names() == ["fix-flaky-test", "risky-script"]


def test_invalid_json_skill(store: Store, tmp_path: Path) -> None:
    bad = tmp_path / "skill.json"
    bad.write_text("{not json")
    fails_in_one_line(run("add", bad, "--store", store.path), str(bad), "not valid JSON")
    bad.write_text(json.dumps({"name": "ok-name", "description": "d", "avg_score": 12}))
    fails_in_one_line(run("add", bad, "--store", store.path), str(bad), "field 'avg_score'")


def test_add_of_a_missing_file(store: Store, tmp_path: Path) -> None:
    fails_in_one_line(run("add", tmp_path / "nope" / "SKILL.md", "--store", store.path), "no such file")


def test_bad_usage_is_click_usage_error(store: Store) -> None:
    result = run("show", "fix-flaky-test", "--level", "5", "--store", store.path)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_plugin_that_cannot_load_breaks_neither_help_nor_the_core(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skillrouter.cli.common import Group as _Group

    class Broken:
        name = "broken-plugin"

        def load(self) -> None:
            raise ImportError("No module named 'not_installed'")

    monkeypatch.setattr(_Group, "_plugins", lambda self: {"broken-plugin": Broken()})
    assert "broken-plugin  (unavailable: No module named 'not_installed')" in ok("--help").stdout
    fails_in_one_line(
        run("broken-plugin", "--some", "arg"), "'broken-plugin' is unavailable", "not_installed"
    )
    assert len(as_json("list", "--store", store.path)) == 2


# ---------------------------------------------------------------- errors: ours, the user's files, and bugs


def test_a_bug_shows_its_traceback_and_asks_for_a_report(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:

    def broken(self: object, status: object = None) -> None:
        raise ValueError("an internal mistake")

    monkeypatch.setattr(SkillLibrary, "list_skills", broken)
    result = run("list", "--store", store.path)
    assert result.exit_code == 1
    assert "Traceback" in result.stderr and "ValueError: an internal mistake" in result.stderr
    assert result.stderr.splitlines()[-1] == (
        "error: this is a bug in skillrouter; please report it with the traceback above"
    )


@pytest.mark.parametrize(
    "error",
    [
        PermissionError(13, "Permission denied", "/x/secret.md"),
        FileNotFoundError(2, "No such file or directory", "/x/gone.md"),
        OSError(28, "No space left on device", "/x/big.md"),
    ],
)
def test_an_os_error_about_the_users_files_is_one_line(
    store: Store, monkeypatch: pytest.MonkeyPatch, error: OSError
) -> None:

    def refuse(self: object, name: str, relpath: str) -> bytes:
        raise error

    monkeypatch.setattr(SkillLibrary, "read_file", refuse)
    text = fails_in_one_line(
        run("show", "fix-flaky-test", "--file", "x", "--store", store.path), error.filename
    )
    assert error.strerror in text


def test_another_os_error_is_a_bug(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:

    def refuse(self: object, name: str, relpath: str) -> bytes:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(SkillLibrary, "read_file", refuse)
    result = run("show", "fix-flaky-test", "--file", "x", "--store", store.path)
    assert result.exit_code == 1 and "Traceback" in result.stderr and "bug" in result.stderr


def test_empty_tasks_and_k_below_one_are_usage_errors(store: Store) -> None:
    assert run("route", "  ", "--store", store.path).exit_code == 2
    assert run("route", "a task", "-k", "0", "--store", store.path).exit_code == 2


# ---------------------------------------------------------------- the facade's rules


def test_restore_brings_a_retired_skill_back_but_not_a_quarantined_one(store: Store) -> None:

    with SkillLibrary.open(store.path, embedder=HashEmbedder()) as lib:
        lib.store.update(Skill.create("fix-flaky-test", "Edited."), reason="refined")
        lib.retire("fix-flaky-test")
        assert lib.get("fix-flaky-test").status == "retired"
    assert as_json("restore", "fix-flaky-test", "1", "--store", store.path)["version"] == 3
    assert store.get("fix-flaky-test").status == "active"
    assert store.get("fix-flaky-test").description == "Find why a test fails sometimes."
    as_json("restore", "risky-script", "1", "--store", store.path)
    assert store.get("risky-script").status == "quarantined"


def test_list_and_route_warn_about_a_skill_md_that_no_longer_parses(store: Store) -> None:
    (store.files.folder("fix-flaky-test") / "SKILL.md").write_text(
        "---\nname: fix-flaky-test\n---\nno description\n"
    )
    listed = ok("list", "--store", store.path)
    assert "fix-flaky-test" in listed.stdout  # still listed, as it last read well
    assert listed.stderr.startswith("warning: ") and "description" in listed.stderr
    assert "skillrouter restore fix-flaky-test" in listed.stderr
    routed = ok("route", "a flaky test", "--json", "--store", store.path)
    assert json.loads(routed.stdout)["task"] == "a flaky test" and "warning: " in routed.stderr
