"""Import sources are a registry: a third-party format is read once it is registered in code
(``register_source``) or installed (a ``skillrouter.sources`` entry point), without a line of
skillrouter changed; the built-in formats keep their place; a broken plugin is one error line
naming it, never a traceback, and the built-ins read on without it.

The plugin is ``tests/fixtures/source_plugin`` (the made-up "skillpack" TOML format). "Installed"
means what pip leaves for ``importlib.metadata``: a ``*.dist-info`` folder with ``METADATA`` and
``entry_points.txt`` on ``sys.path`` (here in a temporary folder)."""

from __future__ import annotations

import importlib
import json
import textwrap
import tomllib
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import Embedder, HashEmbedder

from skillrouter.cli import cli
from skillrouter.transfer.registry import SOURCES, ReadContext, SourceSkill, register_source
from skillrouter.transfer.report import ImportReport
from skillrouter.transfer.sources import read_sources

PLUGIN = Path(__file__).resolve().parents[1] / "fixtures" / "source_plugin"

PACK = '''
[[skills]]
name = "rotate-tls-certificates"
description = "Rotate the load balancer's TLS certificates before they expire, without downtime."
tags = ["tls", "ops"]
body = """
## Procedure

1. List the certificates that expire within 30 days.
2. Issue the new certificate and upload it beside the old one.
3. Switch the listener to it, then remove the old certificate.
"""

[[skills]]
name = "restore-postgres-backup"
description = "Restore a PostgreSQL database from last night's backup into a scratch server."
body = "## Procedure\\n\\n1. Fetch the dump.\\n2. pg_restore it into the scratch server.\\n"

[[skills]]
name = "no-description"
body = "A skill without a description is an error of its own, not the pack's."
'''


def entry_points_of_the_fixture() -> str:
    """``entry_points.txt`` as pip writes it from the fixture package's pyproject.toml."""
    project = tomllib.loads((PLUGIN / "pyproject.toml").read_text())["project"]
    return "".join(
        f"[{group}]\n" + "".join(f"{name} = {value}\n" for name, value in points.items()) + "\n"
        for group, points in project["entry-points"].items()
    )


def install(site: Path, monkeypatch: pytest.MonkeyPatch, entry_points: str) -> None:
    """Install the plugin package as pip would for ``importlib.metadata``: a dist-info folder."""
    info = site / "skillpack_source-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: skillpack-source\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent(entry_points))
    monkeypatch.syspath_prepend(str(site))  # invalidates importlib's caches too
    SOURCES.reset()  # the registry looks for entry points again


