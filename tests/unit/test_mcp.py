"""``skillrouter mcp`` without a client: the command's contract and the server's boundaries.

The server itself is driven over stdio by the SDK's client in tests/integration/test_mcp_server.py.
"""

from __future__ import annotations

import ast
import asyncio
import sys
from pathlib import Path

import pytest
from support import run
from test_cli import fails_in_one_line

from skillrouter import SkillFormatError, SkillNotFoundError
from skillrouter.mcp_server import one_line

ROOT = Path(__file__).resolve().parents[2] / "skillrouter"
# what lies behind the facade: the server reaches none of it
INTERNALS = {"store", "index", "router", "lexical", "ledger", "files", "embedder"}


def test_the_server_reaches_the_store_only_through_the_library() -> None:
    for module in ("mcp_server.py", "cli/mcp.py"):
        tree = ast.parse((ROOT / module).read_text("utf-8"))
        reaching = sorted(
            (n.lineno, n.attr) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in INTERNALS
        )
        assert reaching == [], f"{module} reaches past SkillLibrary: {reaching}"


def test_without_the_mcp_package_the_command_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name in [m for m in sys.modules if m == "skillrouter.mcp_server" or m.split(".")[0] == "mcp"]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "mcp", None)  # import mcp -> ImportError, as when it is not installed
    fails_in_one_line(run("mcp", "--store", tmp_path), "needs the 'mcp' package", "pip install 'mcp>=2.3,<3'")


def test_the_command_takes_the_store_options_but_prints_no_json() -> None:
    out = run("mcp", "--help").stdout
    assert "--store" in out and "--chroma-url" in out and "--model" in out and "--threshold" in out
    assert "--json" not in out
    assert run("mcp", "--json").exit_code == 2


def test_a_missing_store_fails_in_one_line_before_serving(tmp_path: Path) -> None:
    fails_in_one_line(run("mcp", "--store", tmp_path / "nowhere"), "no skill store at")


def test_errors_reach_the_model_on_one_line() -> None:
    assert one_line(SkillNotFoundError("nope")) == "no skill named 'nope' in this store"
    err = SkillFormatError(
        "bad front matter:\n  line 3: mapping values\n  are not allowed", path="x/SKILL.md"
    )
    assert one_line(err) == "x/SKILL.md: bad front matter: line 3: mapping values are not allowed"
    assert one_line(PermissionError(13, "Permission denied", "/s/a.md")) == "/s/a.md: Permission denied"


def test_a_failed_warm_up_is_logged_and_the_server_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from skillrouter.embeddings import HashEmbedder

    from skillrouter import Skill, SkillLibrary, StoreLockedError
    from skillrouter.mcp_server import LibraryThread, search

    def locked(self: SkillLibrary) -> None:
        raise StoreLockedError("another process is writing the embedded index")

    monkeypatch.setattr(SkillLibrary, "warm_up", locked)
    with SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder()) as lib:
        lib.add(Skill.create("bake-bread", "Bake a sourdough loaf."))
    thread = LibraryThread(
        lambda: SkillLibrary.open(tmp_path / "store", embedder=HashEmbedder(), hold_index_lock=False)
    )
    try:
        with caplog.at_level("WARNING", logger="skillrouter.mcp_server"):
            assert isinstance(thread.warm_up().exception(timeout=30), StoreLockedError)
        assert "warm-up: another process is writing the embedded index" in caplog.text
        served = asyncio.run(thread.call(search, "bake a sourdough loaf", 3))
        assert served["matched"] == "bake-bread"  # the thread still serves
    finally:
        thread.close()
