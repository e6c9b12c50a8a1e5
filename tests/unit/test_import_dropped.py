"""What an import leaves out of a skill folder (links, FIFOs and other special files, hidden
entries) is named in its report's ``dropped`` and in a warning, never left out silently."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from skillrouter.embeddings import Embedder, HashEmbedder
from support import as_json

from skillrouter import SkillLibrary
from skillrouter.cli import cli
from skillrouter.store.skillfiles import level2_files


@pytest.fixture(autouse=True)
def _no_model(cli_uses: Callable[[Embedder], None]) -> None:
    cli_uses(HashEmbedder())


def tool_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "src" / "tool"
    (folder / "references").mkdir(parents=True)
    (folder / "SKILL.md").write_text("---\nname: tool\ndescription: The tool skill.\n---\n\nUse the tool.\n")
    (folder / "references" / "guide.md").write_text("A guide.")
    (tmp_path / "outside.txt").write_text("not the skill's")
    os.symlink(tmp_path / "outside.txt", folder / "references" / "escape.md")
    os.symlink("guide.md", folder / "references" / "again.md")
    (folder / ".env").write_text("TOKEN=x")
    os.mkfifo(folder / "pipe")
    return folder


def test_the_listing_says_what_it_left_out_and_why(tmp_path: Path) -> None:
    folder = tool_folder(tmp_path)
    (folder / "__pycache__").mkdir()
    skipped: list[tuple[str, str]] = []
    assert level2_files(folder, skipped) == ["references/guide.md"]
    why = dict(skipped)
    assert set(why) == {".env", "__pycache__", "pipe", "references/again.md", "references/escape.md"}
    assert (
        "leaving the skill folder" in why["references/escape.md"]
        and "outside.txt" in why["references/escape.md"]
    )
    assert "leaving" not in why["references/again.md"] and "-> guide.md" in why["references/again.md"]
    assert "not a regular file" in why["pipe"] and "hidden" in why[".env"]
    assert level2_files(folder) == ["references/guide.md"]  # without a list, the same files


def test_the_import_report_names_the_links_and_files_it_left_out(tmp_path: Path) -> None:
    tool_folder(tmp_path)
    report = as_json("import", tmp_path / "src", "--store", tmp_path / "store")
    dropped = {d["path"]: d["reason"] for d in report["details"]["dropped"]}
    assert report["dropped"] == 4
    assert set(dropped) == {"references/escape.md", "references/again.md", ".env", "pipe"}
    assert all(d["skill"].endswith("SKILL.md") for d in report["details"]["dropped"])
    assert "leaving the skill folder" in dropped["references/escape.md"]
    assert any("references/escape.md not imported" in w for w in report["details"]["warnings"])
    with SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder()) as lib:
        assert lib.list_files("tool") == ["references/guide.md"]
    text = CliRunner().invoke(cli, ["import", str(tmp_path / "src"), "--store", str(tmp_path / "s2")])
    assert text.exit_code == 0
    assert "references/escape.md not imported: a link leaving the skill folder" in text.stderr