@pytest.fixture(autouse=True)
def _plugin_importable(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.syspath_prepend(str(PLUGIN))  # importable, not installed: no entry point yet
    SOURCES.reset()
    yield
    SOURCES.reset()


def skillpack_source() -> Any:
    return importlib.import_module("skillpack_source").SkillpackSource()


def read(*paths: str | Path) -> tuple[list[tuple[str, list[SourceSkill]]], ImportReport]:
    report = ImportReport()
    with ExitStack() as stack:
        return read_sources(paths, report, stack), report


def write_pack(folder: Path, text: str = PACK) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "team.skillpack.toml"
    path.write_text(text)
    return path


def write_skill(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: The {name} skill.\n---\n\nDo it.\n")
    return folder


def names(found: list[tuple[str, list[SourceSkill]]]) -> list[str]:
    return [c.skill.name for _, cands in found for c in cands]


def test_a_source_registered_in_code_reads_its_format(tmp_path: Path) -> None:
    pack = write_pack(tmp_path)
    found, _ = read(pack)
    assert names(found) == ["team-skillpack"]  # unregistered, the file is a Markdown skill by itself

    register_source(skillpack_source())
    found, report = read(pack)
    assert [origin for origin, _ in found] == [str(pack.resolve())]
    assert names(found) == ["rotate-tls-certificates", "restore-postgres-backup"]
    tls = found[0][1][0]
    assert tls.skill.tags == ("tls", "ops") and "Switch the listener" in tls.skill.body
    assert tls.skill.source == str(pack.resolve()) and tls.path == f"{pack}[0]" and tls.folder is None
    # the bad entry is that entry's error, and the pack is partly read: --prune leaves it alone
    assert [e["path"] for e in report.errors] == [f"{pack}[2]"]
    assert "description" in report.errors[0]["reason"]
    assert report.partly_read == {str(pack.resolve())}
    # hashed as the JSON source hashes an item: the same pack reads the same, an edit does not
    assert read(pack)[0][0][1][0].input_hash == tls.input_hash
    write_pack(tmp_path, PACK.replace("30 days", "14 days"))
    assert read(pack)[0][0][1][0].input_hash != tls.input_hash


def test_an_installed_plugin_is_found_through_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = write_pack(tmp_path / "in")
    assert names(read(pack)[0]) == ["team-skillpack"]
    install(tmp_path / "site", monkeypatch, entry_points_of_the_fixture())
    found, _ = read(pack, write_skill(tmp_path / "lib" / "deploy", "deploy"))
    assert names(found) == ["rotate-tls-certificates", "restore-postgres-backup", "deploy"]
    plugins, problems = SOURCES.plugins()
    assert [(p.name, p.where) for p in plugins] == [("skillpack", "skillpack_source:SkillpackSource")]
    assert problems == []


def test_the_built_in_formats_come_first_and_the_catch_alls_last(tmp_path: Path) -> None:
    class Greedy:
        """Claims every input it is asked about."""

        name = "greedy"

        def __init__(self) -> None:
            self.asked: list[str] = []

        def claims(self, source: str | Path) -> bool:
            self.asked.append(Path(source).name)
            return True

        def read(self, source: str | Path, ctx: ReadContext) -> tuple[str, list[SourceSkill]] | None:
            cand = ctx.skill_item(
                {"name": "greedy", "description": "Took it.", "body": "x"}, str(source), "g"
            )
            return "g", [cand] if cand else []

    greedy = register_source(Greedy())
    skill_md = write_skill(tmp_path / "one", "one") / "SKILL.md"
    as_json = tmp_path / "two.json"
    as_json.write_text(json.dumps({"name": "two", "description": "The two skill.", "body": "Do it."}))
    folder = write_skill(tmp_path / "three" / "x", "three").parent
    note = tmp_path / "four.md"
    note.write_text("---\nname: four\ndescription: The four skill.\n---\n\nDo it.\n")
    found, report = read(skill_md, as_json, folder, note, tmp_path / "missing")
    # the built-ins that know their inputs by name keep them; the rest goes to the plugin before
    # the catch-alls (a folder walk, a Markdown file by itself) would take it
    assert names(found) == ["one", "two", "greedy", "greedy", "greedy"]
    assert greedy.asked == ["three", "four.md", "missing"] and report.errors == []


def test_an_input_no_source_claims_is_still_no_such_file_or_folder(tmp_path: Path) -> None:
    register_source(skillpack_source())
    found, report = read(tmp_path / "gone.skillpack.toml", tmp_path / "gone")
    assert found == [] and report.errors == [
        {"path": str(tmp_path / "gone.skillpack.toml"), "reason": "no such file or folder"},
        {"path": str(tmp_path / "gone"), "reason": "no such file or folder"},
    ]


BROKEN = """
[skillrouter.sources]
skillpack = skillpack_source:SkillpackSource
missing = skillpack_missing:SkillpackSource
not-a-source = skillpack_source.miner:MinerAnalyzer
"""


def test_a_plugin_that_cannot_be_loaded_is_one_error_naming_it_and_the_rest_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(tmp_path / "site", monkeypatch, BROKEN)
    pack = write_pack(tmp_path / "in")
    found, report = read(write_skill(tmp_path / "lib" / "deploy", "deploy"), pack)
    assert names(found) == ["deploy", "rotate-tls-certificates", "restore-postgres-backup"]
    assert report.errors[:2] == [
        {
            "path": "import source plugin 'missing' (skillpack_missing:SkillpackSource)",
            "reason": "cannot be loaded: ModuleNotFoundError: No module named 'skillpack_missing'; "
            "the other sources are used without it",
        },
        {
            "path": "import source plugin 'not-a-source' (skillpack_source.miner:MinerAnalyzer)",
            "reason": "is not an import source: it has no claims(), read(); the other sources are "
            "used without it",
        },
    ]
    assert report.partly_read == {str(pack.resolve())}  # its own bad entry, not the plugins'


def test_the_cli_says_a_broken_plugin_in_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli_uses: Callable[[Embedder], None]
) -> None:
    cli_uses(HashEmbedder())
    install(tmp_path / "site", monkeypatch, BROKEN)
    src = write_skill(tmp_path / "lib" / "deploy", "deploy").parent
    res = CliRunner().invoke(cli, ["import", str(src), "--store", str(tmp_path / "store")])
    assert res.exit_code == 1 and "Traceback" not in res.output
    lines = [ln for ln in res.output.splitlines() if "plugin" in ln]
    assert lines == [
        (
            "  rejected import source plugin 'missing' (skillpack_missing:SkillpackSource): cannot be "
            "loaded: ModuleNotFoundError: No module named 'skillpack_missing'; the other sources are used "
            "without it"
        ),
        (
            "  rejected import source plugin 'not-a-source' (skillpack_source.miner:MinerAnalyzer): is not "
            "an import source: it has no claims(), read(); the other sources are used without it"
        ),
    ]
    assert "1 added" in res.output  # the built-ins read on
    res = CliRunner().invoke(cli, ["import", str(src), "--store", str(tmp_path / "store"), "--allow-errors"])
    assert res.exit_code == 0 and "1 unchanged" in res.output


def test_a_plugin_that_raises_is_one_error_naming_it_and_is_asked_nothing_more(tmp_path: Path) -> None:
    class Raises:
        name = "raises"
        asked = 0

        def claims(self, source: str | Path) -> bool:
            self.asked += 1
            if Path(source).suffix == ".boom":
                raise RuntimeError("went off\nwith a second line")
            return False

        def read(self, source: str | Path, ctx: ReadContext) -> None:
            raise AssertionError("never claimed anything")

    class Garbage:
        name = "garbage"

        def claims(self, source: str | Path) -> bool:
            return str(source).endswith(".garbage")

        def read(self, source: str | Path, ctx: ReadContext) -> Any:
            return {"not": "a source"}

    raises = register_source(Raises())
    register_source(Garbage())
    boom = tmp_path / "a.boom"
    boom.write_text("---\nname: boom\ndescription: The boom skill.\n---\n\nx\n")
    garbage = tmp_path / "b.garbage"
    garbage.write_text("x")
    found, report = read(boom, garbage, write_skill(tmp_path / "lib" / "deploy", "deploy"))
    assert report.errors == [
        {
            "path": str(boom),
            "reason": "import source plugin 'raises' (registered in code) failed: RuntimeError: went off "
            "with a second line",
        },
        {
            "path": str(garbage),
            "reason": "import source plugin 'garbage' (registered in code) failed: returned dict, not "
            "(origin, [SourceSkill, ...])",
        },
    ]
    # the input it failed on went on to the built-ins; it was not asked about the rest
    assert names(found) == ["boom", "deploy"] and raises.asked == 1


def test_registering_something_that_is_not_a_source_says_what_it_lacks() -> None:
    class Half:
        name = "half"

        def claims(self, source: str | Path) -> bool:
            return False

    with pytest.raises(TypeError, match=r"not an import source: it has no read\(\)"):
        register_source(Half())  # type: ignore[arg-type]
    assert SOURCES.plugins() == ([], [])


def test_a_source_of_the_same_name_replaces_the_one_registered_before() -> None:
    first, second = skillpack_source(), skillpack_source()
    register_source(first)
    register_source(second)
    assert [p.extension for p in SOURCES.plugins()[0]] == [second]
